import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { Type } from 'typebox';
import type { WorldRuntime } from '../worlds/runtime.js';
import type { Worlds } from '../worlds/worlds.js';
import { enterWorld, openCallerInWorld } from './world-resolution.js';
import { docsContentSecurityPolicy } from './docs-csp.js';
import { groupCommit, type GroupCommit } from '../db/group-commit.js';
import { isKeptView } from '../db/kept-views.js';
import { ApiError } from '../shared/errors.js';
import { resolveAdminCaller, resolveAdminDocCaller, type CallerSecrets } from './caller.js';
import { errorHandler, frameworkErrorHandler, sendError, toApiError } from './errors.js';
import { checkHost } from './host-check.js';
import { IDEMPOTENCY_HEADER, findStored, parseIdempotencyKey, requestHash, storeResponse } from './idempotency.js';
import { onlyReads, type Call, type Caller, type RouteSpec, type WithStatus } from './route.js';
import { adminRoutes } from './routes/admin/index.js';
import { registerEventStream } from './routes/events-stream.js';
import { registerExports } from './routes/exports.js';
import { registerMedia } from './routes/media.js';
import { openRoutes } from './routes/open/index.js';
import { registerUi } from './routes/ui.js';
import { ErrorBody } from './schemas.js';
import { validatorCompiler } from './validation.js';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id.js';
import { checkCharset } from './charset.js';
import { checkQueryEncoding, decodeBody } from './encoding.js';
import { registerRequestLog } from './request-log.js';
import { finishDocument, takesWorldHeader, type Api } from './openapi.js';
import { lazySerializerFactory, type LazySerializer } from './serialization.js';
import { adminRouteDocs, openRouteDocs, routeDocKey, TAG_DESCRIPTIONS } from './route-docs.js';

export const OPEN_PREFIX = '/api/v1/open';
/** On an answer replayed from an earlier request with the same Idempotency-Key (Stripe's name). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const ADMIN_PREFIX = '/api/v1/admin';
const BODY_LIMIT = 1024 * 1024;

export interface ServerOptions {
  /** Every world served: the default one (the data folder's database) and the registered others. */
  worlds: Worlds;
  secrets: CallerSecrets;
  /** The built renderer to serve at /, or null for an API-only server. */
  uiDir?: string | null;
  logger?: boolean;
  /** Extra Host names to accept besides loopback ones. */
  allowedHosts?: string[];
}

type Kind = 'open' | 'admin';

function isWithStatus(value: unknown): value is WithStatus<unknown> {
  return typeof value === 'object' && value !== null && 'statusOverride' in value && 'data' in value;
}

/** Runs a route's handler, inside one transaction with its idempotency record where it asks for that. */
interface Outcome {
  statusCode: number;
  body: unknown;
  /** The stored answer of an earlier request with the same Idempotency-Key (`Idempotent-Replayed: true`). */
  replayed?: boolean;
}

function envelope(spec: RouteSpec, result: unknown): Outcome {
  if (!isWithStatus(result)) return { statusCode: spec.status ?? 200, body: { data: result } };
  const outcome: Outcome = { statusCode: result.statusOverride, body: { data: result.data } };
  // A route that honours Idempotency-Key itself (cart import) marks a stored answer it sends again, so it
  // carries `Idempotent-Replayed: true` like the answers runWrite replays.
  if (result.replayed && spec.idempotent === 'in-handler') outcome.replayed = true;
  return outcome;
}

/**
 * Writes (every route but those `onlyReads` names) run in their own savepoint of the open group-commit
 * batch (`db/group-commit.ts`), with their Idempotency-Key record; reads run as they are. Either way the answer
 * waits for the open batch's commit: a write is acknowledged only once it is fsynced, and a read that ran
 * while a batch was open may have seen its rows. An async handler (backup, clock advance) spans several
 * turns of the loop: only its synchronous start is in the savepoint, its later transactions are its own.
 */
function execute(spec: RouteSpec, call: Call<never>, request: FastifyRequest): Outcome | Promise<Outcome> {
  const gc = groupCommit(call.ctx.db);
  const reads = onlyReads(spec);
  let result: unknown;
  try {
    result = reads ? spec.handler(call as never) : gc.run(() => runWrite(spec, call, request));
  } catch (error) {
    const commit = gc.settled();
    if (commit === null) throw error;
    return afterCommit(commit, () => {
      throw error;
    });
  }
  if (result instanceof Promise) return settleAsync(spec, gc, result);
  const outcome = reads ? envelope(spec, result) : (result as Outcome);
  const commit = gc.settled();
  // The common read: no batch open, so no promise at all on its way out.
  return commit === null ? outcome : afterCommit(commit, () => outcome);
}

async function afterCommit<T>(commit: Promise<void>, then: () => T): Promise<T> {
  try {
    await commit;
  } catch {
    throw new ApiError(503, 'The write could not be made durable; nothing was saved, try again');
  }
  return then();
}

/** An async handler: its answer, then (if a batch is open by the time it settles) that batch's commit. */
async function settleAsync(spec: RouteSpec, gc: GroupCommit, pending: Promise<unknown>): Promise<Outcome> {
  let settled: { ok: true; outcome: Outcome } | { ok: false; error: unknown };
  try {
    settled = { ok: true, outcome: envelope(spec, await pending) };
  } catch (error) {
    settled = { ok: false, error };
  }
  const commit = gc.settled();
  if (commit !== null) await afterCommit(commit, () => undefined);
  if (!settled.ok) throw settled.error;
  return settled.outcome;
}

/** One write, inside its savepoint: the handler, and for an Idempotency-Key the stored response beside it. */
function runWrite(spec: RouteSpec, call: Call<never>, request: FastifyRequest): Outcome | Promise<unknown> {
  const idemKey = spec.idempotent === true ? parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]) : null;
  if (!idemKey) {
    const result = spec.handler(call as never) as unknown;
    if (result instanceof Promise) {
      if (spec.idempotent === true) throw new Error(`idempotent route ${spec.method} ${spec.url} must be synchronous`);
      return result;
    }
    return envelope(spec, result);
  }
  const path = request.url.split('?')[0]!;
  const hash = requestHash(request.method, path, request.body);
  const stored = findStored(call.ctx, call.caller.keyId, idemKey, hash);
  if (stored) return { ...stored, replayed: true };
  const result = spec.handler(call as never) as unknown;
  if (result instanceof Promise) throw new Error(`idempotent route ${spec.method} ${spec.url} must be synchronous`);
  const response = envelope(spec, result);
  storeResponse(call.ctx, call.caller.keyId, idemKey, request.method, path, hash, response);
  return response;
}

function registerTable(app: FastifyInstance, options: ServerOptions, kind: Kind, table: readonly RouteSpec[]): void {
  const worlds = options.worlds;
  const prefix = kind === 'open' ? OPEN_PREFIX : ADMIN_PREFIX;
  for (const spec of table) {
    const status = spec.status ?? 200;
    // A kept view (db/kept-views.ts: a cart or search page handed back while nothing changed) is
    // serialized once per route, by the route's own serializer: the same bytes, without walking it again.
    const serializedViews = new WeakMap<object, string>();
    // The registry's routes (/admin/worlds...) act on the world in their path, never inside the header's:
    // a reset or delete of the world the header names would otherwise wait for its own request to end.
    const onRegistry = kind === 'admin' && !takesWorldHeader(kind, spec.url);
    const send = (reply: FastifyReply, outcome: Outcome) => {
      if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      if (outcome.statusCode === 204) return reply.code(204).send();
      const data = (outcome.body as { data?: unknown }).data;
      if (outcome.statusCode !== status || !isKeptView(data)) return reply.code(outcome.statusCode).send(outcome.body);
      let json = serializedViews.get(data as object);
      if (json === undefined) {
        json = reply.serializeInput(outcome.body as Record<string, unknown>, String(status)) as string;
        serializedViews.set(data as object, json);
      }
      return reply.code(status).type('application/json; charset=utf-8').send(json);
    };
    app.route({
      method: spec.method,
      url: prefix + spec.url,
      schema: {
        summary: spec.summary,
        tags: [spec.tag],
        security: [{ bearerAuth: [] }],
        ...(spec.schema.params ? { params: spec.schema.params } : {}),
        ...(spec.schema.querystring ? { querystring: spec.schema.querystring } : {}),
        ...(spec.schema.body ? { body: spec.schema.body } : {}),
        response: {
          // 204 No Content (a deletion): no body at all.
          [status]: status === 204 ? Type.Null() : Type.Object({ data: spec.schema.response }),
          '4xx': ErrorBody,
        },
      },
      // Authentication runs before body parsing and validation: a caller without a key or scope learns
      // nothing about the route's body rules.
      // Callback-style hook and a handler that returns a promise only when it must: two promise hops
      // fewer per request on the hot paths (measured with --cpu-prof, docs/PERFORMANCE.md).
      onRequest: (request, reply, done) => {
        if (kind === 'admin') {
          // The admin token first (401), then the world it names (404).
          try {
            request.caller = resolveAdminCaller(options.secrets, request);
          } catch (error) {
            done(error as Error);
            return;
          }
        }
        if (kind === 'open') openCallerInWorld(worlds, options.secrets, spec, request, reply, done);
        else if (onRegistry) {
          request.world = worlds.default;
          done();
        } else enterWorld(worlds, request, reply, false, (error) => done(error ?? undefined));
      },
      // A route that takes no body refuses one with fields, as a body refuses an unknown field (an empty body
      // or `{}` is fine): `DELETE /cart {"x":1}` must not look accepted. Not on GET: Fastify never parses a
      // GET's body, so the hook would be one more call per read for nothing.
      ...(spec.schema.body || spec.method === 'GET' ? {} : { preValidation: refuseUnexpectedBody }),
      handler: (request, reply) => {
        const world = request.world!;
        const call = {
          ctx: world.ctx,
          world: world.id,
          worlds,
          caller: request.caller!,
          params: (request.params ?? {}) as never,
          query: (request.query ?? {}) as never,
          body: request.body as never,
          ip: request.ip,
          headers: request.headers,
        } as Call<never>;
        const result = execute(spec, call, request);
        if (result instanceof Promise) return result.then((outcome) => send(reply, outcome));
        return send(reply, result);
      },
    });
  }
}

function refuseUnexpectedBody(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const body = request.body;
  if (body === undefined || body === null) return done();
  if (typeof body !== 'object' || Array.isArray(body)) return done(new ApiError(400, 'This route takes no request body'));
  const first = Object.keys(body)[0];
  done(first === undefined ? undefined : new ApiError(400, `${first} is not a known field`));
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
    /** The world the request works on (enterWorld). */
    world?: WorldRuntime;
  }
}

const OPEN_DOC_INFO = {
  title: 'Cross-Border Purchasing Service API',
  version: '1.0.0',
  description:
    'The open API of crossbuy, served on this machine. Every success is `{ data }`; every error is ' +
    '`{ statusCode, message, error }`. Authenticate with `Authorization: Bearer sk-...`.',
};

const ADMIN_DOC_INFO = {
  title: 'crossbuy admin API',
  version: '1.0.0',
  description:
    'The back office of crossbuy (the agent\'s staff: deposits, order and shipping steps, clock, keys, ' +
    'webhooks, settings). Every success is `{ data }`; every error is `{ statusCode, message, error }`. ' +
    'Authenticate with `Authorization: Bearer <admin token>` (`crossbuy admin token`); an sk- key is refused.',
};

/** The @fastify/swagger options of one API: its routes' paths relative to its prefix, each operation finished by openapi.ts. */
function openApiDocument(prefix: string, info: typeof OPEN_DOC_INFO, api: Api, table: readonly RouteSpec[]) {
  const rules = {
    api,
    docs: api === 'open' ? openRouteDocs : adminRouteDocs,
    idempotent: new Set(table.filter((r) => r.idempotent).map((r) => routeDocKey(r.method, r.url))),
  };
  return {
    openapi: {
      openapi: '3.1.0',
      info: { ...info, license: { name: 'MIT', identifier: 'MIT' } },
      servers: [{ url: prefix }],
      components: { securitySchemes: { bearerAuth: { type: 'http' as const, scheme: 'bearer' } } },
    },
    transform: ({ schema, url }: { schema: unknown; url: string }) => ({
      schema: schema as never,
      url: url.startsWith(prefix) ? url.slice(prefix.length) || '/' : url,
    }),
    transformObject: (documentObject: object) =>
      finishDocument(rules, (documentObject as { openapiObject: Record<string, unknown> }).openapiObject, TAG_DESCRIPTIONS) as never,
  };
}

/** A route as the server serves it: whatever table, plugin or helper registered it. */
export interface ServedRoute {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}
const servedRoutes = new WeakMap<FastifyInstance, ServedRoute[]>();
const responseSerializers = new WeakMap<FastifyInstance, LazySerializer[]>();

/**
 * Every route the server registered (seen by an onRoute hook on the root, so routes of every context):
 * the fuzz tests walk them all, so a route added anywhere is fuzzed the day it lands.
 */
export function servedRoutesOf(app: FastifyInstance): readonly ServedRoute[] {
  return servedRoutes.get(app) ?? [];
}

/** Every response serializer the server made (each compiled on its first answer: serialization.ts). */
export function responseSerializersOf(app: FastifyInstance): readonly LazySerializer[] {
  return responseSerializers.get(app) ?? [];
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const serializers: LazySerializer[] = [];
  const app = Fastify({
    // Our compilers from the start: Fastify then never loads its default validator compiler (a second Ajv
    // setup, JTD included) that nothing would use.
    schemaController: {
      // (Fastify types a validator factory as Ajv's; any route schema compiler is what it calls.)
      compilersFactory: { buildValidator: (() => validatorCompiler) as never, buildSerializer: lazySerializerFactory((serializer) => serializers.push(serializer)) },
    },
    logger: options.logger ? { level: 'warn' } : false,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
    ajv: undefined,
    // A path parameter past find-my-way's default 100 characters made the route itself unknown ("Route GET
    // /orders/AAAA... not found"); longer ones now reach the route, whose params schema answers (a 400 naming `id`).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
    genReqId: requestIdOf,
    frameworkErrors: (error, request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      return frameworkErrorHandler(error, request, reply);
    },
  });
  const served: ServedRoute[] = [];
  servedRoutes.set(app, served);
  responseSerializers.set(app, serializers);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) served.push({ method, url: route.url, schema: route.schema ?? {} });
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const error = toApiError(Object.assign(new Error('validation'), { validation: errors, validationContext: dataVar }) as never);
    return error;
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((request, reply) => sendError(new ApiError(404, `Route ${request.method} ${request.url.split('?')[0]} not found`), reply));

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    const charsetError = checkCharset(request.headers['content-type']);
    if (charsetError) return done(charsetError, undefined);
    let raw: string;
    try {
      raw = decodeBody(body as Buffer);
    } catch (error) {
      return done(error as Error, undefined);
    }
    request.rawBody = raw;
    const text = raw.trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (error) {
      // A `__proto__` (or `constructor.prototype`) key is refused like any unknown field, not dropped in silence.
      const message = error instanceof Error ? error.message : '';
      const forbidden = !/forbidden prototype/.test(message) ? null : /"__proto__"\s*:/.test(text) ? '__proto__' : 'constructor.prototype';
      done(new ApiError(400, forbidden ? `${forbidden} is not a known field` : 'Request body is not valid JSON'), undefined);
    }
  });

  app.addHook('onRequest', (request, reply, done) => {
    request.receivedAt = performance.now();
    reply.header(REQUEST_ID_HEADER, request.id);
    try {
      checkHost(request.headers.host, options.allowedHosts);
      checkQueryEncoding(request.raw.url);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });

  // Answers of 1 KB and more travel compressed when the client accepts it (brotli, else gzip): a page of
  // search results is ~15 KB of JSON. Registered before every route (it hooks each route as it is added).
  // Event streams are never touched (text/event-stream is not in the plugin's types, and the stream route
  // writes to the socket itself); static assets already carry their encoding and are sent as they are.
  // Request bodies are not decompressed: what a client sends is parsed and limited exactly as before.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });

  const ctx = options.worlds.default.ctx;
  app.decorateRequest('world', undefined);
  registerRequestLog(app, ctx, OPEN_PREFIX, [options.secrets.sessionToken]);
  // Each API in its own encapsulated context with its own OpenAPI document: a route is described in the
  // document of the table that serves it, and nothing else.
  await app.register(async (open) => {
    await open.register(fastifySwagger, openApiDocument(OPEN_PREFIX, OPEN_DOC_INFO, 'open', openRoutes));
    await open.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      staticCSP: true,
      transformStaticCSP: docsContentSecurityPolicy,
      // Both documents in the top bar's picker; the admin one loads with the operator's session cookie.
      uiConfig: {
        deepLinking: true,
        urls: [
          { url: `${OPEN_PREFIX}/openapi.json`, name: 'Open API (/api/v1/open)' },
          { url: `${ADMIN_PREFIX}/openapi.json`, name: 'Admin API (/api/v1/admin)' },
        ],
        'urls.primaryName': 'Open API (/api/v1/open)',
        // No call to swagger.io's online validator: the documents are local, and so is the page.
        validatorUrl: null,
      } as Record<string, unknown>,
    });
    open.get(`${OPEN_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => open.swagger());
    registerTable(open, options, 'open', openRoutes);
    registerEventStream(open, { worlds: options.worlds, secrets: options.secrets, prefix: OPEN_PREFIX });
    registerExports(open, { worlds: options.worlds, secrets: options.secrets, prefix: OPEN_PREFIX });
  });
  await app.register(async (admin) => {
    await admin.register(fastifySwagger, openApiDocument(ADMIN_PREFIX, ADMIN_DOC_INFO, 'admin', adminRoutes));
    // The admin document is for the admin token's holder (or the operator's own session, so /docs can
    // show it); it describes the back office, which an sk- key never reaches.
    admin.get(
      `${ADMIN_PREFIX}/openapi.json`,
      {
        schema: { hide: true },
        onRequest: async (request) => {
          resolveAdminDocCaller(options.secrets, request);
        },
      },
      async () => admin.swagger(),
    );
    registerTable(admin, options, 'admin', adminRoutes);
  });
  registerMedia(app, options.worlds);
  await registerUi(app, { uiDir: options.uiDir ?? null, sessionToken: options.secrets.sessionToken });
  return app;
}

export type { FastifyReply };
