import { Command, CommanderError } from 'commander';
import { describeError, registerKeyCommands } from './keys.js';
import { registerAdminCommands } from './admin.js';
import { registerDoctorCommand } from './doctor.js';
import { registerExportCommand } from './export.js';
import { registerDataCommands } from './data.js';
import { registerWorldCommands } from './world.js';
import { registerWorldFileCommands } from './world-file.js';
import { registerMcpCommand } from './mcp.js';
import { serve } from './serve.js';

export function buildProgram(): Command {
  const program = new Command('crossbuy')
    .description('crossbuy: a local Cross-Border Purchasing Service (API v1), its admin API and its UI (the shop and the back office)')
    .showHelpAfterError();
  program
    .command('serve')
    .description('run the core, the open API and the UI on 127.0.0.1 (headless mode)')
    .option('--port <n>', 'port (0 picks a free one; env CROSSBUY_PORT; default 4680, moved to the next free one when busy; a port given here is not moved)')
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
  return program;
}

/**
 * A reader that stopped reading (`crossbuy world list | head -1`) ends the command quietly, as a Unix tool
 * ends on SIGPIPE: Node reports the closed pipe as an 'error' event, which unhandled is a stack trace.
 */
function endQuietlyWhenReaderCloses(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
}

export async function main(argv: string[]): Promise<void> {
  endQuietlyWhenReaderCloses(process.stdout);
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
