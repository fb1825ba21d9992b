import Database from 'better-sqlite3';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { forgetCachedKeys } from '../auth/api-keys.js';
import type { CoreContext } from '../context.js';
import type { Db } from '../db/database.js';
import { flushGroupCommit } from '../db/group-commit.js';
import { migrate } from '../db/migrate.js';
import { readSetting, writeSetting } from '../settings/settings.js';
import { badRequest, notFound, unprocessable } from '../shared/errors.js';
import { backupDir } from './backup.js';

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

/**
 * Makes the live database hold what `file` holds, in one transaction on the live connection, so every
 * request sees either the state before or the state after, and the server keeps serving on the same
 * connection (its prepared statements stay valid; the caches keyed by the connection's changes see the
 * change; the key cache is told).
 *
 * The backup is first copied aside and migrated to this build's schema (an older backup gains the later
 * migrations), then attached and copied table by table with the triggers lifted (counters, ranks and due
 * steps are copied as they were, not re-derived) and foreign keys deferred to the commit. What is the
 * installation's rather than the data's stays: the admin token, and the service clock, which only moves
 * forward (the later of the two offsets). AUTOINCREMENT counters keep the higher value, so an id a client
 * saw after the backup (an event, a key) is never handed out again.
 */
export function restoreFromFile(ctx: CoreContext, file: string): void {
  if (ctx.dataDir === ':memory:') throw unprocessable('An in-memory database has no backups to restore');
  const staged = join(backupDir(ctx), `.restoring-${process.pid}-${Date.now()}.db`);
  copyFileSync(file, staged);
  try {
    stage(staged);
    copyInto(ctx.db, staged);
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(staged + suffix, { force: true });
  }
  forgetCachedKeys();
}

/** Checks the copy is a crossbuy database and brings it to this build's schema. */
function stage(file: string): void {
  let db: Database.Database;
  try {
    db = new Database(file, { fileMustExist: true });
  } catch {
    throw badRequest(`${basename(file)} is not a database`);
  }
  try {
    const version = (() => {
      try {
        return db.pragma('user_version', { simple: true }) as number;
      } catch {
        throw badRequest('The backup is not a SQLite database');
      }
    })();
    const hasLedger = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'wallet_entries'`).get();
    if (version < 1 || !hasLedger) throw badRequest('The backup is not a crossbuy database');
    migrate(db as unknown as Db);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw unprocessable(`The backup is damaged (${String(check)})`);
  } finally {
    db.close();
  }
}

function copyInto(db: Db, staged: string): void {
  // ATTACH cannot run inside a transaction: commit the open group-commit batch first (its requests are
  // waiting for that commit anyway). Nothing else runs on this thread until the copy is done.
  flushGroupCommit(db);
  db.prepare('ATTACH DATABASE ? AS restored').run(staged);
  try {
    db.transaction(() => {
      db.pragma('defer_foreign_keys = ON');
      const adminTokenHash = readSetting(db, 'adminTokenHash');
      const clockOffsetMs = readSetting(db, 'clockOffsetMs');
      const sequences = db.prepare('SELECT name, seq FROM main.sqlite_sequence').all() as { name: string; seq: number }[];
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
      db.exec(`INSERT INTO products_fts(products_fts) VALUES ('rebuild')`);
      for (const t of triggers) db.exec(t.sql);
      writeSetting(db, 'adminTokenHash', adminTokenHash);
      writeSetting(db, 'clockOffsetMs', Math.max(clockOffsetMs, readSetting(db, 'clockOffsetMs')));
    }).immediate();
  } finally {
    db.exec('DETACH DATABASE restored');
  }
}
