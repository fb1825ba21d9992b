import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { StepResult } from '../core/worlds/file/apply.js';
import { resolvePort } from './args.js';

/**
 * World files without the registry (worlds.md sections 1, 2 and 4): `crossbuy world apply FILE`, `crossbuy
 * serve --world-file F`. The server code is imported when a command runs (the CLI's --help stays fast).
 */

export function parseSeed(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seed = Number(text);
  if (!/^[0-9]{1,16}$/.test(text) || !Number.isSafeInteger(seed)) throw new Error(`invalid seed "${text}": an integer from 0 to ${Number.MAX_SAFE_INTEGER}`);
  return seed;
}

/** --data when given (it must be new or empty), else a new folder of its own under the temp folder. */
function worldFolder(flag: string | undefined): string {
  return flag === undefined ? mkdtempSync(join(tmpdir(), 'crossbuy-world-')) : resolve(flag);
}

async function startFromFile(path: string, flags: { seed?: string; data?: string; port?: number; sessionToken?: string }) {
  const { readWorldFile } = await import('../core/worlds/file/load.js');
  const { startWorldFileServer } = await import('../headless/world-file-start.js');
  const seed = parseSeed(flags.seed);
  const { file, baseDir } = readWorldFile(path);
  const dataDir = worldFolder(flags.data);
  const started = await startWorldFileServer({ dataDir, port: flags.port ?? 0, uiDir: flags.port === undefined ? null : undefined, sessionToken: flags.sessionToken, world: { file, baseDir, seed } });
  return { ...started, dataDir };
}

function stepLine(step: StepResult): string {
  const name = step.name ? ` ${step.name}` : '';
  const status = step.status === null ? '' : ` -> ${step.status}`;
  return `${step.label}${name}: ${step.request ?? step.kind}${status}\n`;
}

interface ApplyFlags {
  seed?: string;
  data?: string;
  json?: boolean;
}

export async function applyCommand(path: string, flags: ApplyFlags): Promise<void> {
  const started = await startFromFile(path, flags);
  await started.running.stop();
  const summary = { dataDir: started.dataDir, seed: started.seed, clockStart: started.clockStart, key: started.key, steps: started.applied.steps };
  if (flags.json) {
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    return;
  }
  for (const step of started.applied.steps) process.stdout.write(stepLine(step));
  const seed = started.seed === null ? 'no seed' : `seed ${started.seed}`;
  const clock = started.clockStart === null ? '' : `, clock from ${started.clockStart}`;
  process.stdout.write(`applied ${path} to ${started.dataDir} (${seed}${clock}): ${started.applied.steps.length} steps\n`);
  process.stdout.write(`key (every scope): ${started.key.secret}\n`);
}

/** `crossbuy serve --world-file F`: the world file applied to a new folder, then served until stopped. */
export async function serveWorldFile(flags: { worldFile: string; seed?: string; data?: string; port?: string; sessionToken?: string }): Promise<{ stop(): Promise<void>; uiUrl: string; dataDir: string; key: string }> {
  const started = await startFromFile(flags.worldFile, { seed: flags.seed, data: flags.data, port: resolvePort(flags.port), sessionToken: flags.sessionToken });
  process.stdout.write(`world file ${flags.worldFile} applied to ${started.dataDir}: ${started.applied.steps.length} steps\n`);
  process.stdout.write(`key (every scope): ${started.key.secret}\n`);
  process.stdout.write(`crossbuy is serving at ${started.running.uiUrl}\n`);
  return { stop: () => started.running.stop(), uiUrl: started.running.uiUrl, dataDir: started.dataDir, key: started.key.secret };
}

/** Adds `apply` (and `record`) to the `world` command group, making the group when there is none yet. */
export function registerWorldFileCommands(program: Command): void {
  const world = program.commands.find((command) => command.name() === 'world') ?? program.command('world').description('worlds: sandboxes described in world files (worlds.md)');
  world
    .command('apply <file>')
    .description('apply a world file to a new data folder\'s default world and print the summary (refuses a folder that is not empty)')
    .option('--seed <n>', 'the world\'s seed (default: the file\'s)')
    .option('--data <dir>', 'a new or empty data folder (default: a new folder under the temp folder)')
    .option('--json', 'print the summary as JSON')
    .action(applyCommand);
}
