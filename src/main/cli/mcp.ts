import type { Command } from 'commander';
import { DEFAULT_WORLD, isWorldId } from '../core/worlds/world-id.js';
import { resolveDataDir } from './args.js';
import { noDatabaseMessage } from './with-core.js';
import { existsSync } from 'node:fs';
import { databaseFile } from '../core/data-dir.js';

interface McpFlags {
  data?: string;
  world?: string;
  readOnly?: boolean;
  tools?: string;
  preset?: string;
  url?: string;
}


/** Hosts that never leave the machine: a key sent to them over plain http stays on it. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The one-line warning for a --url that would carry the key in clear over the network (plain http to a
 * host that is not this machine), or null. A warning, not a refusal: a server behind a tunnel or on a
 * trusted LAN is the person's choice, but they should know the key travels unencrypted.
 */
export function plainHttpWarning(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return null;
  return `warning: ${parsed.origin} is plain http to another machine: the API key travels unencrypted (use https://, or a server on 127.0.0.1)`;
}

/** The one line a refusal to start prints (stderr; stdout belongs to the protocol). */
class StartRefused extends Error {}

/**
 * `crossbuy mcp`: an MCP server on stdio for an AI assistant (src/main/mcp/). The key comes from
 * CROSSBUY_API_KEY (never a flag: it would show in the process list and the client's config history).
 */
export async function mcp(flags: McpFlags, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const key = env.CROSSBUY_API_KEY?.trim();
  if (!key) throw new StartRefused('CROSSBUY_API_KEY is not set: create a key (crossbuy keys create --scopes ...) and pass it in the environment');
  // The key decides the world it reaches (worlds.md); --world says which one the client's config expects,
  // checked against the key's own world when the folder is opened (in-process mode).
  if (flags.world !== undefined && flags.world !== DEFAULT_WORLD && !isWorldId(flags.world)) throw new StartRefused(`--world "${flags.world}" is not a world id (default or w_...)`);
  // stdout belongs to the protocol: anything a dependency would print goes to stderr instead.
  for (const name of ['log', 'info', 'debug'] as const) console[name] = (...args: unknown[]) => console.error(...args);
  // Loaded here: the core and the server are most of the CLI's start-up time.
  const { isPresetName, parseGlobs, unmatchedGlobs } = await import('../mcp/filter.js');
  const { openTools } = await import('../mcp/open-tools.js');
  const { runStdio } = await import('../mcp/stdio.js');
  if (flags.preset !== undefined && !isPresetName(flags.preset)) throw new StartRefused(`--preset "${flags.preset}": use shopper or tracker`);
  const globs = flags.tools ? parseGlobs(flags.tools) : undefined;
  const unknown = globs ? unmatchedGlobs(openTools(), globs) : [];
  if (unknown.length > 0) throw new StartRefused(`--tools: no tool matches ${unknown.join(', ')}`);
  if (flags.url !== undefined && !/^https?:\/\//.test(flags.url)) throw new StartRefused(`--url "${flags.url}" must be an http:// origin, e.g. http://127.0.0.1:4680`);
  if (flags.url !== undefined) {
    const warning = plainHttpWarning(flags.url);
    if (warning) process.stderr.write(`crossbuy mcp: ${warning}\n`);
  }
  const dataDir = resolveDataDir(flags.data);
  // In-process, the key is checked against the folder's keys: a folder without a database (a mistyped
  // --data) is refused, not created and seeded.
  if (flags.url === undefined && !existsSync(databaseFile(dataDir))) throw new StartRefused(noDatabaseMessage(dataDir));
  // Runs for hours beside the assistant: the old generation held to what is live (headless/steady-heap.ts).
  (await import('../headless/steady-heap.js')).holdSteadyHeap();
  await runStdio({
    key,
    dataDir,
    url: flags.url,
    world: flags.world,
    selection: { readOnly: flags.readOnly === true, ...(globs ? { globs } : {}), ...(flags.preset ? { preset: flags.preset as 'shopper' | 'tracker' } : {}) },
    log: (line) => process.stderr.write(`${line}\n`),
  });
}

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('serve the open API as MCP tools over stdio for an AI assistant (key from CROSSBUY_API_KEY)')
    .option('--data <dir>', 'data directory (env CROSSBUY_DATA; default: the app-data folder)')
    .option('--world <id>', 'the world the key belongs to (the key decides; default: default)')
    .option('--read-only', 'list and allow read tools only')
    .option('--tools <globs>', 'only these tools, e.g. "orders_*,cart_*"')
    .option('--preset <name>', 'a tool set under 40 tools: shopper or tracker')
    .option('--url <origin>', 'forward to a running server (its /mcp) instead of opening the data folder')
    .action(async (flags: McpFlags) => {
      try {
        await mcp(flags);
      } catch (error) {
        process.stderr.write(`crossbuy mcp: ${(error as Error).message}\n`);
        process.exitCode = 1;
      }
    });
}
