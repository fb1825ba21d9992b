import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { AutopilotTimer } from '../core/autopilot/autopilot.js';
import { serverHolding } from '../core/data/server-lock.js';
import { EventFeed } from '../core/events/feed.js';
import { buildServer } from '../core/http/server.js';
import { openCore } from '../core/index.js';
import { randomToken } from '../core/shared/random.js';
import { WebhookDispatcher } from '../core/webhooks/dispatcher.js';
import { WorldRuntime } from '../core/worlds/runtime.js';
import { Worlds } from '../core/worlds/worlds.js';
import { injectDispatch } from './dispatch.js';
import type { ToolSelection } from './filter.js';
import { MCP_PATH } from './http.js';
import { keySession } from './key.js';
import { createMcpServer } from './mcp-server.js';
import { openCatalog } from './open-tools.js';
import { CheckedStdioTransport } from './stdio-transport.js';

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
  /** The world the key must belong to (--world); the key decides, this only checks. */
  world?: string;
  log: (line: string) => void;
}

export async function runStdio(options: StdioOptions): Promise<void> {
  if (options.url) return runBridge(options);
  const served = await serveInProcess(options.dataDir);
  const authorization = `Bearer ${options.key}`;
  let session;
  try {
    // Refused before the protocol starts: a key that does not open this folder is a setup error.
    session = keySession(served.worlds, authorization, '127.0.0.1');
  } catch (error) {
    await served.stop();
    throw new Error(`CROSSBUY_API_KEY is not a key of this data folder (${(error as Error).message})`);
  }
  if (options.world !== undefined && options.world !== session.world.id) {
    await served.stop();
    throw new Error(`CROSSBUY_API_KEY belongs to the world ${session.world.id}, not ${options.world}`);
  }
  const server = createMcpServer({
    catalog: openCatalog(),
    scopes: () => {
      try {
        return keySession(served.worlds, authorization, '127.0.0.1').scopes;
      } catch {
        return [];
      }
    },
    selection: options.selection,
    dispatch: injectDispatch(served.app, authorization),
  });
  server.onclose = () => void served.stop();
  await server.connect(new CheckedStdioTransport());
  options.log(`crossbuy mcp: serving ${options.dataDir} (world ${session.world.id}) over stdio${served.autopilot ? ' (autopilot on)' : ''}`);
  await waitForClose(server, served.stop);
}

/**
 * The API's Fastify app on the data folder, built but not listening (tool calls are `inject`ed), with
 * the worlds of the folder as a server has them. The default world's autopilot runs here only when no
 * server holds the folder (a server runs its own).
 */
async function serveInProcess(dataDir: string) {
  const core = openCore({ dataDir });
  const feed = new EventFeed(core.ctx);
  const autopilot = new AutopilotTimer(core.ctx);
  const webhooks = new WebhookDispatcher(core.ctx);
  const worlds = new Worlds({ defaultRuntime: WorldRuntime.ofDefault(core, feed, autopilot, webhooks), dataDir, applyFile: null });
  let app;
  try {
    app = await buildServer({ worlds, uiDir: null, secrets: { sessionToken: randomToken(24), adminTokenHash: core.adminTokenHash } });
    await app.ready();
  } catch (error) {
    core.close();
    throw error;
  }
  const built = app;
  // Picture and photo links name the server that serves this folder, when one does (its port, not 4680).
  const holder = serverHolding(dataDir);
  if (holder) core.setPublicOrigin(holder.origin);
  worlds.bind((req) => built.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload as string | object | undefined }), holder?.origin ?? null);
  const runsAutopilot = holder === null;
  if (runsAutopilot) autopilot.start();
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await autopilot.stop();
      await built.close();
      await worlds.stop();
      core.close();
    })());
  return { app: built, worlds, autopilot: runsAutopilot, stop };
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

/**
 * The server's own JSON-RPC error when it answered with an HTTP error status (a bad key's 401, a key of
 * another world's 403): the SDK's transport throws it as an error whose message holds the answer's body.
 * Passed on as the server worded it, never as an outage. Null when nothing answered.
 */
export function serverRefusal(error: unknown): { code: number; message: string } | null {
  if (!(error instanceof StreamableHTTPError) || typeof error.code !== 'number' || error.code < 400) return null;
  const body = error.message.slice(error.message.indexOf('{'));
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown } };
    if (typeof parsed.error?.message === 'string' && typeof parsed.error.code === 'number') return { code: parsed.error.code, message: parsed.error.message };
  } catch {
    // not the server's JSON-RPC answer: said with its status below
  }
  return { code: -32000, message: `The crossbuy server answered HTTP ${error.code}` };
}

/** Every message from stdin to the server's /mcp and back; the server decides everything. */
async function runBridge(options: StdioOptions): Promise<void> {
  const target = new URL(MCP_PATH, options.url);
  if (options.selection.readOnly) target.searchParams.set('readOnly', '1');
  if (options.selection.globs?.length) target.searchParams.set('tools', options.selection.globs.join(','));
  if (options.selection.preset) target.searchParams.set('preset', options.selection.preset);
  if (options.world !== undefined) target.searchParams.set('world', options.world);
  const remote = new StreamableHTTPClientTransport(target, { requestInit: { headers: { authorization: `Bearer ${options.key}` } } });
  const local = new CheckedStdioTransport();
  local.onmessage = (message: JSONRPCMessage) => {
    remote.send(message).catch((error: unknown) => {
      const refusal = serverRefusal(error);
      options.log(`crossbuy mcp: ${refusal ? `${options.url} refused the call (${refusal.message})` : `${options.url} did not answer (${(error as Error).message})`}`);
      if ('id' in message && 'method' in message) {
        const answer = refusal ?? { code: -32000, message: `The crossbuy server at ${options.url} could not be reached` };
        void local.send({ jsonrpc: '2.0', id: message.id, error: answer });
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
