import { ErrorBody } from '../../../contract/common.js';
import { ORDER_SCENARIOS, SHIPPING_SCENARIOS, TOP_UP_SCENARIOS } from '../../../contract/enums.js';
import { routeDocKey, routeDocOf, type RouteDocs } from './route-docs.js';
import { IDEMPOTENCY_KEY_SCHEMA } from './idempotency.js';
import { boundIntegers } from './validation.js';
import { DEFAULT_WORLD } from '../worlds/world-id.js';

/**
 * Finishes an OpenAPI document as @fastify/swagger makes it from a route table (`transformObject`), so
 * generated clients, validating proxies and assistants get what they need: each operation's stable
 * operationId and description (route-docs.ts), its error answers per status with the error shape and an
 * example (instead of fastify's single `4XX` "Default Response"), the response headers (X-Request-Id,
 * X-RateLimit-*, Retry-After, Idempotent-Replayed), an example of every answer, the event stream as
 * text/event-stream, a body the route may go without as not required, and the integer rules of
 * docs/API.md (every integer bounded; query and path integers in plain decimal digits), and the
 * `Crossbuy-World` header on every admin operation that works per world (worlds.md section 1).
 */
export type Api = 'open' | 'admin';

export interface DocumentRules {
  api: Api;
  docs: RouteDocs;
  /** `"METHOD /url"` of the routes that honour an Idempotency-Key. */
  idempotent: ReadonlySet<string>;
}

type Json = Record<string, unknown>;

/** The open routes that take the sandbox's `Crossbuy-Scenario` header, with the names each knows. */
const SCENARIO_ROUTES: Readonly<Record<string, readonly string[]>> = {
  'POST /orders': ORDER_SCENARIOS,
  'POST /shipping/create': SHIPPING_SCENARIOS,
  'POST /user/wallet/top-ups': TOP_UP_SCENARIOS,
  'POST /user/wallet/top-ups/preview': TOP_UP_SCENARIOS,
};

/** The admin API's header that selects the world a call works on (world-resolution.ts). */
export const WORLD_HEADER_NAME = 'Crossbuy-World';

/**
 * Whether an admin operation works on the world `Crossbuy-World` selects. The registry's routes
 * (`/worlds...`) never enter the header's world (server.ts's `onRegistry` is this rule: they act on the world in their
 * path, and ignore the header), so they do not declare it. The open API never does: there the key selects
 * the world and the header is ignored (docs/API.md, "Which world a request reaches").
 */
export function takesWorldHeader(api: Api, path: string): boolean {
  return api === 'admin' && !(path === '/worlds' || path.startsWith('/worlds/'));
}

const WORLD_HEADER_DESCRIPTION =
  'The world the call works on: a world id (`w_` and 10 to 40 of `[a-z0-9_-]`, as `POST /worlds` answers it) ' +
  `or \`${DEFAULT_WORLD}\`. Absent: the default world (the data folder's own). An unknown world is a 404 with ` +
  '`code: world_not_found` (checked after the admin token).';

const ERROR_TEXT: Record<number, [string, string]> = {
  400: ['Bad Request', 'Bad request: a parameter or body field is invalid (the message names it), or the JSON is malformed'],
  401: ['Unauthorized', 'Missing, unknown, revoked or expired credentials'],
  402: ['Payment Required', 'The wallet\'s available balance is short of the amount'],
  403: ['Forbidden', 'The key lacks the scope, the IP is not allowed, or the Host is not a local name'],
  404: ['Not Found', 'No such resource (or not yours)'],
  409: ['Conflict', 'Not possible in the resource\'s current state'],
  413: ['Payload Too Large', 'The body is larger than 1 MiB'],
  415: ['Unsupported Media Type', 'The body is not UTF-8 JSON'],
  422: ['Unprocessable Entity', 'The Idempotency-Key was used with another request, or a business rule refuses the request'],
  429: ['Too Many Requests', 'The key\'s rate limit is used up for this minute (see Retry-After)'],
  503: ['Service Unavailable', 'The write could not be made durable; nothing was saved, try again'],
};

const EXAMPLE_MESSAGE: Record<number, string> = {
  400: 'items[0].quantity must be >= 1',
  401: 'Invalid API key',
  402: 'Insufficient balance: available 12.50, needed 251.90',
  403: 'Insufficient scope. Required: orders:write. Your key has: orders:read',
  404: 'Order CB2026000001 not found',
  409: 'Order CB2026000001 is purchased: it can no longer be cancelled',
  413: 'Request body is larger than 1 MiB',
  415: 'Content-Type must be application/json',
  422: 'Idempotency-Key was already used with a different request',
  429: 'Rate limit exceeded. Try again in 12s',
  503: 'The write could not be made durable; nothing was saved, try again',
};

const RESPONSE_NAME: Record<number, string> = {
  400: 'BadRequest', 401: 'Unauthorized', 402: 'PaymentRequired', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict',
  413: 'PayloadTooLarge', 415: 'UnsupportedMediaType', 422: 'UnprocessableEntity', 429: 'TooManyRequests', 503: 'ServiceUnavailable',
};

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

function headerComponents(api: Api): Json {
  const integer = (description: string, example: number) => ({ description, schema: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, example });
  return {
    XRequestId: { description: 'The request\'s id (a UUIDv7, or a sane X-Request-Id the client sent): quote it when asking about a request', schema: { type: 'string' }, example: '01980f7a-2b1c-7d4e-9f00-1a2b3c4d5e6f' },
    RetryAfter: integer('Seconds to wait before trying again', 12),
    IdempotentReplayed: { description: 'Present (true) when this answer is the stored one of an earlier request with the same Idempotency-Key: nothing was applied again', schema: { type: 'string', enum: ['true'] }, example: 'true' },
    ...(api === 'open'
      ? {
          XRateLimitLimit: integer('Requests allowed per minute for this key', 600),
          XRateLimitRemaining: integer('Requests left in the current minute', 599),
          XRateLimitReset: integer('When the current minute ends (Unix seconds)', 1767225600),
        }
      : {}),
  };
}

function commonHeaders(api: Api): Json {
  return {
    'X-Request-Id': headerRef('XRequestId'),
    ...(api === 'open' ? { 'X-RateLimit-Limit': headerRef('XRateLimitLimit'), 'X-RateLimit-Remaining': headerRef('XRateLimitRemaining'), 'X-RateLimit-Reset': headerRef('XRateLimitReset') } : {}),
  };
}

function errorResponses(api: Api): Json {
  return Object.fromEntries(
    Object.entries(RESPONSE_NAME).map(([status, name]) => {
      const code = Number(status);
      const [error, text] = ERROR_TEXT[code]!;
      const description = api === 'admin' && code === 404 ? `${text}; or the world Crossbuy-World names does not exist (code: world_not_found)` : text;
      const headers = { ...commonHeaders(api), ...(code === 429 ? { 'Retry-After': headerRef('RetryAfter') } : {}) };
      return [
        name,
        {
          description,
          headers,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' }, example: { statusCode: code, message: EXAMPLE_MESSAGE[code], error } } },
        },
      ];
    }),
  );
}

/** Whether a JSON Schema has a property naming a record by id (`productId`, `skuIds`, `logisticsChannelId`...), at any depth. */
function namesRecords(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const node = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
  if (Object.keys(node.properties ?? {}).some((name) => /[a-z]Ids?$/.test(name))) return true;
  return [...Object.values(node.properties ?? {}), node.items, ...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])].some(namesRecords);
}

/** Adds an optional request header to an operation's parameters. */
function addHeader(operation: Json, name: string, header: { description: string; schema: Json; example: string | undefined }): void {
  operation.parameters = [...((operation.parameters as Json[] | undefined) ?? []), { in: 'header', name, required: false, ...header }];
}

/** The error statuses an operation can answer, from what it takes (parameters, body) and does. */
function errorStatuses(api: Api, method: string, operation: Json, moves: boolean, idempotent: boolean): number[] {
  const parameters = (operation.parameters as { in: string; name: string }[] | undefined) ?? [];
  const write = method !== 'get';
  const statuses = new Set<number>([400, 401, 403]);
  if (parameters.some((p) => p.in === 'path')) statuses.add(404);
  // A world the Crossbuy-World header names that does not exist: 404 world_not_found.
  if (parameters.some((p) => p.in === 'header' && p.name === WORLD_HEADER_NAME)) statuses.add(404);
  // A body that names records (a productId, skuId, couponId, inventoryId, channelId...) is a 404 when one is unknown.
  const body = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
  if (namesRecords(body)) statuses.add(404);
  if (moves && api === 'open') statuses.add(402);
  if (write) [409, 503].forEach((s) => statuses.add(s));
  if (operation.requestBody) [413, 415].forEach((s) => statuses.add(s));
  if (idempotent || (write && operation.requestBody)) statuses.add(422);
  if (api === 'open') statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

const STRING_SAMPLES = ['example', '1', 'w_example_world', 'en', 'CNY', 'US', '+86 138 0013 8000', '404', 'https://example.com/item/1.png', 'user_1', 'Home'];

/** A value the schema accepts, for the documents' examples (the schemas carry none of their own). */
export function exampleOf(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 12) return null;
  const s = schema as Json;
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key])) {
      const options = s[key] as Json[];
      return exampleOf(options.find((o) => o.type !== 'null') ?? options[0], depth + 1);
    }
  }
  if (Array.isArray(s.allOf)) return Object.assign({}, ...(s.allOf as Json[]).map((part) => exampleOf(part, depth + 1) as object));
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const properties = (s.properties as Record<string, unknown> | undefined) ?? {};
      return Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, exampleOf(property, depth + 1)]));
    }
    case 'array': {
      const item = exampleOf(s.items, depth + 1);
      const count = Math.max(1, (s.minItems as number | undefined) ?? 1);
      return Array.from({ length: count }, () => item);
    }
    case 'integer':
      return Math.max((s.minimum as number | undefined) ?? 1, Math.min(1, (s.maximum as number | undefined) ?? 1));
    case 'number':
      return Math.max((s.minimum as number | undefined) ?? 0, Math.min(12.5, (s.maximum as number | undefined) ?? 12.5));
    case 'boolean':
      return true;
    case 'string':
      return stringExample(s);
    case 'null':
      return null;
    default:
      return null;
  }
}

function stringExample(s: Json): string {
  if (s.format === 'date-time') return '2026-01-01T08:00:00.000Z';
  if (s.format === 'email') return 'shopper@example.com';
  if (s.format === 'uri') return 'https://example.com/';
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? 64;
  const fits = (value: string) => value.length >= min && value.length <= max && (typeof s.pattern !== 'string' || new RegExp(s.pattern, 'u').test(value));
  const sample = STRING_SAMPLES.find(fits) ?? (fits('example'.padEnd(min, 'x')) ? 'example'.padEnd(min, 'x') : 'x'.repeat(Math.max(min, 1)));
  return sample;
}

/** Query and path integers: bounded, and said to be plain decimal digits (docs/API.md, "Integers"). */
function integerParameter(parameter: Json): Json {
  const schema = boundIntegers(parameter.schema) as Json;
  const isInteger = schema.type === 'integer' || ((schema.anyOf as Json[] | undefined) ?? []).some((a) => a.type === 'integer');
  if (!isInteger) return { ...parameter, schema };
  const note = 'Plain decimal digits (no sign other than -, exponent, hex or blanks).';
  const description = typeof parameter.description === 'string' ? `${parameter.description}. ${note}` : note;
  return { ...parameter, schema: { ...schema, format: 'int64' }, description };
}

/** A body schema that may be left out (anyOf [object, null]): the object, and whether the body is required. */
function bodySchema(schema: Json): { schema: Json; required: boolean } {
  const anyOf = schema.anyOf as Json[] | undefined;
  if (anyOf && anyOf.some((s) => s.type === 'null')) {
    const rest = anyOf.filter((s) => s.type !== 'null');
    return { schema: rest.length === 1 ? rest[0]! : { anyOf: rest }, required: false };
  }
  return { schema, required: true };
}

const EVENT_STREAM_EXAMPLE =
  'id: 42\nevent: order.status_changed\ndata: {"id":42,"type":"order.status_changed","createdAt":"2026-01-01T08:00:00.000Z","data":{"orderNo":"CB2026000001","from":"paid","to":"purchased"}}\n\n';

function finishOperation(rules: DocumentRules, method: string, path: string, operation: Json): Json {
  const url = path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');
  const key = routeDocKey(method.toUpperCase(), url);
  const doc = routeDocOf(rules.docs, method.toUpperCase(), url, typeof operation.summary === 'string' ? operation.summary : key);
  const idempotent = rules.idempotent.has(key);
  const out: Json = { ...operation, operationId: doc.operationId, description: doc.description };
  if (Array.isArray(operation.parameters)) out.parameters = (operation.parameters as Json[]).map(integerParameter);
  if (idempotent) {
    addHeader(out, 'Idempotency-Key', {
      description: '1 to 255 visible ASCII characters: a retry with the same key and request answers the stored result (with Idempotent-Replayed: true) and never applies twice; kept 24 hours',
      schema: { ...IDEMPOTENCY_KEY_SCHEMA },
      example: 'order-2026-01-01-001',
    });
  }
  const requestBody = operation.requestBody as Json | undefined;
  if (requestBody) {
    const content = (requestBody.content as Record<string, Json>)['application/json']!;
    const body = bodySchema(boundIntegers(content.schema) as Json);
    out.requestBody = { ...requestBody, required: body.required, content: { 'application/json': { schema: body.schema, example: exampleOf(body.schema) } } };
  }
  const responses: Json = {};
  for (const [status, response] of Object.entries((operation.responses as Record<string, Json>) ?? {})) {
    if (!/^2\d\d$/.test(status)) continue;
    const headers = { ...commonHeaders(rules.api), ...(idempotent ? { 'Idempotent-Replayed': headerRef('IdempotentReplayed') } : {}) };
    const content = (response.content as Record<string, Json> | undefined) ?? {};
    const finished: Record<string, Json> = {};
    for (const [type, media] of Object.entries(content)) {
      const schema = boundIntegers(media.schema) as Json;
      finished[type] = { schema, example: type === 'text/csv' ? 'orderNo,status,totalAmount\r\nCB2026000001,paid,251.90\r\n' : exampleOf(schema) };
    }
    const description =
      response.description === 'Default Response' || !response.description
        ? status === '201' ? 'Created: `{ data }`' : status === '204' ? 'No Content' : 'OK: `{ data }`'
        : response.description;
    responses[status] = { ...response, description, headers, ...(Object.keys(finished).length ? { content: finished } : {}) };
  }
  if (key === 'GET /events') {
    responses['200'] = {
      description: 'The event stream (Server-Sent Events); it stays open until the client closes it or the key is revoked',
      headers: commonHeaders(rules.api),
      content: { 'text/event-stream': { schema: { type: 'string', description: 'SSE frames: id, event (the event type), data (the event as JSON)' }, example: EVENT_STREAM_EXAMPLE } },
    };
  }
  if (takesWorldHeader(rules.api, path)) {
    addHeader(out, WORLD_HEADER_NAME, { description: WORLD_HEADER_DESCRIPTION, schema: { type: 'string' }, example: 'w_example_world' });
  }
  const scenarios = rules.api === 'open' ? SCENARIO_ROUTES[key] : undefined;
  if (scenarios) {
    addHeader(out, 'Crossbuy-Scenario', {
      description: `The sandbox: comma-separated names of what should happen to this one (${scenarios.join(', ')}); ignored when the operator turned the header off`,
      schema: { type: 'string' },
      example: scenarios[0],
    });
  }
  for (const status of errorStatuses(rules.api, method, out, doc.movesMoney === true, idempotent)) {
    responses[String(status)] = { $ref: `#/components/responses/${RESPONSE_NAME[status]}` };
  }
  out.responses = responses;
  return out;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** @fastify/swagger's `transformObject`: the document with every operation finished. */
export function finishDocument(rules: DocumentRules, document: Json, tagDescriptions: Readonly<Record<string, string>>): Json {
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const [path, item] of Object.entries((document.paths as Record<string, Json>) ?? {})) {
    const finished: Json = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) {
        finished[method] = operation;
        continue;
      }
      finished[method] = finishOperation(rules, method, path, operation as Json);
      for (const tag of ((operation as Json).tags as string[] | undefined) ?? []) tags.add(tag);
    }
    paths[path] = finished;
  }
  const components = (document.components as Json | undefined) ?? {};
  const { $id: _id, ...errorSchema } = JSON.parse(JSON.stringify(ErrorBody)) as Json;
  // Only the components something refers to (a linter flags the others).
  const responses = used(errorResponses(rules.api), 'responses', JSON.stringify(paths));
  const headers = used(headerComponents(rules.api), 'headers', JSON.stringify([paths, responses]));
  return {
    ...document,
    tags: [...tags].map((name) => ({ name, description: tagDescriptions[name] ?? name })),
    paths,
    components: {
      ...components,
      schemas: { ...((components.schemas as Json | undefined) ?? {}), ErrorBody: errorSchema },
      responses,
      headers,
    },
  };
}

function used(components: Json, kind: string, referrers: string): Json {
  return Object.fromEntries(Object.entries(components).filter(([name]) => referrers.includes(`"#/components/${kind}/${name}"`)));
}
