import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Worlds } from '../core/worlds/worlds.js';
import { DEFAULT_WORLD, isWorldId } from '../core/worlds/world-id.js';
import { checkHost } from '../core/http/host-check.js';
import { toApiError } from '../core/http/errors.js';
import { ApiError } from '../core/shared/errors.js';
import { injectDispatch } from './dispatch.js';
import { keySession } from './key.js';
import { isPresetName, parseGlobs, unmatchedGlobs, type ToolSelection } from './filter.js';
import { openTools } from './open-tools.js';
import type { ToolCatalog } from './catalog.js';

/**
 * MCP over Streamable HTTP at `/mcp` on the server's own port. Stateless (no Mcp-Session-Id: many clients
 * drop it): every POST carries the key, gets a server of its own (cheap: mcp-server.ts) and a JSON answer. GET (a standalone
 * event stream) and DELETE (ending a session) have nothing to serve without sessions: 405, as the
 * specification allows. Every refusal is a JSON-RPC error body with the HTTP status, never a 500.
 *
 * DNS rebinding: the server's Host check (host-check.ts) runs on this route as on every other, and an
 * Origin header, when a browser sends one, must be a loopback origin too (the SDK's transport does not
 * check either by default).
 *
 * Query parameters narrow the tools as the stdio flags do: `?readOnly=1`, `?tools=orders_*,cart_*`,
 * `?preset=shopper` (the bridge of `crossbuy mcp --url` passes its flags this way); `?world=ID` refuses a key
 * of another world.
 */
export const MCP_PATH = '/mcp';
const BODY_LIMIT = 1024 * 1024;

export interface McpHttpOptions {
  /** The worlds served: the key decides which one a session works on. */
  worlds: Worlds;
  /** Every tool, made once (open-tools.ts) on the first MCP request: a request only filters it. */
  catalog: () => ToolCatalog;
  allowedHosts?: readonly string[];
}

function jsonRpcError(reply: FastifyReply, error: ApiError): FastifyReply {
  for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  if (error.statusCode === 401) reply.header('WWW-Authenticate', 'Bearer realm="crossbuy", error="invalid_token"');
  return reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .send({ jsonrpc: '2.0', error: { code: -32000, message: error.message, data: error.toBody() }, id: null });
}

/** An Origin header (a browser's request), if any, must name a loopback origin. */
export function checkOrigin(origin: string | undefined, allowedHosts: readonly string[] = []): void {
  if (origin === undefined) return;
  let host: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('scheme');
    host = url.host;
  } catch {
    throw new ApiError(403, `Origin ${origin} is not allowed: this server answers only pages on localhost`);
  }
  try {
    checkHost(host, allowedHosts);
  } catch {
    throw new ApiError(403, `Origin ${origin} is not allowed: this server answers only pages on localhost`);
  }
}

function selectionOf(query: Record<string, unknown>): ToolSelection {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
  const preset = text('preset');
  if (preset !== undefined && !isPresetName(preset)) throw new ApiError(400, `Unknown preset "${preset}": use shopper or tracker`);
  const readOnly = text('readOnly');
  const tools = text('tools');
  // As `crossbuy mcp --tools` refuses to start: a glob that names no tool is a typo, not an empty session.
  const unknown = tools ? unmatchedGlobs(openTools(), parseGlobs(tools)) : [];
  if (unknown.length > 0) throw new ApiError(400, `tools: no tool matches ${unknown.join(', ')}`);
  return {
    readOnly: readOnly === '1' || readOnly === 'true',
    ...(tools ? { globs: parseGlobs(tools) } : {}),
    ...(preset ? { preset } : {}),
  };
}

/**
 * `?world=ID`: the world the client's configuration expects its key to reach (the bridge of
 * `crossbuy mcp --url --world ID` passes it). The key decides the world; a key of another world is refused
 * rather than served, as the in-process stdio mode refuses it at start.
 */
function checkExpectedWorld(expected: unknown, actual: string): void {
  if (expected === undefined) return;
  if (typeof expected !== 'string' || (expected !== DEFAULT_WORLD && !isWorldId(expected))) throw new ApiError(400, 'world must be a world id (default or w_...)');
  if (expected !== actual) throw new ApiError(403, `This key belongs to the world ${actual}, not ${expected}`);
}

async function answer(app: FastifyInstance, options: McpHttpOptions, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  checkOrigin(request.headers.origin, options.allowedHosts);
  const key = keySession(options.worlds, request.headers.authorization, request.ip);
  if (request.method !== 'POST') {
    reply.header('Allow', 'POST');
    throw new ApiError(405, 'This MCP endpoint is stateless: POST JSON-RPC messages; there is no session stream to GET or DELETE');
  }
  const selection = selectionOf(request.query as Record<string, unknown>);
  checkExpectedWorld((request.query as Record<string, unknown>).world, key.world.id);
  const { createMcpServer, invalidRequestOf, WebStandardStreamableHTTPServerTransport } = await mcpSdk();
  const rawBody = typeof request.body === 'string' ? request.body : '';
  // JSON that is not a JSON-RPC message (an empty batch `[]`, `null`, no method...): -32600, which the SDK's
  // transport does not answer (202 for `[]`, -32700 Parse error for the rest). Malformed JSON is its -32700.
  const json = parseJson(rawBody);
  const invalid = json && invalidRequestOf(json.value);
  if (invalid) {
    return reply.code(400).type('application/json; charset=utf-8').send({ jsonrpc: '2.0', error: { code: invalid.code, message: invalid.message }, id: invalid.id });
  }
  const server = createMcpServer({
    catalog: options.catalog(),
    scopes: () => key.scopes,
    selection,
    dispatch: injectDispatch(app, request.headers.authorization!, request.ip),
  });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  try {
    await server.connect(transport);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const response = await transport.handleRequest(new Request(`http://127.0.0.1${MCP_PATH}`, { method: 'POST', headers, body: rawBody }));
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    const text = await response.text();
    return reply.code(response.status).send(text);
  } finally {
    await server.close().catch(() => undefined);
  }
}

/**
 * The MCP SDK (and zod, which it loads) and the server made of it, imported on the first MCP request:
 * loaded with the server they were a part of every start's time (docs/PERFORMANCE.md, "Cold start").
 */
function mcpSdk() {
  return Promise.all([import('./mcp-server.js'), import('./jsonrpc.js'), import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js')]).then(
    ([server, jsonrpc, transport]) => ({
      createMcpServer: server.createMcpServer,
      invalidRequestOf: jsonrpc.invalidRequestOf,
      WebStandardStreamableHTTPServerTransport: transport.WebStandardStreamableHTTPServerTransport,
    }),
  );
}

/** The body's JSON, or undefined when it is not JSON (the SDK's transport answers that -32700). */
function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/** Registers `/mcp` on the root app (whose `inject` the tools call). */
export async function registerMcpHttp(app: FastifyInstance, options: McpHttpOptions): Promise<void> {
  await app.register(async (mcp) => {
    // The raw text goes to the SDK's transport, which answers malformed JSON with a JSON-RPC parse error.
    mcp.removeAllContentTypeParsers();
    mcp.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    // The Host check (the root hook), auth and everything else refuse in JSON-RPC form.
    mcp.setErrorHandler((error: FastifyError, request, reply) => {
      const apiError = toApiError(error);
      if (apiError.statusCode === 500) request.log.error({ err: error }, 'unhandled MCP error');
      return jsonRpcError(reply, apiError);
    });
    mcp.route({
      method: ['GET', 'POST', 'DELETE'],
      url: MCP_PATH,
      schema: { hide: true },
      handler: (request, reply) => answer(app, options, request, reply),
    });
  });
}
