import { readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { CoreContext } from '../context.js';
import { groupCommit } from '../db/group-commit.js';
import { readSetting } from '../settings/settings.js';
import { ApiError, unprocessable } from '../shared/errors.js';
import { makePrivate, privateDir } from '../shared/private-files.js';

/** Database backups: SQLite's online backup into <data>/backups, consistent while the server runs. */
export interface BackupFile {
  /** The file's name: what `POST /data/restore` takes. */
  id: string;
  file: string;
  bytes: number;
  createdAt: string;
}

export function backupDir(ctx: CoreContext): string {
  if (ctx.dataDir === ':memory:') throw unprocessable('An in-memory database has no data folder to back up into');
  return join(ctx.dataDir, 'backups');
}

/**
 * SQLite's online backup on this connection. Started while the connection holds an open write
 * transaction, it copies nothing and still reports success (totalPages 0, measured with better-sqlite3
 * 13): so it starts after the open group-commit batch is committed, and an empty copy is refused rather
 * than listed as a backup. Writes made on this connection while it runs are carried into the copy.
 */
export async function backupDatabase(ctx: CoreContext, options: { automatic?: boolean } = {}): Promise<BackupFile> {
  const dir = backupDir(ctx);
  privateDir(dir);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `crossbuy-${stamp}${options.automatic ? AUTOMATIC : ''}.db`);
  await groupCommit(ctx.db).settled()?.catch(() => undefined);
  const copied = await ctx.db.backup(file);
  if (copied.totalPages === 0) {
    rmSync(file, { force: true });
    throw new ApiError(503, 'The backup could not be taken while a write was being committed; nothing was saved, try again');
  }
  // It holds what the database holds (webhook secrets, addresses): readable by this user only.
  makePrivate(file);
  if (options.automatic) pruneAutomaticBackups(ctx);
  const stat = statSync(file);
  return { id: basename(file), file, bytes: stat.size, createdAt: stat.mtime.toISOString() };
}

/** The name's ending of a backup the app took by itself (the state before a restore), not the operator. */
const AUTOMATIC = '-auto';

/** Keeps the newest `automaticBackupsKept` automatic backups: restores retried all day cannot fill the disk. */
function pruneAutomaticBackups(ctx: CoreContext): void {
  const keep = readSetting(ctx.db, 'automaticBackupsKept');
  const automatic = listBackups(ctx).filter((b) => b.id.endsWith(`${AUTOMATIC}.db`));
  for (const old of automatic.slice(keep)) rmSync(old.file, { force: true });
}

export function listBackups(ctx: CoreContext): BackupFile[] {
  const dir = backupDir(ctx);
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith('crossbuy-') && n.endsWith('.db'));
  } catch {
    return [];
  }
  return names
    .map((name) => {
      const stat = statSync(join(dir, name));
      return { id: name, file: join(dir, name), bytes: stat.size, createdAt: stat.mtime.toISOString() };
    })
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
