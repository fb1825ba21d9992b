import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type Db = Database.Database;

export interface OpenOptions {
  /** A native binding built for another ABI (Electron's), passed through to better-sqlite3. */
  nativeBinding?: string;
}

/**
 * Opens the database with the settings every connection needs. `synchronous = FULL` in WAL mode: every
 * committed transaction (and so every money movement) is fsynced before the call returns, so a power loss
 * cannot lose a payment the client was told about. NORMAL would be faster but may drop the last commits.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Checkpoints the WAL into the main file and closes: what a clean stop does. */
export function closeDatabase(db: Db): void {
  if (!db.open) return;
  try {
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
