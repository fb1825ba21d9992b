import { Command, CommanderError } from 'commander';
import { resolveDataDir, resolvePort } from './args.js';
import { describeError, registerKeyCommands } from './keys.js';
import { registerAdminCommands } from './admin.js';
import { registerDoctorCommand } from './doctor.js';
import { registerExportCommand } from './export.js';
import { registerDataCommands } from './data.js';
import { registerWorldCommands } from './world.js';
import { registerWorldFileCommands, serveWorldFile } from './world-file.js';
import { registerMcpCommand } from './mcp.js';
import { adminTokenFile } from '../core/data-dir.js';
import { newUiToken, persistentUiToken, saveUiToken, uiTokenFile } from '../headless/ui-token.js';
import { serverHolding } from '../core/data/server-lock.js';

interface ServeFlags {
  port?: string;
  data?: string;
  empty?: boolean;
  newToken?: boolean;
  worldFile?: string;
  seed?: string;
  frozen?: boolean;
}

export async function serve(flags: ServeFlags): Promise<void> {
  if (flags.worldFile !== undefined) return serveFromWorldFile(flags as ServeFlags & { worldFile: string });
  if (flags.seed !== undefined) throw new Error('--seed goes with --world-file');
  // Loaded here, not at the top: the server (fastify, schemas) is most of the CLI's start-up time.
  const { startServer } = await import('../headless/serve.js');
  const dataDir = resolveDataDir(flags.data);
  const port = resolvePort(flags.port);
  if (flags.newToken) {
    // A server already on the folder would keep serving the old token while the file says otherwise.
    const holder = serverHolding(dataDir);
    if (holder) throw new Error(`${holder.origin} (process ${holder.pid}) serves this data folder: stop it, then start again with --new-token`);
  }
  // The folder's own token, so a restart keeps an open page's session (--new-token ends them all).
  const sessionToken = flags.newToken ? newUiToken() : persistentUiToken(dataDir);
  const { applyWorldFile } = await import('../core/worlds/file/apply.js');
  const running = await startServer({ dataDir, port, empty: flags.empty, sessionToken, applyFile: applyWorldFile });
  // Kept only once a server runs with it: a start that fails (a taken port) leaves the old token in place.
  if (flags.newToken) saveUiToken(dataDir, sessionToken);
  process.stdout.write(`crossbuy is serving at ${running.uiUrl}\n`);
  stopOnSignals(running);
}

/** `serve --world-file F`: a new folder (--data, new or empty; else a temporary one) made from the file. */
async function serveFromWorldFile(flags: ServeFlags & { worldFile: string }): Promise<void> {
  if (flags.empty || flags.newToken) throw new Error('--world-file makes a new folder: --empty and --new-token do not apply');
  stopOnSignals(await serveWorldFile(flags));
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

export function buildProgram(): Command {
  const program = new Command('crossbuy')
    .description('crossbuy: a local Cross-Border Purchasing Service (API v1), its back office and its UI')
    .showHelpAfterError();
  program
    .command('serve')
    .description('run the core, the open API and the UI on 127.0.0.1 (headless mode)')
    .option('--port <n>', 'port (0 picks a free one; env CROSSBUY_PORT; default 4680)')
    .option('--data <dir>', 'data directory (env CROSSBUY_DATA; default: the app-data folder)')
    .option('--empty', 'no demo data on first start')
    .option('--new-token', 'replace the UI token kept in the data directory: pages opened with the old URL lose their session')
    .option('--world-file <file>', 'serve a new data folder (--data, new or empty; default a temporary one) made from this world file')
    .option('--seed <n>', 'with --world-file: the world\'s seed (default: the file\'s, else a random one)')
    .option('--no-frozen', 'with --world-file: let the clock run with wall time (default: it moves only when told)')
    .action(serve);
  registerKeyCommands(program);
  registerAdminCommands(program);
  registerDoctorCommand(program);
  registerExportCommand(program);
  registerDataCommands(program);
  registerWorldCommands(program);
  registerWorldFileCommands(program);
  registerMcpCommand(program);
  program
    .command('data-dir')
    .description('print the data directory in use and where the admin and UI tokens are kept')
    .option('--data <dir>', 'data directory')
    .action((flags: { data?: string }) => {
      const dir = resolveDataDir(flags.data);
      process.stdout.write(`${dir}\n${adminTokenFile(dir)}\n${uiTokenFile(dir)}\n`);
    });
  return program;
}

export async function main(argv: string[]): Promise<void> {
  const program = buildProgram();
  program.exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    process.stderr.write(`crossbuy: ${describeError(error)}\n`);
    process.exitCode = 1;
  }
}
