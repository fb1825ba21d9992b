import type { FastifyInstance } from 'fastify';
import type { CoreContext } from '../context.js';
import { openRequestLog } from '../requests/request-log.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's text as it arrived (set by the JSON parser): what the request log keeps of it. */
    rawBody?: string;
    /** The API key that was presented and known, even when the request then failed (403, 429). */
    loggedKey?: { id: number; name: string };
    /** The serialized answer (onSend), for the request log. */
    sentPayload?: string | Buffer;
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
 * was answered (401, 404 of an unknown route, 429 included). Two hooks on the root instance, so the
 * not-found handler's answers are seen too: `onSend` keeps a reference to the serialized answer, and
 * `onResponse` (after the last byte went out) queues the entry with the bodies' heads. The event
 * stream's body is never seen (it writes to the socket itself). The Authorization header is never read;
 * `secrets` (the UI session token) are masked wherever they appear.
 */
export function registerRequestLog(app: FastifyInstance, ctx: CoreContext, prefix: string, secrets: readonly string[]): void {
  // Declared up front, so every request object has them from birth (Fastify's advice: a property added
  // to some requests later gives them another hidden class, and slows the code that reads requests).
  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('loggedKey', undefined);
  app.decorateRequest('sentPayload', undefined);
  // Off (CROSSBUY_REQUEST_LOG=off) for the bench's A/B only: what logging costs the read path.
  if (process.env.CROSSBUY_REQUEST_LOG === 'off') return;
  const log = openRequestLog(ctx, secrets);
  const logged = (url: string) => url.startsWith(prefix) && (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?');
  app.addHook('onSend', (request, _reply, payload, done) => {
    if ((typeof payload === 'string' || Buffer.isBuffer(payload)) && logged(request.url)) request.sentPayload = payload;
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (logged(request.url)) {
      const elapsed = reply.elapsedTime;
      // When it arrived: no hook of its own at arrival (a hook per request is paid by every read).
      const atMs = Math.round(Date.now() - elapsed);
      log.recordIn(request.world?.id ?? 'default', request.id, atMs, request.loggedKey ?? null, request.method, request.url, reply.statusCode, elapsed, request.rawBody, request.sentPayload, mcpToolOf(request.headers[MCP_TOOL_HEADER]));
    }
    done();
  });
  // A clean stop writes what is still queued and closes the log's database.
  app.addHook('onClose', async () => {
    await log.close();
  });
}
