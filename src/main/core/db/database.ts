import Database from 'better-sqlite3';
import { privateDatabaseFile } from '../shared/private-files.js';
import { watchCommits } from './data-version.js';
import { flushGroupCommit } from './group-commit.js';
import { boundMemory, PAGE_CACHE_KIB } from './memory-bounds.js';

export type Db = Database.Database;

/**
 * Opens the database with the settings every connection needs. `synchronous = FULL` in WAL mode: every
 * committed transaction (and so every money movement) is fsynced before the call returns, so a power loss
 * cannot lose a payment the client was told about. NORMAL would be faster but may drop the last commits.
 */
export function openDatabase(file: string): Db {
  privateDatabaseFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Savepoints (one per request in a group-commit batch, one per nested transaction) copy each page they
  // first touch to a sub-journal, which SQLite spills to a temporary file past 64 KiB: an order touches
  // more than that, so every order paid for temp-file writes (measured: ~60 us of system CPU per order).
  // In memory the sub-journal costs a copy. Temporary tables and sorts stay small here (nothing on a
  // request reads in proportion to the data), so memory is the right place for them too.
  db.pragma('temp_store = MEMORY');
  boundMemory(db, PAGE_CACHE_KIB);
  cacheStatements(db);
  watchCommits(db);
  return db;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Compiling SQL costs more than running most of our queries (measured: ~12 us per prepare against a few us
 * per indexed lookup), so `db.prepare` hands back a cached statement for the same SQL text. A statement
 * taken from the cache has its result-shape toggles reset, so one caller's pluck/raw/expand never leaks into
 * another's. Callers must not hold an `iterate()` open across another use of the same SQL.
 */
function cacheStatements(db: Db): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement === undefined) {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(sql, statement);
    } else if (statement.reader) {
      statement.raw(false).pluck(false).expand(false);
    }
    return statement;
  }) as Db['prepare'];
}

/** Checkpoints the WAL into the main file and closes: what a clean stop does. */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  try {
    flushGroupCommit(db);
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/**
 * Runs `work` in a BEGIN IMMEDIATE transaction: the write lock is taken up front, so two processes
 * (the server and the CLI) never deadlock upgrading a read lock, and busy_timeout applies.
 */
export function inTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate();
}
