import type { Command } from 'commander';
import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { backupDatabase, listBackups } from '../core/data/backup.js';
import { restoreFromFile } from '../core/data/restore.js';
import { serverHolding } from '../core/data/server-lock.js';
import { adminTokenFile, databaseFile } from '../core/data-dir.js';
import { uiTokenFile } from '../headless/ui-token.js';
import { plural, resolveDataDir } from './args.js';
import { existingDataDir, withCoreAsync, withCore } from './with-core.js';

/** Where a command names a backup: the backups folder's own name first, else a path from here. */
export function backupSource(name: string, dataDir: string, cwd = process.cwd()): { file: string } | { error: string } {
  if (name.trim() === '') return { error: 'no backup named: give a name as `crossbuy data backups` lists it, or the path of a backup file' };
  const inBackups = join(dataDir, 'backups', basename(name));
  // A bare name (what `data backups` lists) is looked up in the backups folder.
  if (basename(name) === name && existsSync(inBackups)) return { file: inBackups };
  const fromHere = resolve(cwd, name);
  if (existsSync(fromHere) && statSync(fromHere).isDirectory()) return { error: `${fromHere} is a folder, not a backup file (\`crossbuy data backups\` lists the backups by name)` };
  if (existsSync(fromHere)) return { file: fromHere };
  return { error: `no backup named ${name} in ${join(dataDir, 'backups')} (\`crossbuy data backups\` lists them), nor a file ${fromHere}` };
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * `crossbuy data backup|backups|restore` and `crossbuy data-dir`. Backup and restore are the same as the
 * Server & data page's (POST /api/v1/admin/data/backups and /data/restore). A backup is SQLite's online
 * copy, safe beside a running server; a restore needs a folder no server holds (a running server keeps its
 * own caches and timers on the data: it must do it itself).
 */
export function registerDataCommands(program: Command): void {
  const data = program.command('data').description('backups of the data folder');
  data
    .command('backup')
    .description('copy the database into <data>/backups (safe while a server runs on the folder); prints the file')
    .option('--data <dir>', 'data directory')
    .action(async (flags: { data?: string }) => {
      const dir = existingDataDir(flags.data);
      await withCoreAsync(dir, async (core) => {
        const backup = await backupDatabase(core.ctx);
        process.stdout.write(`${backup.file}\n`);
      });
    });

  data
    .command('backups')
    .description('list the backups in <data>/backups, newest first: name, size, time (names are what `data restore` takes)')
    .option('--data <dir>', 'data directory')
    .action((flags: { data?: string }) => {
      const dir = existingDataDir(flags.data);
      withCore(dir, (core) => {
        const backups = listBackups(core.ctx);
        if (backups.length === 0) process.stderr.write(`crossbuy: no backups in ${join(dir, 'backups')} (\`crossbuy data backup\` makes one)\n`);
        for (const b of backups) process.stdout.write(`${b.id}\t${megabytes(b.bytes)}\t${b.createdAt}\n`);
      });
    });

  data
    .command('restore')
    .description('replace the data with a backup (checked first; the current state is backed up next); the folder must not be served')
    .argument('<name>', 'a backup\'s name as `data backups` lists it, or the path of a backup file (.db)')
    .option('--data <dir>', 'data directory')
    .action(async (name: string, flags: { data?: string }) => {
      const dir = existingDataDir(flags.data);
      const holder = serverHolding(dir);
      if (holder) throw new Error(`a server (pid ${holder.pid}, ${holder.origin}) holds ${dir}: stop it first, or restore from its Server & data page`);
      const source = backupSource(name, dir);
      if ('error' in source) throw new Error(source.error);
      await withCoreAsync(dir, async (core) => {
        const { backupBefore, keysKeptRevoked, worldsDropped } = await restoreFromFile(core.ctx, source.file);
        if (worldsDropped.length > 0) process.stdout.write(`not registered again (their databases are gone): ${worldsDropped.join(', ')}\n`);
        process.stdout.write(`restored ${source.file}\nthe data as it was before: ${backupBefore.file}\n`);
        if (keysKeptRevoked > 0) {
          process.stdout.write(`${plural(keysKeptRevoked, 'API key')} revoked or expired since the backup stay revoked or expired\n`);
        }
      });
    });

  program
    .command('data-dir')
    .description('print the data directory in use (alone, for `cd "$(crossbuy data-dir)"`); --verbose adds where the tokens are kept')
    .option('--data <dir>', 'data directory')
    .option('--verbose', 'also the admin and UI token files, and whether the folder holds data yet')
    .action((flags: { data?: string; verbose?: boolean }) => {
      const dir = resolveDataDir(flags.data);
      if (!flags.verbose) {
        process.stdout.write(`${dir}\n`);
        return;
      }
      const state = existsSync(databaseFile(dir)) ? databaseFile(dir) : `${databaseFile(dir)} (not created yet: the first start creates it)`;
      process.stdout.write(`data folder:  ${dir}\ndatabase:     ${state}\nadmin token:  ${adminTokenFile(dir)}\nUI token:     ${uiTokenFile(dir)}\n`);
    });
}
