import { removeServerLock, serverHolding, writeServerLock, type ServerLock } from '../core/data/server-lock.js';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCore, type Core } from '../core/index.js';
import { buildServer } from '../core/http/server.js';
import { randomToken } from '../core/shared/random.js';
import type { FastifyInstance } from 'fastify';
import { AutopilotTimer } from '../core/autopilot/autopilot.js';
import { EventFeed } from '../core/events/feed.js';
import { WebhookDispatcher } from '../core/webhooks/dispatcher.js';
import { WorldRuntime } from '../core/worlds/runtime.js';
import { applyWorldFile } from '../core/worlds/file/apply.js';
import { Worlds, type ApplyWorldFile } from '../core/worlds/worlds.js';
import { registerMcpHttp } from '../mcp/http.js';
import { openCatalog } from '../mcp/open-tools.js';
import { holdSteadyHeap } from './steady-heap.js';

export { DEFAULT_PORT } from './port.js';
const HOST = '127.0.0.1';

export interface ServeOptions {
  dataDir: string;
  port: number;
  empty?: boolean;
  /** The built renderer; defaults to out/renderer of this checkout. */
  uiDir?: string | null;
  /** The UI session token; a fresh random one when absent (like Jupyter's). */
  sessionToken?: string;
  logger?: boolean;
  /** When the port is busy, try the next ones (the desktop app); headless mode fails instead. */
  portFallback?: boolean;
  /** The world-file engine (POST /admin/worlds with `file`); without it such a create is 503. */
  applyFile?: ApplyWorldFile | null;
  /** Tuning of the open worlds (tests: a small LRU, fast sweeps). */
  worlds?: { maxOpen?: number; idleCloseMs?: number; sweepMs?: number; maxWorlds?: number };
  /** Passed to openCore for a new data folder (a world file's start: `serve --world-file`, `world apply`). */
  clockStart?: string;
  seed?: number;
  frozen?: boolean;
  /** With `empty`: the catalog and coupons too (a new folder for a world file). */
  referenceData?: boolean;
}

const PORT_ATTEMPTS = 20;

async function listen(app: FastifyInstance, port: number, fallback: boolean): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await app.listen({ host: HOST, port: port === 0 ? 0 : port + attempt });
      return;
    } catch (error) {
      const busy = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (!busy || !fallback || port === 0 || attempt + 1 >= PORT_ATTEMPTS) throw error;
    }
  }
}

/** How long a stop waits for answers still being sent before it cuts their connections. */
const CLOSE_GRACE_MS = 3_000;

/**
 * Closes the app, letting answers in flight finish, but not forever: a client that stops reading a large
 * or compressed answer holds its connection busy, and Fastify's close waits for it (a stop, Ctrl-C or
 * SIGTERM hung on one). After the grace period the remaining connections are cut.
 */
async function closeWithin(app: FastifyInstance, graceMs: number): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

export interface RunningServer {
  core: Core;
  app: FastifyInstance;
  port: number;
  /** Where the API lives. */
  origin: string;
  /** The UI URL with its token: the one line `crossbuy serve` prints. */
  uiUrl: string;
  sessionToken: string;
  /** The event log as it is followed: the desktop window and notifications subscribe here. */
  events: EventFeed;
  autopilot: AutopilotTimer;
  /** Every world served (the default one is `core`). */
  worlds: Worlds;
  stop(): Promise<void>;
}

export function defaultUiDir(): string {
  // The checkout's out/renderer, found upwards from this module: it runs from src/main/headless (tsx,
  // tests) or from a bundle in out/ (the CLI, the desktop main).
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return resolve(dir, 'out', 'renderer');
}

/** The one line a start on a folder another live server holds answers (`server.pid` names a live process). */
export function folderHeldMessage(dataDir: string, holder: ServerLock): string {
  return `a server (pid ${holder.pid}, ${holder.origin}) already serves ${dataDir}: stop it first, or give this one another folder (--data DIR)`;
}

/**
 * Refuses a second server on a folder: it would overwrite the first one's `server.pid`, and once it stopped
 * the folder would look free (`data restore`, `serve --new-token`) while the first still served it. A lock
 * naming this very process is a stale one (a pid reused after a crash, most often in a container).
 */
export function refuseHeldFolder(dataDir: string): void {
  if (dataDir === ':memory:') return;
  const holder = serverHolding(dataDir);
  if (holder && holder.pid !== process.pid) throw new Error(folderHeldMessage(dataDir, holder));
}

/** Core + open API + admin API + UI on 127.0.0.1: the headless mode, and the server inside the desktop app. */
export async function startServer(options: ServeOptions): Promise<RunningServer> {
  refuseHeldFolder(options.dataDir);
  const core = openCore({ dataDir: options.dataDir, empty: options.empty, referenceData: options.referenceData, clockStart: options.clockStart, seed: options.seed, frozen: options.frozen });
  const sessionToken = options.sessionToken ?? randomToken(24);
  const uiDir = options.uiDir === undefined ? defaultUiDir() : options.uiDir;
  const events = new EventFeed(core.ctx);
  const autopilot = new AutopilotTimer(core.ctx);
  const webhooks = new WebhookDispatcher(core.ctx);
  events.subscribe(webhooks.onEvent);
  const worlds = new Worlds({
    defaultRuntime: WorldRuntime.ofDefault(core, events, autopilot, webhooks),
    dataDir: options.dataDir,
    // World files work on every server; null only where a caller wants them off.
    applyFile: options.applyFile === undefined ? applyWorldFile : options.applyFile,
    ...options.worlds,
  });
  let app: FastifyInstance;
  try {
    await worlds.recover();
    app = await buildServer({
      worlds,
      secrets: { sessionToken, adminTokenHash: core.adminTokenHash },
      uiDir: uiDir && existsSync(join(uiDir, 'index.html')) ? uiDir : null,
      logger: options.logger,
    });
    // MCP (Streamable HTTP) on the same port: its tool calls are `inject`ed into this app.
    await registerMcpHttp(app, { worlds, catalog: openCatalog });
    await listen(app, options.port, options.portFallback ?? false);
  } catch (error) {
    core.close();
    throw error;
  }
  try {
    // Checked again just before the lock is written: another server may have started meanwhile.
    refuseHeldFolder(options.dataDir);
  } catch (error) {
    await app.close();
    core.close();
    throw error;
  }
  holdSteadyHeap();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const origin = `http://${HOST}:${port}`;
  core.setPublicOrigin(origin);
  worlds.bind(
    (req) => app.inject({ method: req.method as 'GET', url: req.url, headers: req.headers, payload: req.payload as string | object | undefined }),
    origin,
  );
  writeServerLock(options.dataDir, origin);
  events.start();
  autopilot.start();
  webhooks.start();
  worlds.start();
  let stopped = false;
  return {
    core,
    app,
    port,
    origin,
    uiUrl: `${origin}/?token=${sessionToken}`,
    sessionToken,
    events,
    autopilot,
    worlds,
    async stop() {
      if (stopped) return;
      stopped = true;
      // A catch-up stops after its current slice (SIGTERM during a long clock advance stops cleanly).
      await autopilot.stop();
      webhooks.stop();
      events.stop();
      // Stop accepting, let in-flight requests finish, then checkpoint the WAL and close (every world).
      await closeWithin(app, CLOSE_GRACE_MS);
      await worlds.stop();
      core.close();
      removeServerLock(options.dataDir);
    },
  };
}
