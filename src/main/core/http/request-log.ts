import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CoreContext } from '../context.js';
import { openRequestLog } from '../requests/request-log.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's text as it arrived (set by the JSON parser): what the request log keeps of it. */
    rawBody?: string;
    /** The API key that was presented and known, even when the request then failed (403, 429). */
    loggedKey?: { id: number; name: string };
    /** performance.now() when the request arrived (the server's first hook): the log's duration starts there. */
    receivedAt: number;
  }
  interface FastifyReply {
    /** Logs this request when its response closes: for a route that writes to the socket itself (hijack). */
    logWhenClosed(): void;
  }
}

/** The header the MCP adapter (src/main/mcp/) sets on each tool call's request: the tool's name. */
export const MCP_TOOL_HEADER = 'crossbuy-mcp-tool';
/** What an MCP tool's name may be (the MCP specification's rule, which several clients enforce): src/main/mcp/tools.ts names by it. */
export const MCP_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** A tool name as the log keeps it; anything else (a script's own header) is not kept. */
function mcpToolOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && MCP_TOOL_NAME.test(header) ? header : null;
}

/**
 * Records every request under the open API's prefix in the request log (`core/requests/`), whatever it
 * was answered (401, 404 of an unknown route, 429 included). One `onSend` hook on the root instance, so
 * the not-found handler's answers are seen too; it runs before the compression of the route's own hooks,
 * so it sees the serialized text. A text or empty answer is queued right there: its duration runs from
 * the request's arrival (`receivedAt`, stamped by the server's first hook) to its answer being handed to
 * the socket. No `onResponse` hook: it fires on the response's `finish` only, so an event stream the
 * client hung up on was never logged, and Fastify pays for it on every request (a timer read, two
 * listeners added and removed). A streamed answer (an export) is queued when its response closes, so its
 * duration covers the stream; the event stream (hijacked, never sent through `onSend`) asks for the same
 * with `reply.logWhenClosed()`.
 * The event stream's body is never seen (it writes to the socket itself). The Authorization header is
 * never read; `secrets` (the UI session token) are masked wherever they appear. A request the operator's
 * session authenticated (on the open API, the only caller of kind `admin`) is the app's own UI's.
 */
export function registerRequestLog(app: FastifyInstance, ctx: CoreContext, prefix: string, secrets: readonly string[]): void {
  // Declared up front, so every request object has them from birth (Fastify's advice: a property added
  // to some requests later gives them another hidden class, and slows the code that reads requests).
  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('loggedKey', undefined);
  app.decorateRequest('receivedAt', 0);
  // Off (CROSSBUY_REQUEST_LOG=off) for the bench's A/B only: what logging costs the read path.
  if (process.env.CROSSBUY_REQUEST_LOG === 'off') {
    app.decorateReply('logWhenClosed', function logWhenClosed() {});
    return;
  }
  const log = openRequestLog(ctx, secrets);
  const logged = (url: string) => url.startsWith(prefix) && (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?');
  const record = (request: FastifyRequest, reply: FastifyReply, sent: string | Buffer | undefined) => {
    const elapsed = performance.now() - request.receivedAt;
    const atMs = Math.round(Date.now() - elapsed);
    log.recordIn(request.world?.id ?? 'default', request.id, atMs, request.loggedKey ?? null, request.method, request.url, reply.statusCode, elapsed, request.rawBody, sent, mcpToolOf(request.headers[MCP_TOOL_HEADER]), request.caller?.kind === 'admin');
  };
  const recordWhenClosed = (request: FastifyRequest, reply: FastifyReply) => {
    reply.raw.once('close', () => record(request, reply, undefined));
  };
  app.decorateReply('logWhenClosed', function logWhenClosed(this: FastifyReply) {
    if (logged(this.request.url)) recordWhenClosed(this.request, this);
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (logged(request.url)) {
      if (typeof payload === 'string' || Buffer.isBuffer(payload)) record(request, reply, payload);
      else if (payload === null || payload === undefined) record(request, reply, undefined);
      else recordWhenClosed(request, reply);
    }
    done(null, payload);
  });
  // A clean stop writes what is still queued and closes the log's database.
  app.addHook('onClose', async () => {
    await log.close();
  });
}
