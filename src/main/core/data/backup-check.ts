import Database from 'better-sqlite3';
import { closeSync, copyFileSync, openSync, readSync, statSync } from 'node:fs';
import type { Db } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';
import { readSetting } from '../settings/settings.js';
import { runMoneyChecks } from './money-checks.js';

/**
 * Whether a file may replace the live data: every check a restore makes before it touches anything,
 * run on a staged copy in a worker thread (backup-check-worker.ts), so a large or hostile file costs the
 * server's thread nothing. Each refusal is the 4xx the restore answers: 400 for a file that is not a
 * crossbuy database at all, 422 for one that is but cannot be trusted (damaged, newer, incomplete, money
 * that does not add up).
 */
export type BackupVerdict = { ok: true; schemaVersion: number } | { ok: false; status: 400 | 422; message: string };

export interface BackupCheckInput {
  /** The file to restore (never written). */
  source: string;
  /** Where the copy is staged and migrated: what the restore then copies from. */
  staged: string;
  /** Files larger than this are refused before anything is read. */
  maxBytes: number;
}

const SQLITE_MAGIC = 'SQLite format 3\0';
/** SQLite's file header: the smallest database file is one page, never less than this. */
const HEADER_BYTES = 100;
/** How many problems a refusal names (the count is always given). */
const NAMED = 3;

const refuse = (status: 400 | 422, message: string): BackupVerdict => ({ ok: false, status, message });

export function checkBackupFile(input: BackupCheckInput): BackupVerdict {
  const size = statSync(input.source).size;
  if (size > input.maxBytes) return refuse(422, `The backup is ${size} bytes, more than the ${input.maxBytes} a restore accepts (setting restoreMaxBytes)`);
  if (size < HEADER_BYTES || readHead(input.source) !== SQLITE_MAGIC) return refuse(400, 'The backup is not a SQLite database');
  copyFileSync(input.source, input.staged);
  let db: Db;
  try {
    db = new Database(input.staged, { fileMustExist: true });
  } catch (error) {
    return refuse(422, `The backup is damaged (${messageOf(error)})`);
  }
  try {
    return checkStaged(db);
  } catch (error) {
    // SQLite reports scribbled pages as it meets them (SQLITE_CORRUPT, SQLITE_NOTADB) from any statement.
    return refuse(422, `The backup is damaged (${messageOf(error)})`);
  } finally {
    db.close();
  }
}

function checkStaged(db: Db): BackupVerdict {
  const integrity = db.prepare('PRAGMA quick_check').pluck().all() as string[];
  if (integrity[0] !== 'ok') return refuse(422, `The backup is damaged (${named(integrity)})`);
  const version = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  if (version > latest) return refuse(422, `The backup's schema version ${version} is newer than this build supports (${latest}): restore it with a newer crossbuy`);
  if (version < 1 || !hasTable(db, 'wallet_entries')) return refuse(400, 'The backup is not a crossbuy database');
  try {
    migrate(db);
  } catch (error) {
    return refuse(422, `The backup could not be brought to this build's schema (${messageOf(error)})`);
  }
  const missing = missingSchema(db);
  if (missing.length > 0) return refuse(422, `The backup lacks part of the schema: ${named(missing)}`);
  const references = db.prepare('PRAGMA foreign_key_check').all() as { table: string; rowid: number; parent: string }[];
  if (references.length > 0) {
    return refuse(422, `The backup's references are broken: ${named(references.map((f) => `${f.table} row ${f.rowid} points at a missing ${f.parent} row`))}`);
  }
  const money = moneyProblems(db);
  if (money.length > 0) return refuse(422, `The backup's money does not add up: ${named(money)}`);
  return { ok: true, schemaVersion: latest };
}

/** The doctor's money checks (money-checks.ts), on the migrated copy, in the backup's own ledger currency. */
function moneyProblems(db: Db): string[] {
  const problems: string[] = [];
  runMoneyChecks({ db, currency: readSetting(db, 'currency') }, (_check, problem) => problems.push(problem));
  return problems;
}

/** Every table and column of this build's schema the backup lacks once migrated (a table dropped by hand, say). */
function missingSchema(db: Db): string[] {
  const reference = new Database(':memory:');
  try {
    migrate(reference);
    const missing: string[] = [];
    const tables = reference.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).pluck().all() as string[];
    for (const table of tables) {
      if (!hasTable(db, table)) {
        missing.push(`table ${table}`);
        continue;
      }
      const have = new Set(db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
      for (const column of reference.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]) {
        if (!have.has(column)) missing.push(`column ${table}.${column}`);
      }
    }
    return missing;
  } finally {
    reference.close();
  }
}

function hasTable(db: Db, name: string): boolean {
  return db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name) !== undefined;
}

function readHead(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_MAGIC.length);
    readSync(fd, head, 0, head.length, 0);
    return head.toString('latin1');
  } finally {
    closeSync(fd);
  }
}

function named(problems: readonly string[]): string {
  const shown = problems.slice(0, NAMED).join('; ');
  return problems.length > NAMED ? `${shown}; and ${problems.length - NAMED} more` : shown;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
