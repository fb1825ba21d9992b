import { whereScriptsGo } from './serve-banner.js';
import { resolveDataDir, busyPortMessage, resolvePort } from './args.js';
import { describeError } from './keys.js';
import { serveWorldFile } from './world-file.js';
import { newUiToken, persistentUiToken, saveUiToken } from '../headless/ui-token.js';
import { serverHolding } from '../core/data/server-lock.js';
import type { RunningServer } from '../headless/serve.js';
import { readOnlyFailure } from './with-core.js';

export interface ServeFlags {
  port?: string;
  data?: string;
  empty?: boolean;
  newToken?: boolean;
  worldFile?: string;
  seed?: string;
  frozen?: boolean;
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
}

/** Starts the server as `crossbuy serve` does and prints its URL; the caller owns the stop. */
export async function startServing(flags: ServeFlags): Promise<RunningServer> {
  // Loaded here, not at the top: the server (fastify, schemas) is most of the CLI's start-up time.
  const { startServer, refuseHeldFolder } = await import('../headless/serve.js');
  const dataDir = resolveDataDir(flags.data);
  const { port, explicit } = resolvePort(flags.port);
  if (flags.newToken) {
    // A server already on the folder would keep serving the old token while the file says otherwise.
    const holder = serverHolding(dataDir);
    if (holder) throw new Error(`${holder.origin} (process ${holder.pid}) serves this data folder: stop it, then start again with --new-token`);
  }
  // One server per folder: a second would take over server.pid, and the folder would look free once it stopped.
  refuseHeldFolder(dataDir);
  // The folder's own token, so a restart keeps an open page's session (--new-token ends them all).
  let sessionToken: string;
  try {
    sessionToken = flags.newToken ? newUiToken() : persistentUiToken(dataDir);
  } catch (error) {
    throw readOnlyFailure(error, dataDir, true) ?? error;
  }
  const { applyWorldFile } = await import('../core/worlds/file/apply.js');
  let running: RunningServer;
  try {
    // The preferred port moves to the next free one when busy, as in the desktop app; a chosen one does not.
    running = await startServer({ dataDir, port, empty: flags.empty, sessionToken, applyFile: applyWorldFile, portFallback: !explicit });
  } catch (error) {
    if (isAddressInUse(error)) throw new Error(busyPortMessage(port), { cause: error });
    throw readOnlyFailure(error, dataDir, true) ?? error;
  }
  // Kept only once a server runs with it: a start that fails (a taken port) leaves the old token in place.
  if (flags.newToken) saveUiToken(dataDir, sessionToken);
  if (running.port !== port && port !== 0) process.stderr.write(`crossbuy: port ${port} is in use; using ${running.port}\n`);
  process.stdout.write(`crossbuy is serving at ${running.uiUrl}\n`);
  process.stdout.write(whereScriptsGo(running.origin, flags.data));
  return running;
}

/** `crossbuy serve` (and `npm run serve`, and `npm start`'s headless fallback): serves until a signal. */
export async function serve(flags: ServeFlags): Promise<void> {
  if (flags.worldFile !== undefined) return serveFromWorldFile(flags as ServeFlags & { worldFile: string });
  if (flags.seed !== undefined) throw new Error('--seed goes with --world-file');
  if (flags.frozen === false) throw new Error('--no-frozen goes with --world-file');
  stopOnSignals(await startServing(flags));
}

/** `serve --world-file F`: a new folder (--data, new or empty; else a temporary one) made from the file. */
async function serveFromWorldFile(flags: ServeFlags & { worldFile: string }): Promise<void> {
  if (flags.empty || flags.newToken) throw new Error('--world-file makes a new folder: --empty and --new-token do not apply');
  // A well-formed UI token (43 base64url characters), as every other server's.
  stopOnSignals(await serveWorldFile({ ...flags, sessionToken: newUiToken() }));
}

function stopOnSignals(running: { stop(): Promise<void> }): void {
  const shutdown = (signal: string) => {
    void running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`crossbuy: error while stopping on ${signal}: ${describeError(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}
