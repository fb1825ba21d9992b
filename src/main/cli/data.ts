import type { Command } from 'commander';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { restoreFromFile } from '../core/data/restore.js';
import { serverHolding } from '../core/data/server-lock.js';
import { databaseFile } from '../core/data-dir.js';
import { resolveDataDir } from './args.js';
import { withCoreAsync } from './with-core.js';

/**
 * `crossbuy data restore FILE`: the same restore as POST /api/v1/admin/data/restore, for a folder no
 * server holds (a running server keeps its own caches and timers on the data: it must do it itself).
 */
export function registerDataCommands(program: Command): void {
  const data = program.command('data').description('backups of the data folder');
  data
    .command('restore')
    .description('replace the data with a backup file (checked first; the current state is backed up next); the folder must not be served')
    .argument('<file>', 'a backup (.db), e.g. one in <data>/backups')
    .option('--data <dir>', 'data directory')
    .action(async (file: string, flags: { data?: string }) => {
      const dir = resolveDataDir(flags.data);
      // Opening a missing data dir would create and seed a fresh one: report it instead.
      if (!existsSync(databaseFile(dir))) throw new Error(`no crossbuy database at ${databaseFile(dir)}`);
      const holder = serverHolding(dir);
      if (holder) throw new Error(`a server (pid ${holder.pid}, ${holder.origin}) holds ${dir}: stop it first, or restore from its Server & data page`);
      const source = resolve(file);
      if (!existsSync(source)) throw new Error(`no such backup file: ${source}`);
      await withCoreAsync(dir, async (core) => {
        const { backupBefore, keysKeptRevoked } = await restoreFromFile(core.ctx, source);
        process.stdout.write(`restored ${source}\nthe data as it was before: ${backupBefore.file}\n`);
        if (keysKeptRevoked > 0) process.stdout.write(`${keysKeptRevoked} API key(s) revoked or expired since the backup stay revoked or expired\n`);
      });
    });
}
