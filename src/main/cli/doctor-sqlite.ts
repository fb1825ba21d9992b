import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Db } from '../core/db/database.js';

/**
 * SQLite's own checks (page structure, foreign keys), run on connections of their own in worker threads so
 * they overlap with the ledger and order checks on the main thread: on a million orders each side takes
 * a couple of seconds, and the machine has two cores. Problems are counted, and only the first few kept.
 */
export interface SqliteCheckResult {
  /** `ms`: how long the check took. */
  integrity: { problems: string[]; count: number; ms: number };
  foreignKeys: { problems: string[]; count: number; ms: number };
}

export interface SqliteCheckOptions {
  /** PRAGMA integrity_check (also compares every index with its table: several times slower) instead of quick_check. */
  full: boolean;
  maxListed: number;
}

/** The checks themselves, on any connection (the worker's, or the caller's in tests). */
export function runSqliteChecks(db: Db, options: SqliteCheckOptions): SqliteCheckResult {
  let started = performance.now();
  const integrity = { problems: [] as string[], count: 0, ms: 0 };
  const pragma = options.full ? 'integrity_check' : 'quick_check';
  for (const line of db.prepare(`PRAGMA ${pragma}`).pluck().iterate() as IterableIterator<string>) {
    if (line === 'ok') continue;
    integrity.count++;
    if (integrity.problems.length < options.maxListed) integrity.problems.push(line);
  }
  integrity.ms = performance.now() - started;
  started = performance.now();
  const foreignKeys = { problems: [] as string[], count: 0, ms: 0 };
  for (const f of db.prepare('PRAGMA foreign_key_check').iterate() as IterableIterator<{ table: string; rowid: number; parent: string }>) {
    foreignKeys.count++;
    if (foreignKeys.problems.length < options.maxListed) foreignKeys.problems.push(`${f.table} row ${f.rowid} points at a missing ${f.parent} row`);
  }
  foreignKeys.ms = performance.now() - started;
  return { integrity, foreignKeys };
}

// The worker is a few lines of plain JavaScript (it must run from the TypeScript sources and from the
// bundle alike): it opens the file read-only and runs one of the two pragmas.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const started = performance.now();
const result = { problems: [], count: 0, ms: 0 };
const add = (p) => { result.count++; if (result.problems.length < workerData.maxListed) result.problems.push(p); };
if (workerData.part === 'integrity') {
  for (const line of db.prepare('PRAGMA ' + (workerData.full ? 'integrity_check' : 'quick_check')).pluck().iterate()) if (line !== 'ok') add(line);
} else {
  for (const f of db.prepare('PRAGMA foreign_key_check').iterate()) add(f.table + ' row ' + f.rowid + ' points at a missing ' + f.parent + ' row');
}
result.ms = performance.now() - started;
db.close();
parentPort.postMessage(result);
`;

function startPart(part: 'integrity' | 'foreignKeys', file: string, options: SqliteCheckOptions): Promise<SqliteCheckResult['integrity']> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, part, ...options } });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the SQLite check worker exited with ${code}`));
    });
  });
}

/**
 * Starts the SQLite checks on `file`, each in a worker thread of its own (quick_check reads every page,
 * foreign_key_check seeks a parent for every child row: at a million orders each takes seconds, and with
 * the money checks on the main thread the three share the cores); await the promise for their result.
 */
export async function startSqliteChecks(file: string, options: SqliteCheckOptions): Promise<SqliteCheckResult> {
  const [integrity, foreignKeys] = await Promise.all([startPart('integrity', file, options), startPart('foreignKeys', file, options)]);
  return { integrity, foreignKeys };
}
