import Database from 'better-sqlite3';
import type { Db } from './database.js';
import { WalIndexHeader } from './wal-index-header.js';

/**
 * `PRAGMA data_version` of a connection, read once per synchronous run of JavaScript. It moves when
 * another connection (the CLI) commits, so the per-connection caches (key rows in auth/, kept-views.ts) use
 * it to see changes they did not make. Reading it opens a read transaction (a WAL read-mark lock and
 * unlock, two fcntl calls), which measured ~11 us of a cached GET /cart's ~40 us on the request thread. So
 * a connection opened by `openDatabase` looks at its WAL-index header first (one `pread`,
 * wal-index-header.ts) and reads the pragma only when the header moved: while nobody commits, the value
 * read last still holds. The value is kept until the current run ends (a microtask clears it), so one
 * request's synchronous handling reads it once: all its reads then see the database as of one instant, as
 * a single read transaction would. The next request, even one parsed in the same poll phase, looks afresh,
 * so a revocation committed by the CLI still applies to the very next request. Own writes never move it;
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

/**
 * The WAL-index header of a connection opened by `openDatabase`, with the `data_version` read when the
 * header was last seen to change: while the header stays the same nobody has committed, so that value still
 * holds and the read transaction is skipped (wal-index-header.ts).
 */
interface Watched {
  header: WalIndexHeader;
  value: number | null;
}
const watched = new WeakMap<Db, Watched>();

/**
 * Lets `dataVersion` skip its read transaction while nobody commits, by watching the database's WAL-index
 * header. The connection's `close` then also releases the header's file (after the connection itself).
 */
export function watchCommits(db: Db): void {
  if (db.memory || (db.pragma('journal_mode', { simple: true }) as string) !== 'wal') return;
  // The first read transaction makes the -shm file (a fresh database has none yet).
  probesOf(db).dataVersion.get();
  const header = WalIndexHeader.open(db.name);
  if (header === null) return;
  watched.set(db, { header, value: null });
  const close = db.close.bind(db);
  db.close = () => {
    try {
      return close();
    } finally {
      watched.delete(db);
      header.release();
    }
  };
}

function readDataVersion(db: Db): number {
  const watch = watched.get(db);
  // Inside a transaction (a group-commit batch, mostly) the pragma answers for the transaction's snapshot,
  // which may be older than the header: the header cannot vouch for it, so it is not read at all.
  if (watch === undefined || db.inTransaction) return probesOf(db).dataVersion.get() as number;
  // The header first: a commit after this read moves the header again, so a value read after it is never
  // kept past a change it did not see.
  const changed = watch.header.changed();
  if (changed === false && watch.value !== null) return watch.value;
  const value = probesOf(db).dataVersion.get() as number;
  watch.value = changed === null ? null : value;
  return value;
}

export function dataVersion(db: Db): number {
  const hit = kept.get(db);
  if (hit !== undefined) return hit.value;
  const value = readDataVersion(db);
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
