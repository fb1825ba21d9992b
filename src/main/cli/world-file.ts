import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { StepResult } from '../core/worlds/file/apply.js';
import { checkOutFolder, resolvePort } from './args.js';
import { whereScriptsGo } from './serve-banner.js';
import { DEFAULT_WORLD, isWorldId } from '../core/worlds/world-id.js';
import { dataOf, withWorldsApi } from './world.js';

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

async function startFromFile(path: string, flags: { seed?: string; frozen?: boolean; data?: string; port?: number; sessionToken?: string }) {
  const { readWorldFile } = await import('../core/worlds/file/load.js');
  const { startWorldFileServer } = await import('../headless/world-file-start.js');
  const seed = parseSeed(flags.seed);
  const { file, baseDir } = readWorldFile(path);
  const dataDir = worldFolder(flags.data);
  const temporary = flags.data === undefined;
  try {
    const started = await startWorldFileServer({ dataDir, port: flags.port ?? 0, uiDir: flags.port === undefined ? null : undefined, sessionToken: flags.sessionToken, world: { file, baseDir, seed, frozen: flags.frozen } });
    return { ...started, dataDir, temporary };
  } catch (error) {
    // A folder made here for a start that failed holds nothing anyone asked for.
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

function stepLine(step: StepResult): string {
  const name = step.name ? ` ${step.name}` : '';
  const status = step.status === null ? '' : ` -> ${step.status}`;
  return `${step.label}${name}: ${step.request ?? step.kind}${status}\n`;
}

interface ApplyFlags {
  seed?: string;
  frozen?: boolean;
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
  process.stdout.write(`applied ${path} to ${started.dataDir} (seed ${started.seed}, clock from ${started.clockStart}): ${started.applied.steps.length} steps\n`);
  process.stdout.write(`key (every scope): ${started.key.secret}\n`);
}

/** `crossbuy serve --world-file F`: the world file applied to a new folder, then served until stopped. */
export async function serveWorldFile(flags: { worldFile: string; seed?: string; frozen?: boolean; data?: string; port?: string; sessionToken?: string }): Promise<{ stop(): Promise<void>; uiUrl: string; dataDir: string; key: string }> {
  const started = await startFromFile(flags.worldFile, { seed: flags.seed, frozen: flags.frozen, data: flags.data, port: resolvePort(flags.port).port, sessionToken: flags.sessionToken });
  process.stdout.write(`world file ${flags.worldFile} applied to ${started.dataDir} (seed ${started.seed}): ${started.applied.steps.length} steps\n`);
  process.stdout.write(`key (every scope): ${started.key.secret}\n`);
  process.stdout.write(`crossbuy is serving at ${started.running.uiUrl}\n`);
  process.stdout.write(whereScriptsGo(started.running.origin, started.temporary ? started.dataDir : flags.data));
  // A temporary folder (no --data) is this run's alone: it goes when the server stops.
  const stop = async () => {
    await started.running.stop();
    if (started.temporary) rmSync(started.dataDir, { recursive: true, force: true });
  };
  return { stop, uiUrl: started.running.uiUrl, dataDir: started.dataDir, key: started.key.secret };
}

interface RecordFlags {
  key: string;
  world?: string;
  since?: string;
  until?: string;
  out?: string;
  data?: string;
}

/**
 * `crossbuy world record`: the admin route `GET /requests/world-file`, asked of the server that holds the
 * folder (its request log is that server's) or of one started here for the command; `--world` names the
 * world as `Crossbuy-World` does (key ids are numbered per world).
 */
export async function recordCommand(flags: RecordFlags): Promise<void> {
  const keyId = Number(flags.key);
  if (!/^[1-9][0-9]{0,15}$/.test(flags.key)) throw new Error(`invalid key id "${flags.key}": the id \`crossbuy keys list\` shows`);
  if (flags.world !== undefined && flags.world !== DEFAULT_WORLD && !isWorldId(flags.world)) throw new Error(`--world "${flags.world}" is not a world id (default or w_...)`);
  checkOutFolder(flags.out);
  const query = new URLSearchParams({ keyId: String(keyId), ...(flags.since ? { since: flags.since } : {}), ...(flags.until ? { until: flags.until } : {}) });
  const headers: Record<string, string> = flags.world ? { 'crossbuy-world': flags.world } : {};
  const file = await withWorldsApi(flags.data, async (call) => dataOf<{ steps: unknown[] }>(await call('GET', `/requests/world-file?${query}`, undefined, headers)), { existing: true });
  const text = `${JSON.stringify(file, null, 2)}\n`;
  if (flags.out === undefined) process.stdout.write(text);
  else {
    writeFileSync(flags.out, text);
    process.stdout.write(`recorded ${file.steps.length} steps of key ${keyId}${flags.world ? ` of world ${flags.world}` : ''} to ${flags.out}\n`);
  }
}

/** Adds `apply` and `record` to the `world` command group, making the group when there is none yet. */
export function registerWorldFileCommands(program: Command): void {
  const world = program.commands.find((command) => command.name() === 'world') ?? program.command('world').description('worlds: sandboxes described in world files (worlds.md)');
  world
    .command('apply <file>')
    .description('apply a world file to a new data folder\'s default world and print the summary (refuses a folder that is not empty)')
    .option('--seed <n>', 'the world\'s seed (default: the file\'s, else a random one)')
    .option('--no-frozen', 'let the clock run with wall time (default: it moves only when told)')
    .option('--data <dir>', 'a new or empty data folder (default: a new folder under the temp folder)')
    .option('--json', 'print the summary as JSON')
    .action(applyCommand);
  world
    .command('record')
    .description('turn one key\'s requests in the request log into a world file (writes, the reads used later, clock advances)')
    .requiredOption('--key <id>', 'the API key id (crossbuy keys list; ids are numbered per world)')
    .option('--world <id>', 'the world the key belongs to (default: default)')
    .option('--since <time>', 'from this ISO 8601 time (default: the oldest entry kept)')
    .option('--until <time>', 'up to this ISO 8601 time')
    .option('--out <file>', 'write the file here (default: print it)')
    .option('--data <dir>', 'data directory (env CROSSBUY_DATA; default: the app-data folder)')
    .action(recordCommand);
}
