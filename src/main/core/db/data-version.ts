import Database from 'better-sqlite3';
import type { Db } from './database.js';

/**
 * `PRAGMA data_version` of a connection, read once per synchronous run of JavaScript. It moves when
 * another connection (the CLI) commits, so the per-connection caches (key rows in auth/, kept-views.ts) use
 * it to see changes they did not make. Reading it opens a read transaction (a WAL read-mark lock and unlock,
 * two fcntl calls: ~2-3 us,
 * the largest cost of a cached GET /cart), and a request used to read it twice (the key lookup, then the
 * cart). The value is kept until the current run ends (a microtask clears it), so one request's
 * synchronous handling reads it once: all its reads then see the database as of one instant, as a single
 * read transaction would. The next request, even one parsed in the same poll phase, reads it afresh, so a
 * revocation committed by the CLI still applies to the very next request. Own writes never move it;
 * callers watch those themselves (`total_changes()`, or a generation bumped by the writer).
 */
interface Kept {
  value: number;
}
const kept = new WeakMap<Db, Kept>();

/**
 * The two probes as statements of this module's own, made once per connection with the unwrapped
 * `prepare`: not the shared statement cache's (db/database.ts), whose lookup and result-shape resets cost
 * more than `total_changes()` itself, and where another caller's pluck/raw could reach them.
 */
interface Probes {
  dataVersion: Database.Statement;
  totalChanges: Database.Statement;
}
const probes = new WeakMap<Db, Probes>();

function probesOf(db: Db): Probes {
  let found = probes.get(db);
  if (found === undefined) {
    const prepare = (sql: string) => Database.prototype.prepare.call(db, sql).pluck();
    found = { dataVersion: prepare('PRAGMA data_version'), totalChanges: prepare('SELECT total_changes()') };
    probes.set(db, found);
  }
  return found;
}

export function dataVersion(db: Db): number {
  const hit = kept.get(db);
  if (hit !== undefined) return hit.value;
  const value = probesOf(db).dataVersion.get() as number;
  kept.set(db, { value });
  queueMicrotask(() => kept.delete(db));
  return value;
}

/**
 * What moves whenever any row of the database may have changed: `total_changes()` counts every row this
 * connection wrote (trigger writes and rolled-back ones too, which only makes it stricter; no read
 * transaction, ~0.3 us) and `data_version` moves when another connection commits. Null inside a
 * transaction: an open group-commit batch holds rows that may not commit, so nothing built there is kept.
 */
export interface ChangeStamp {
  changes: number;
  dataVersion: number;
}

export function changeStamp(db: Db): ChangeStamp | null {
  if (db.inTransaction) return null;
  return { changes: probesOf(db).totalChanges.get() as number, dataVersion: dataVersion(db) };
}
