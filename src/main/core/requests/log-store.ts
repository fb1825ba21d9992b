import type Database from 'better-sqlite3';
import type { RequestDetail, RequestLogFilter, RequestLogPage, RequestSummary } from '../../../contract/admin/requests.js';
import { DEFAULT_LIMIT } from '../../../contract/limits.js';
import { STORED_WIDTH, StoredEntries, toStored, worldOfWire, type WireBatch } from './log-batch.js';
import { batchBoundsRows, batchEntriesRows, batchRows, layoutOneRows, type BatchRow, type LayoutOneRow } from './rows.js';

/** Entries older than this are dropped whatever the count. */
export const REQUEST_LOG_MAX_AGE_MS = 7 * 86_400_000;
/** At most this many of the oldest batches are looked at, and deleted, per write: bounded work. */
const PRUNE_BATCHES = 64;
/** Batches kept parsed for reading (a page walk reads the newest ones again and again). */
const PARSED_BATCHES = 8;

/**
 * The request log's own database (`<data>/request-log.sqlite`, apart from the ledger's: see
 * request-log.ts for why), as plain SQL over a connection. The worker runs it; tests may run it directly.
 *
 * One row per batch of entries as the server thread posted them (log-batch.ts: a flat JSON array, bodies
 * masked and cut, a repeated answer once). Entries are numbered in the order they finished: a batch
 * holds `first_id` to `first_id + count - 1`, and ids keep growing (the oldest batches are deleted
 * whole). Time is wall time (ms), like key expiry and the rate limit: advancing the demo clock must not
 * age the log. `last_done_ms` is when the batch's last request finished, so a walk for `since` stops
 * at the first batch that ended before it. The bound is exact for readers: entries beyond the count
 * limit or the age are not shown, even while their batch waits to be deleted.
 *
 * Why batches and not a row per request: a row per request (with the indexes its filters wanted, and a
 * delete per insert to stay bounded) cost the log's thread about 4 us per request, on a machine whose
 * cores the API shares; a batch row costs a fraction of that. The price is on the reading side, which
 * is rare and off the API's thread: a filter walks batches newest first (the key, status, path and
 * request-id filters read the entries they skip), bounded by the log's own bound.
 */
const SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS request_log_batches (
  first_id     INTEGER PRIMARY KEY,
  count        INTEGER NOT NULL,
  last_done_ms INTEGER NOT NULL,
  entries      TEXT NOT NULL,
  world        TEXT NOT NULL DEFAULT 'default'
);
`;
/** Layout 4: each batch holds the requests of one world (worlds.md section 1), named in `world`. */
const WORLD_COLUMN = /* sql */ `ALTER TABLE request_log_batches ADD COLUMN world TEXT NOT NULL DEFAULT 'default';`;
/**
 * Layout 5: each entry carries the MCP tool that made it (layouts 3 and 4 stored 11 values an entry, no
 * tool). Layout 6: and whether the app's own UI made it (layout 5 stored 12 values an entry).
 */
const LAYOUT_VERSION = 6;
const ENTRY_WIDTH_OF_LAYOUT: Record<number, number> = { 3: 11, 4: 11, 5: 12 };

/**
 * Opens the layout, carrying over a log of the first layout (a row per request; what builds before this
 * one wrote) as batches of its entries, ids kept. Layout 2 (rows with shared bodies) lived on the
 * development branch for an hour and was never released: its entries are dropped.
 */
function openLayout(db: Database.Database): void {
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version === LAYOUT_VERSION) return;
    const olderWidth = ENTRY_WIDTH_OF_LAYOUT[version];
    if (olderWidth !== undefined) {
      if (version === 3) db.exec(WORLD_COLUMN);
      widenEntries(db, olderWidth);
      db.pragma(`user_version = ${LAYOUT_VERSION}`);
      return;
    }
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
    db.exec(SCHEMA);
    if (tables.has('request_log') && !tables.has('request_log_bodies')) {
      const insert = db.prepare('INSERT INTO request_log_batches (first_id, count, last_done_ms, entries) VALUES (?, ?, ?, ?)');
      let batch: LayoutOneRow[] = [];
      const write = () => {
        if (batch.length === 0) return;
        // v1 ids are consecutive within a run of rows only: a batch is a run of consecutive ids.
        const values = batch.flatMap((r) => [
          r.request_id, r.at_ms, r.key_id, r.key_name, r.method, r.path, r.query, r.status, r.duration_us,
          r.request_body === null ? null : [r.request_body, r.request_bytes, r.request_cut],
          r.response_body === null ? null : [r.response_body, r.response_bytes, r.response_cut],
          null, // no MCP tool
          null, // not known to be the app's own UI
        ]);
        const lastDone = Math.max(...batch.map((r) => Math.ceil(r.at_ms + r.duration_us / 1000)));
        insert.run(batch[0]!.id, batch.length, lastDone, JSON.stringify(values));
        batch = [];
      };
      const chunk = db.prepare('SELECT * FROM request_log WHERE id > ? ORDER BY id LIMIT 1000');
      for (let rows = layoutOneRows.all(chunk.all(0)); rows.length > 0; rows = layoutOneRows.all(chunk.all(rows[rows.length - 1]!.id))) {
        for (const row of rows) {
          if (batch.length >= 1000 || (batch.length > 0 && row.id !== batch[batch.length - 1]!.id + 1)) write();
          batch.push(row);
        }
      }
      write();
    }
    for (const old of ['request_log', 'request_log_bodies']) if (tables.has(old)) db.exec(`DROP TABLE ${old}`);
    db.pragma(`user_version = ${LAYOUT_VERSION}`);
  })();
}

/**
 * An older layout's batches, each entry padded with nulls to this layout's width: no MCP tool, not known
 * to be the app's own UI (the log is bounded: a few MB at most).
 */
function widenEntries(db: Database.Database, width: number): void {
  const update = db.prepare('UPDATE request_log_batches SET entries = ? WHERE first_id = ?');
  const padding = Array.from({ length: STORED_WIDTH - width }, () => null);
  for (const row of batchEntriesRows.all(db.prepare('SELECT first_id, entries FROM request_log_batches').all())) {
    const values = JSON.parse(row.entries) as unknown[];
    const widened: unknown[] = [];
    for (let i = 0; i + width <= values.length; i += width) widened.push(...values.slice(i, i + width), ...padding);
    update.run(JSON.stringify(widened), row.first_id);
  }
}

export class RequestLogStore {
  private readonly insert;
  private readonly oldestBatches;
  private readonly deleteBatch;
  private readonly batchOf;
  private readonly newerFirst;
  private nextId: number;
  private floor = 0;
  private readonly parsed = new Map<number, StoredEntries>();

  constructor(
    private readonly db: Database.Database,
    /** How many entries to keep (the `requestLogLimit` setting). */
    public limit: number,
  ) {
    openLayout(db);
    this.insert = db.prepare('INSERT INTO request_log_batches (first_id, count, last_done_ms, entries, world) VALUES (?, ?, ?, ?, ?)');
    this.oldestBatches = db.prepare('SELECT first_id, count, last_done_ms FROM request_log_batches ORDER BY first_id LIMIT ?');
    this.deleteBatch = db.prepare('DELETE FROM request_log_batches WHERE first_id = ?');
    this.batchOf = db.prepare('SELECT * FROM request_log_batches WHERE first_id <= ? ORDER BY first_id DESC LIMIT 1');
    this.newerFirst = db.prepare('SELECT * FROM request_log_batches WHERE first_id < ? ORDER BY first_id DESC');
    this.lastNext = db.prepare('SELECT first_id + count AS next FROM request_log_batches ORDER BY first_id DESC LIMIT 1').pluck();
    this.nextId = this.storedNext();
  }

  private readonly lastNext;

  /** The id after the newest stored entry (1 for an empty log). */
  private storedNext(): number {
    return (this.lastNext.get() as number | undefined) ?? 1;
  }

  /** Writes the batches in one transaction (masked and cut here), then deletes what fell out of the bound. */
  write(batches: readonly WireBatch[], nowMs = Date.now()): void {
    const firstId = this.nextId;
    try {
      this.db.transaction(() => {
        // Another process on this folder (`crossbuy mcp` in-process, or a command beside the server) may
        // have logged since: continue after its entries (the write lock is held), never over them.
        this.nextId = Math.max(this.nextId, this.storedNext());
        for (const wire of batches) {
          const stored = toStored(wire);
          if (stored.count === 0) continue;
          this.insert.run(this.nextId, stored.count, stored.lastDoneMs, JSON.stringify(stored.values), worldOfWire(wire));
          this.nextId += stored.count;
        }
        this.prune(nowMs);
      }).immediate();
    } catch (error) {
      this.nextId = firstId;
      throw error;
    }
  }

  /**
   * The oldest id still shown: entries beyond the count limit are hidden at once, deleted with their
   * batch. It never moves back: raising the limit keeps more from now on, it does not bring back entries
   * already hidden (some of whose batch-mates may be gone).
   */
  private floorId(): number {
    this.floor = Math.max(this.floor, this.nextId - this.limit);
    return this.floor;
  }

  /** Deletes, oldest first, up to PRUNE_BATCHES batches whose entries are all beyond the count limit or the age. */
  private prune(nowMs: number): void {
    const floorId = this.floorId();
    const oldestAt = nowMs - REQUEST_LOG_MAX_AGE_MS;
    for (const batch of batchBoundsRows.all(this.oldestBatches.all(PRUNE_BATCHES))) {
      if (batch.first_id + batch.count > floorId && batch.last_done_ms >= oldestAt) break;
      this.deleteBatch.run(batch.first_id);
      this.parsed.delete(batch.first_id);
    }
  }

  private entriesOf(row: BatchRow): StoredEntries {
    let entries = this.parsed.get(row.first_id);
    if (entries === undefined) {
      entries = new StoredEntries(JSON.parse(row.entries) as unknown[], row.first_id);
      if (this.parsed.size >= PARSED_BATCHES) this.parsed.delete(this.parsed.keys().next().value!);
      this.parsed.set(row.first_id, entries);
    }
    return entries;
  }

  /** Whether an entry is inside the bound (count and age) as of now. */
  private shown(id: number, atMs: number, nowMs: number): boolean {
    return id >= this.floorId() && atMs >= nowMs - REQUEST_LOG_MAX_AGE_MS;
  }

  /**
   * One page, newest first, after the `startingAfter` entry: a walk down the batches, each read newest
   * entry first, keeping the entries every filter lets through. It reads the entries the filters skip,
   * never more than the bounded log holds; `since` stops it at the first batch that ended before then.
   */
  list(filter: RequestLogFilter, nowMs = Date.now(), world = 'default'): RequestLogPage {
    const limit = filter.limit ?? DEFAULT_LIMIT;
    const since = filter.since === undefined ? null : Date.parse(filter.since);
    const status = filter.status;
    const statusClass = status?.endsWith('xx') ? Number(status[0]) : null;
    const exactStatus = status !== undefined && statusClass === null ? Number(status) : null;
    // Another process on this folder (`crossbuy mcp` in-process beside this server) may have logged since
    // this one last wrote: the newest page starts after its entries too (one indexed read).
    if (filter.startingAfter === undefined) this.nextId = Math.max(this.nextId, this.storedNext());
    const before = filter.startingAfter ?? this.nextId;
    const items: RequestSummary[] = [];
    for (const row of batchRows.each(this.newerFirst.iterate(before))) {
      if (since !== null && row.last_done_ms < since) break;
      if (row.first_id + row.count <= this.floorId()) break;
      if (row.world !== world) continue;
      const entries = this.entriesOf(row);
      for (let index = Math.min(entries.count, before - row.first_id) - 1; index >= 0; index--) {
        const atMs = entries.atMs(index);
        if (!this.shown(row.first_id + index, atMs, nowMs)) continue;
        if (since !== null && atMs < since) continue;
        if (filter.key !== undefined && entries.keyId(index) !== filter.key) continue;
        if (filter.caller !== undefined && (entries.caller(index) ?? 'none') !== filter.caller) continue;
        if (exactStatus !== null && entries.status(index) !== exactStatus) continue;
        if (statusClass !== null && Math.floor(entries.status(index) / 100) !== statusClass) continue;
        if (filter.path !== undefined && !entries.path(index).startsWith(filter.path)) continue;
        if (filter.requestId !== undefined && entries.requestId(index) !== filter.requestId) continue;
        items.push(entries.summary(index));
        if (items.length > limit) return { items: items.slice(0, limit), limit, hasMore: true };
      }
    }
    return { items, limit, hasMore: false };
  }

  /**
   * Deletes a world's entries (the world was deleted: a new world given the same id starts with an empty
   * log, and its key 1 is not the old one's). On the log's thread; the log is bounded, so is the scan.
   */
  forgetWorld(world: string): void {
    this.db.prepare('DELETE FROM request_log_batches WHERE world = ?').run(world);
    this.parsed.clear();
  }

  /** One entry with both bodies, or null. */
  get(id: number, nowMs = Date.now(), world = 'default'): RequestDetail | null {
    const row = batchRows.one(this.batchOf.get(id));
    if (!row || id >= row.first_id + row.count || row.world !== world) return null;
    const entries = this.entriesOf(row);
    const index = id - row.first_id;
    return this.shown(id, entries.atMs(index), nowMs) ? entries.detail(index) : null;
  }
}
