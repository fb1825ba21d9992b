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
  integrity: SqliteCheckPart;
  foreignKeys: SqliteCheckPart;
}

/** One check's result. `error`: the check could not run to its end (SQLite's message, e.g. a damaged page). */
export interface SqliteCheckPart {
  problems: string[];
  count: number;
  ms: number;
  error?: string;
}

export interface SqliteCheckOptions {
  /** PRAGMA integrity_check (also compares every index with its table: several times slower) instead of quick_check. */
  full: boolean;
  maxListed: number;
}

/** The checks themselves, on any connection (the worker's, or the caller's in tests). */
export function runSqliteChecks(db: Db, options: SqliteCheckOptions): SqliteCheckResult {
  const pragma = options.full ? 'integrity_check' : 'quick_check';
  const integrity = runPart((add) => {
    for (const line of db.prepare(`PRAGMA ${pragma}`).pluck().iterate() as IterableIterator<string>) if (line !== 'ok') add(line);
  }, options.maxListed);
  const foreignKeys = runPart((add) => {
    for (const f of db.prepare('PRAGMA foreign_key_check').iterate() as IterableIterator<{ table: string; rowid: number; parent: string }>) {
      add(`${f.table} row ${f.rowid} points at a missing ${f.parent} row`);
    }
  }, options.maxListed);
  return { integrity, foreignKeys };
}

/** One check, its problems counted and the first few kept; one SQLite cannot finish answers its message. */
function runPart(work: (add: (problem: string) => void) => void, maxListed: number): SqliteCheckPart {
  const started = performance.now();
  const part: SqliteCheckPart = { problems: [], count: 0, ms: 0 };
  try {
    work((problem) => {
      part.count++;
      if (part.problems.length < maxListed) part.problems.push(problem);
    });
  } catch (error) {
    part.error = error instanceof Error ? error.message : String(error);
  }
  part.ms = performance.now() - started;
  return part;
}

// The worker is a few lines of plain JavaScript (it must run from the TypeScript sources and from the
// bundle alike): it opens the file read-only and runs one of the two pragmas. A check SQLite cannot finish
// (a damaged page: "database disk image is malformed") answers its message, never an uncaught error.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const started = performance.now();
const result = { problems: [], count: 0, ms: 0 };
let db;
try {
const Database = require(workerData.driver);
db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const add = (p) => { result.count++; if (result.problems.length < workerData.maxListed) result.problems.push(p); };
if (workerData.part === 'integrity') {
  for (const line of db.prepare('PRAGMA ' + (workerData.full ? 'integrity_check' : 'quick_check')).pluck().iterate()) if (line !== 'ok') add(line);
} else {
  for (const f of db.prepare('PRAGMA foreign_key_check').iterate()) add(f.table + ' row ' + f.rowid + ' points at a missing ' + f.parent + ' row');
}
} catch (error) {
  result.error = String(error && error.message || error);
}
result.ms = performance.now() - started;
try { if (db) db.close(); } catch {}
parentPort.postMessage(result);
`;

/** One part in a worker of its own; it always resolves (a failure is the part's `error`), so no rejection is left unhandled. */
function startPart(part: 'integrity' | 'foreignKeys', file: string, options: SqliteCheckOptions): Promise<SqliteCheckPart> {
  const started = performance.now();
  const failed = (error: string): SqliteCheckPart => ({ problems: [], count: 0, ms: performance.now() - started, error });
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      worker = new Worker(WORKER, { eval: true, workerData: { file, driver, part, ...options } });
    } catch (error) {
      resolve(failed(error instanceof Error ? error.message : String(error)));
      return;
    }
    worker.once('message', resolve);
    worker.once('error', (error) => resolve(failed(error.message)));
    worker.once('exit', (code) => {
      if (code !== 0) resolve(failed(`the SQLite check worker exited with ${code}`));
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
