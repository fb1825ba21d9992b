import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { forgetCachedKeys } from '../auth/api-keys.js';
import type { CoreContext } from '../context.js';
import type { Db } from '../db/database.js';
import { flushGroupCommit } from '../db/group-commit.js';
import { readSetting, writeSetting } from '../settings/settings.js';
import { ApiError, notFound, unprocessable } from '../shared/errors.js';
import { privateDir } from '../shared/private-files.js';
import { workerScript } from '../shared/worker-script.js';
import type { BackupCheckInput, BackupVerdict } from './backup-check.js';
import { backupDatabase, backupDir, type BackupFile } from './backup.js';
import { keepWorldRegistry, readLiveRegistry } from '../worlds/registry.js';

/** A backup's id is its file name in <data>/backups, as `GET /data/backups` lists it. */
const BACKUP_ID = /^crossbuy-[0-9A-Za-z-]{1,64}\.db$/;

/** The file of a backup id; 404 for anything that is not a backup of this folder. */
export function backupFileOf(ctx: CoreContext, backupId: string): string {
  if (!BACKUP_ID.test(backupId)) throw notFound(`Backup ${backupId} not found`);
  const file = join(backupDir(ctx), backupId);
  if (!existsSync(file)) throw notFound(`Backup ${backupId} not found`);
  return file;
}

/**
 * FTS5 tables are rebuilt from the catalog, not copied: their shadow tables are SQLite's business. The
 * world's identity and random stream (world_state) stay the live world's, as its clock does: a restore
 * brings back data, not another world (whose frozen clock or seed the running core could not take up).
 */
const NOT_COPIED = /^(sqlite_|products_fts|world_state$)/;

/** What a restore did, beside the data it brought back. */
export interface RestoreOutcome {
  /** The live data as it was just before (automatic backups are pruned to the newest `automaticBackupsKept`). */
  backupBefore: BackupFile;
  /** API keys revoked or expired since the backup, kept so (a restore never brings a revoked key back). */
  keysKeptRevoked: number;
  /**
   * Worlds the backup registers whose database is gone (deleted since the backup): not registered again.
   * Every world whose folder exists stays registered as it is now (worlds live in folders of their own,
   * which a restore of the default world's database does not touch).
   */
  worldsDropped: string[];
}

/**
 * Makes the live database hold what `file` holds, in one transaction on the live connection, so every
 * request sees either the state before or the state after, and the server keeps serving on the same
 * connection (its prepared statements stay valid; the caches keyed by the connection's changes see the
 * change; the key cache is told).
 *
 * In this order, so that a refused file writes nothing (not even the backup of the state before):
 * 1. the file is copied aside and checked there by a worker thread (backup-check.ts: size, header,
 *    SQLite's quick_check, schema version, migration to this build's schema, references, the doctor's
 *    money checks), so a file of any size costs the server's thread nothing; a bad file is a 400 or 422;
 * 2. the live data is backed up (`backupBefore`; old automatic backups pruned);
 * 3. the staged copy is attached and copied table by table with the triggers lifted (counters, ranks and
 *    due steps are copied as they were, not re-derived) and foreign keys deferred to the commit.
 * What is the installation's rather than the data's stays: the admin token; the service clock, which only
 * moves forward (the later of the two offsets); and every key revocation or expiry made since the backup
 * (a key revoked because it leaked must stay revoked). AUTOINCREMENT counters keep the higher value, so an
 * id a client saw after the backup (an event, a key) is never handed out again. The world registry stays
 * true to the world folders, which a restore does not touch (worlds/registry.ts, keepWorldRegistry): every world
 * whose folder exists stays registered as it is now; a world of the backup whose database is gone is dropped.
 */
export async function restoreFromFile(ctx: CoreContext, file: string): Promise<RestoreOutcome> {
  if (ctx.dataDir === ':memory:') throw unprocessable('An in-memory database has no backups to restore');
  privateDir(backupDir(ctx));
  const staged = join(backupDir(ctx), `.restoring-${process.pid}-${Date.now()}.db`);
  try {
    const verdict = await checkInWorker({ source: file, staged, maxBytes: readSetting(ctx.db, 'restoreMaxBytes') });
    if (!verdict.ok) throw new ApiError(verdict.status, verdict.message);
    const backupBefore = await backupDatabase(ctx, { automatic: true });
    const { keysKeptRevoked, worldsDropped } = copyInto(ctx.db, staged, ctx.dataDir);
    forgetCachedKeys();
    return { backupBefore, keysKeptRevoked, worldsDropped };
  } finally {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(staged + suffix, { force: true });
  }
}

/** Runs checkBackupFile in a worker thread of its own (a restore is rare: no pool). */
function checkInWorker(input: BackupCheckInput): Promise<BackupVerdict> {
  const script = workerScript(fileURLToPath(new URL('.', import.meta.url)), 'backup-check-worker', 'backup-check-worker.ts');
  const worker = new Worker(script.file, { workerData: input, execArgv: script.execArgv });
  return new Promise((resolve, reject) => {
    worker.once('message', (verdict: BackupVerdict) => resolve(verdict));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the backup check ended (exit ${code}) without a verdict`)));
  });
}

interface KeyLimits {
  hash: string;
  revoked_at: string | null;
  expires_at: string | null;
}

/**
 * Copies the staged backup into the live database; returns how many restored keys kept a later revocation
 * or expiry, and the worlds of the backup left unregistered because their database is gone.
 */
function copyInto(db: Db, staged: string, dataDir: string): { keysKeptRevoked: number; worldsDropped: string[] } {
  // ATTACH cannot run inside a transaction: commit the open group-commit batch first (its requests are
  // waiting for that commit anyway). Nothing else runs on this thread until the copy is done.
  flushGroupCommit(db);
  db.prepare('ATTACH DATABASE ? AS restored').run(staged);
  try {
    return db.transaction(() => {
      db.pragma('defer_foreign_keys = ON');
      const adminTokenHash = readSetting(db, 'adminTokenHash');
      const clockOffsetMs = readSetting(db, 'clockOffsetMs');
      const keyLimits = db.prepare('SELECT hash, revoked_at, expires_at FROM main.api_keys WHERE revoked_at IS NOT NULL OR expires_at IS NOT NULL').all() as KeyLimits[];
      const sequences = db.prepare('SELECT name, seq FROM main.sqlite_sequence').all() as { name: string; seq: number }[];
      const liveRegistry = readLiveRegistry(db);
      const triggers = db.prepare(`SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger'`).all() as { name: string; sql: string }[];
      for (const t of triggers) db.exec(`DROP TRIGGER main."${t.name}"`);
      const tables = (db.prepare(`SELECT name FROM main.sqlite_master WHERE type = 'table'`).pluck().all() as string[]).filter((n) => !NOT_COPIED.test(n));
      for (const table of tables) db.exec(`DELETE FROM main."${table}"`);
      for (const table of tables) {
        const columns = (db.prepare(`SELECT name FROM pragma_table_info(?, 'main')`).pluck().all(table) as string[]).map((c) => `"${c}"`).join(', ');
        db.exec(`INSERT INTO main."${table}" (${columns}) SELECT ${columns} FROM restored."${table}"`);
      }
      db.exec('DELETE FROM main.sqlite_sequence; INSERT INTO main.sqlite_sequence (name, seq) SELECT name, seq FROM restored.sqlite_sequence');
      const setSeq = db.prepare('UPDATE main.sqlite_sequence SET seq = MAX(seq, ?) WHERE name = ?');
      const addSeq = db.prepare('INSERT INTO main.sqlite_sequence (name, seq) SELECT ?, ? WHERE NOT EXISTS (SELECT 1 FROM main.sqlite_sequence WHERE name = ?)');
      for (const s of sequences) {
        setSeq.run(s.seq, s.name);
        addSeq.run(s.name, s.seq, s.name);
      }
      const worldsDropped = keepWorldRegistry(db, dataDir, liveRegistry);
      db.exec(`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`);
      for (const t of triggers) db.exec(t.sql);
      writeSetting(db, 'adminTokenHash', adminTokenHash);
      writeSetting(db, 'clockOffsetMs', Math.max(clockOffsetMs, readSetting(db, 'clockOffsetMs')));
      return { keysKeptRevoked: keepKeyLimits(db, keyLimits), worldsDropped };
    }).immediate();
  } finally {
    db.exec('DETACH DATABASE restored');
  }
}

/**
 * A key revoked (or given an earlier expiry) after the backup stays revoked (the earlier expiry wins): the
 * live side's limits are laid over the restored rows, matched by the key's hash.
 */
function keepKeyLimits(db: Db, live: readonly KeyLimits[]): number {
  const revoke = db.prepare('UPDATE main.api_keys SET revoked_at = ? WHERE hash = ? AND revoked_at IS NULL');
  const expire = db.prepare('UPDATE main.api_keys SET expires_at = ? WHERE hash = ? AND (expires_at IS NULL OR expires_at > ?)');
  let kept = 0;
  for (const key of live) {
    let changed = key.revoked_at !== null && revoke.run(key.revoked_at, key.hash).changes > 0;
    if (key.expires_at !== null) changed = expire.run(key.expires_at, key.hash, key.expires_at).changes > 0 || changed;
    if (changed) kept++;
  }
  return kept;
}
