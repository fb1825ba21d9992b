import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { authenticate } from '../core/auth/api-keys.js';
import { AutopilotTimer } from '../core/autopilot/autopilot.js';
import { serverHolding } from '../core/data/server-lock.js';
import { EventFeed } from '../core/events/feed.js';
import { buildServer } from '../core/http/server.js';
import { openCore } from '../core/index.js';
import { randomToken } from '../core/shared/random.js';
import { injectDispatch } from './dispatch.js';
import type { ToolSelection } from './filter.js';
import { MCP_PATH } from './http.js';
import { createMcpServer } from './mcp-server.js';
import { openTools } from './open-tools.js';

/**
 * `crossbuy mcp` over stdio. stdout carries the protocol and nothing else (every log line goes to stderr).
 * - In-process (default): the core on the data folder and the API's Fastify app, built but not listening;
 *   each tool call is `inject`ed into it, as the desktop bridge does. Like the other CLI commands this
 *   works beside a server on the same folder (WAL, busy timeout). When no server holds the folder, the
 *   autopilot runs here, so orders move on while the assistant is connected.
 * - `--url`: a bridge to a running server's `/mcp` (Streamable HTTP), the same tools as served there.
 */
export interface StdioOptions {
  key: string;
  dataDir: string;
  selection: ToolSelection;
  /** A running server's origin (http://127.0.0.1:4680): forward to its /mcp instead. */
  url?: string;
  log: (line: string) => void;
}

export async function runStdio(options: StdioOptions): Promise<void> {
  if (options.url) return runBridge(options);
  const core = openCore({ dataDir: options.dataDir });
  const authorization = `Bearer ${options.key}`;
  let stopping: Promise<void> | null = null;
  try {
    // Refused before the protocol starts: a key that does not open this folder is a setup error.
    authenticate(core.ctx, authorization, '127.0.0.1');
  } catch (error) {
    core.close();
    throw new Error(`CROSSBUY_API_KEY is not a key of this data folder (${(error as Error).message})`);
  }
  const feed = new EventFeed(core.ctx);
  const app = await buildServer({ ctx: core.ctx, feed, uiDir: null, secrets: { sessionToken: randomToken(24), adminTokenHash: core.adminTokenHash } });
  await app.ready();
  const autopilot = serverHolding(options.dataDir) ? null : new AutopilotTimer(core.ctx);
  autopilot?.start();
  const server = createMcpServer({
    tools: openTools(),
    scopes: () => {
      try {
        return authenticate(core.ctx, authorization, '127.0.0.1').scopes;
      } catch {
        return [];
      }
    },
    selection: options.selection,
    dispatch: injectDispatch(app, authorization),
  });
  const stop = () =>
    (stopping ??= (async () => {
      await autopilot?.stop();
      await app.close();
      core.close();
    })());
  server.onclose = () => void stop();
  await server.connect(new StdioServerTransport());
  options.log(`crossbuy mcp: serving ${options.dataDir} over stdio${autopilot ? ' (autopilot on)' : ''}`);
  await waitForClose(server, stop);
}

/** Resolves when the client closes stdin (or a signal asks to stop), after a clean stop. */
function waitForClose(server: { close(): Promise<void> }, stop: () => Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const end = () => void server.close().finally(() => void stop().finally(resolve));
    process.stdin.once('end', end);
    process.once('SIGINT', end);
    process.once('SIGTERM', end);
  });
}

/** Every message from stdin to the server's /mcp and back; the server decides everything. */
async function runBridge(options: StdioOptions): Promise<void> {
  const target = new URL(MCP_PATH, options.url);
  if (options.selection.readOnly) target.searchParams.set('readOnly', '1');
  if (options.selection.globs?.length) target.searchParams.set('tools', options.selection.globs.join(','));
  if (options.selection.preset) target.searchParams.set('preset', options.selection.preset);
  const remote = new StreamableHTTPClientTransport(target, { requestInit: { headers: { authorization: `Bearer ${options.key}` } } });
  const local = new StdioServerTransport();
  local.onmessage = (message: JSONRPCMessage) => {
    remote.send(message).catch((error: unknown) => {
      options.log(`crossbuy mcp: ${options.url} did not answer (${(error as Error).message})`);
      if ('id' in message && 'method' in message) {
        void local.send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: `The crossbuy server at ${options.url} could not be reached` } });
      }
    });
  };
  remote.onmessage = (message) => void local.send(message);
  remote.onerror = (error) => options.log(`crossbuy mcp: ${error.message}`);
  await remote.start();
  await local.start();
  options.log(`crossbuy mcp: forwarding stdio to ${target.origin}${MCP_PATH}`);
  await waitForClose({ close: async () => { await remote.close(); await local.close(); } }, async () => undefined);
}
