import type { Command } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { adminTokenFile, databaseFile } from '../core/data-dir.js';
import { serverHolding } from '../core/data/server-lock.js';
import { resolveDataDir } from './args.js';
import { existingDataDir, readOnlyFailure } from './with-core.js';

/** One admin API call: to the server holding the folder, or to one started here for the command. */
type AdminCall = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; body: { data?: unknown; message?: string } | undefined }>;

/**
 * Runs `work` against the worlds of a data folder. A live server on the folder (`<data>/server.pid`) is
 * asked over HTTP with the folder's admin token (its worlds and their open databases are that process's);
 * otherwise the command serves the folder itself for its duration (on a free loopback port), so both
 * ways run the same routes. `existing`: the command reads or changes worlds already there (list, delete,
 * reset), so a folder without a database is refused rather than created and seeded.
 */
export async function withWorldsApi<T>(dataFlag: string | undefined, work: (call: AdminCall) => Promise<T>, options: { existing?: boolean } = {}): Promise<T> {
  const dataDir = options.existing ? existingDataDir(dataFlag) : resolveDataDir(dataFlag);
  const holder = serverHolding(dataDir);
  if (holder) {
    const token = readFileSync(adminTokenFile(dataDir), 'utf8').trim();
    return work(async (method, path, body, headers = {}) => {
      const response = await fetch(`${holder.origin}/api/v1/admin${path}`, {
        method,
        headers: { ...headers, authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as { data?: unknown }) : undefined };
    });
  }
  const { startServer } = await import('../headless/serve.js');
  const { applyWorldFile } = await import('../core/worlds/file/apply.js');
  const fresh = !existsSync(databaseFile(dataDir));
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer({ dataDir, port: 0, uiDir: null, applyFile: applyWorldFile });
  } catch (error) {
    throw readOnlyFailure(error, dataDir, true) ?? error;
  }
  if (fresh) process.stderr.write(`crossbuy: ${dataDir} had no data: started it with the demo data (another folder: --data DIR or CROSSBUY_DATA)\n`);
  try {
    return await work(async (method, path, body, headers = {}) => {
      const response = await running.app.inject({
        method: method as 'GET',
        url: `/api/v1/admin${path}`,
        headers: { ...headers, authorization: `Bearer ${running.core.adminToken}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as { data?: unknown }) : undefined };
    });
  } finally {
    await running.stop();
  }
}

/** The answer's data, or the error's message as the command's failure. */
export function dataOf<T>(answer: Awaited<ReturnType<AdminCall>>): T {
  if (answer.status >= 400) throw new Error(answer.body?.message ?? `the server answered ${answer.status}`);
  return answer.body?.data as T;
}

function integer(text: string, flag: string): number {
  if (!/^[0-9]{1,16}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new Error(`${flag} must be an integer from 0 to 2^53-1`);
  return Number(text);
}

interface CreateFlags {
  file?: string;
  seed?: string;
  name?: string;
  ttl?: string;
  id?: string;
  data?: string;
  json?: boolean;
}

interface WorldSummary {
  id: string;
  name: string;
  seed: number;
  frozen: boolean;
  lastUsedAt: string;
  expiresAt: string | null;
}

export function registerWorldCommands(program: Command): void {
  const world = program.command('world').description('worlds: isolated sandboxes in one data folder (works on a running server or on the folder)');

  world
    .command('create')
    .description('create a world; prints its id and its key (shown only once), one a line')
    .option('--file <file>', 'a world file (JSON) to set it up with')
    .option('--seed <n>', 'the seed of its random stream (0 to 2^53-1)')
    .option('--name <name>', 'a name to recognise it by')
    .option('--ttl <duration>', 'delete it when unused this long, e.g. 2h, 7d')
    .option('--id <id>', 'its id (w_ and 10 to 40 of a-z, 0-9, _ and -); default a new one')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print the whole answer as JSON')
    .action(async (flags: CreateFlags) => {
      const body: Record<string, unknown> = {};
      if (flags.file) {
        // The server reads no file a request names: the CLI writes the file's includes into it.
        const { inlineIncludes, readWorldFile } = await import('../core/worlds/file/load.js');
        try {
          const { file, baseDir } = readWorldFile(flags.file);
          body.file = inlineIncludes(file, baseDir);
        } catch (error) {
          throw new Error(`--file ${flags.file}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (flags.seed !== undefined) body.seed = integer(flags.seed, '--seed');
      if (flags.name !== undefined) body.name = flags.name;
      if (flags.ttl !== undefined) body.ttl = flags.ttl;
      if (flags.id !== undefined) body.id = flags.id;
      const created = await withWorldsApi(flags.data, async (call) => dataOf<{ id: string; key: { secret: string } }>(await call('POST', '/worlds', body)));
      process.stdout.write(flags.json ? `${JSON.stringify(created, null, 2)}\n` : `${created.id}\n${created.key.secret}\n`);
    });

  world
    .command('list')
    .description('every world of the data folder (the default world is not listed)')
    .option('--data <dir>', 'data directory')
    .option('--json', 'print JSON lines, one world each')
    .action(async (flags: { data?: string; json?: boolean }) => {
      await withWorldsApi(flags.data, async (call) => {
        let after: string | null = null;
        for (;;) {
          const query: string = after ? `&startingAfter=${encodeURIComponent(after)}` : '';
          const page = dataOf<{ items: WorldSummary[] }>(await call('GET', `/worlds?limit=100${query}`));
          for (const w of page.items) {
            // A world made without a name is named by its id: '-' then, not the id twice.
            process.stdout.write(flags.json ? `${JSON.stringify(w)}\n` : `${w.id}\t${w.name === w.id ? '-' : w.name}\tseed ${w.seed}\t${w.frozen ? 'frozen' : 'running'}\tlast used ${w.lastUsedAt}${w.expiresAt ? `\texpires ${w.expiresAt}` : ''}\n`);
          }
          if (page.items.length < 100) return;
          after = page.items[page.items.length - 1]!.id;
        }
      }, { existing: true });
    });

  world
    .command('delete <id>')
    .description('delete a world: its keys stop working at once')
    .option('--data <dir>', 'data directory')
    .action(async (id: string, flags: { data?: string }) => {
      await withWorldsApi(flags.data, async (call) => dataOf(await call('DELETE', `/worlds/${encodeURIComponent(id)}`)), { existing: true });
      process.stdout.write(`deleted ${id}\n`);
    });

  world
    .command('reset <id>')
    .description('put a world back as it was created, or at a snapshot')
    .option('--snapshot <id>', 'a snapshot of the world (default: as it was created)')
    .option('--data <dir>', 'data directory')
    .action(async (id: string, flags: { snapshot?: string; data?: string }) => {
      const body = flags.snapshot ? { snapshot: flags.snapshot } : {};
      const reset = await withWorldsApi(flags.data, async (call) => dataOf<{ id: string; clock: string }>(await call('POST', `/worlds/${encodeURIComponent(id)}/reset`, body)), { existing: true });
      process.stdout.write(`reset ${reset.id} (clock ${reset.clock})\n`);
    });
}
