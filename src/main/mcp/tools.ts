import type { TSchema } from 'typebox';
import type { Scope } from '../core/auth/scopes.js';
import { onlyReads, type RouteSpec } from '../core/http/route.js';
import { IDEMPOTENCY_KEY_SCHEMA } from '../core/http/idempotency.js';
import { MCP_TOOL_NAME } from '../core/http/request-log.js';
import { routeDocKey, routeDocOf, type RouteDocs } from '../core/http/route-docs.js';
import { ErrorBody } from '../../contract/common.js';

/**
 * The MCP tools, made from the open API's route table (pure: no I/O). One tool per route: its name from
 * the route's stable operationId (`crossbuy_<operationId>`), its inputSchema the route's own JSON Schemas
 * (path params, query and body merged into one object: TypeBox schemas are JSON Schema already), its
 * outputSchema the route's JSON answer (`{ data }`, or the error body when refused), its annotations from
 * the method. A call is turned back into the route's HTTP request (`call.ts`), so nothing is validated or
 * decided here that HTTP does not decide the same way.
 */
export type JsonSchema = Record<string, unknown>;

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object'; properties: Record<string, JsonSchema> };
  outputSchema: JsonSchema & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };
  /** The route it calls. */
  route: { method: RouteSpec['method']; url: string; scope: Scope | null; idempotent: boolean };
  /** Which argument goes where in the HTTP request. */
  placement: { params: readonly string[]; query: readonly string[]; body: readonly string[]; bodyOptional: boolean; hasBody: boolean };
}

export const TOOL_PREFIX = 'crossbuy_';
/** The argument that carries the Idempotency-Key header of the routes that honour one. */
export const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';

/** The idempotencyKey argument's description (the tools of the routes that honour an Idempotency-Key). */
export const IDEMPOTENCY_ARGUMENT_DESCRIPTION =
  'Sent as the Idempotency-Key header. Pass one: a new key for each action you mean, the same key when you retry it. ' +
  'A retry with the same key and arguments answers the first result and never applies or pays twice (keys are kept 24 hours); ' +
  'without a key every call acts again.';
/** Said in the description of those tools: they are not idempotent (annotations.idempotentHint false). */
export const NOT_IDEMPOTENT_NOTE =
  'Not idempotent without a key: a repeated call acts again. Pass an idempotencyKey, new for each action and the same on ' +
  'its retry, so that a retry never acts or pays twice.';

/** A TypeBox schema as the plain JSON a client receives (TypeBox's symbol keys dropped; no `$id`s, which would clash between tools). */
export function plainSchema(schema: TSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => (key === '$id' ? undefined : value)) as JsonSchema;
}

/** A body schema that may be left out (`OrNoBody`: anyOf [object, null]): its object member. */
function bodyObject(schema: JsonSchema | undefined): { object: JsonSchema | undefined; optional: boolean } {
  if (!schema) return { object: undefined, optional: true };
  const anyOf = schema.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const object = anyOf.find((s) => s.type === 'object');
    return { object, optional: anyOf.some((s) => s.type === 'null') };
  }
  return { object: schema, optional: false };
}

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  return (schema?.properties as Record<string, JsonSchema> | undefined) ?? {};
}

function requiredOf(schema: JsonSchema | undefined): string[] {
  return (schema?.required as string[] | undefined) ?? [];
}

function outputSchemaOf(response: TSchema): ToolDef['outputSchema'] {
  const error = plainSchema(ErrorBody)!;
  // The route's JSON answer as it is: `{ data }` on success, the error body when refused (isError).
  return {
    type: 'object',
    properties: { data: plainSchema(response)!, ...propertiesOf(error) },
    anyOf: [{ required: ['data'] }, { required: requiredOf(error) }],
  };
}

/** The tool of one open route. Throws on a route the tools cannot express (a test runs this on the whole table). A route without a
 * route-docs.ts entry gets a stand-in name (the tools test fails until it has one). */
export function toolOf(spec: RouteSpec, docs: RouteDocs): ToolDef {
  const key = routeDocKey(spec.method, spec.url);
  const doc = routeDocOf(docs, spec.method, spec.url, spec.summary);
  const name = TOOL_PREFIX + doc.operationId;
  if (!MCP_TOOL_NAME.test(name)) throw new Error(`${key}: tool name ${name} does not match ${MCP_TOOL_NAME}`);
  const params = plainSchema(spec.schema.params);
  const query = plainSchema(spec.schema.querystring);
  const body = bodyObject(plainSchema(spec.schema.body));
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const parts = [
    [params, true],
    [query, true],
    [body.object, !body.optional],
  ] as const;
  for (const [schema, keepsRequired] of parts) {
    for (const [field, fieldSchema] of Object.entries(propertiesOf(schema))) {
      if (field in properties) throw new Error(`${key}: argument "${field}" is both in the path/query and the body`);
      properties[field] = fieldSchema;
    }
    if (keepsRequired) required.push(...requiredOf(schema));
  }
  const idempotent = spec.idempotent === true || spec.idempotent === 'in-handler';
  if (idempotent) {
    if (IDEMPOTENCY_ARGUMENT in properties) throw new Error(`${key}: the route has a field named ${IDEMPOTENCY_ARGUMENT}`);
    properties[IDEMPOTENCY_ARGUMENT] = { ...IDEMPOTENCY_KEY_SCHEMA, description: IDEMPOTENCY_ARGUMENT_DESCRIPTION };
  }
  const inputSchema: ToolDef['inputSchema'] = { type: 'object', properties };
  if (required.length > 0) inputSchema.required = required;
  const readOnly = onlyReads(spec);
  const title = spec.summary.length <= 80 ? spec.summary : `${spec.summary.slice(0, 77)}...`;
  return {
    name,
    title,
    description: `${doc.description} (${spec.method} /api/v1/open${spec.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}, scope ${spec.scope ?? 'none'})${idempotent ? ` ${NOT_IDEMPOTENT_NOTE}` : ''}`,
    inputSchema,
    outputSchema: outputSchemaOf(spec.schema.response),
    annotations: {
      title,
      readOnlyHint: readOnly,
      destructiveHint: spec.method === 'DELETE' || doc.movesMoney !== undefined,
      // MCP: "calling repeatedly with the same arguments has no additional effect". Reads, PUT (set these
      // fields) and DELETE (gone stays gone) are so by nature. A POST that takes an Idempotency-Key is not:
      // the key is optional, and two calls without one (or with two keys) act twice (two orders, two
      // debits), so a client must not retry it on the hint; its description asks for an idempotencyKey.
      idempotentHint: readOnly || spec.method === 'PUT' || spec.method === 'DELETE',
      openWorldHint: false,
    },
    route: { method: spec.method, url: spec.url, scope: spec.scope, idempotent },
    placement: {
      params: Object.keys(propertiesOf(params)),
      query: Object.keys(propertiesOf(query)),
      body: Object.keys(propertiesOf(body.object)),
      bodyOptional: body.optional,
      hasBody: spec.schema.body !== undefined,
    },
  };
}

/** Every tool of the table, in the table's order. */
export function buildTools(table: readonly RouteSpec[], docs: RouteDocs): ToolDef[] {
  return table.map((spec) => toolOf(spec, docs));
}
