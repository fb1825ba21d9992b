import type { Db } from './database.js';

/**
 * `PRAGMA data_version` of a connection, read once per synchronous run of JavaScript. It moves when
 * another connection (the CLI) commits, so the per-connection caches (key rows in auth/, cart views) use
 * it to see changes they did not make. Reading it opens a read transaction (WAL read-mark locks: ~10 us,
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

export function dataVersion(db: Db): number {
  const hit = kept.get(db);
  if (hit !== undefined) return hit.value;
  const value = db.prepare('PRAGMA data_version').pluck().get() as number;
  kept.set(db, { value });
  queueMicrotask(() => kept.delete(db));
  return value;
}

/**
 * A stamp that moves whenever any row of the database may have changed: `total_changes()` counts every row
 * this connection wrote (trigger writes and rolled-back ones too, which only makes it stricter; no read
 * transaction, ~0.3 us) and `data_version` moves when another connection commits. Null inside a
 * transaction: an open group-commit batch holds rows that may not commit, so nothing built there is kept.
 */
export function changeStamp(db: Db): string | null {
  if (db.inTransaction) return null;
  const changes = db.prepare('SELECT total_changes()').pluck().get() as number;
  return `${changes}:${dataVersion(db)}`;
}
