import type Database from 'better-sqlite3';
import type { RequestDetail, RequestLogFilter, RequestLogPage, RequestSummary } from '../../../contract/admin/requests.js';
import { DEFAULT_LIMIT } from '../../../contract/limits.js';
import { type ClippedBody, keepBody, maskSecrets } from './redact.js';

/** One finished request, as the HTTP adapter hands it over (nothing masked or cut yet: that is done here). */
export interface FinishedRequest {
  requestId: string;
  atMs: number;
  key: { id: number; name: string } | null;
  method: string;
  path: string;
  query: string;
  status: number;
  durationMs: number;
  requestBody: ClippedBody | null;
  responseBody: ClippedBody | null;
}

/** Entries older than this are dropped whatever the count. */
export const REQUEST_LOG_MAX_AGE_MS = 7 * 86_400_000;
/** At most this many old entries are deleted per write beyond the ones it added: bounded work. */
const PRUNE_SLACK = 64;

/**
 * The request log's own database (`<data>/request-log.sqlite`, apart from the ledger's: see
 * request-log.ts for why), as plain SQL over a connection. The worker runs it; tests may run it directly.
 *
 * `id` is the log's own, in the order requests finished (a rowid: pruning deletes the oldest only, so
 * ids keep growing; no AUTOINCREMENT, which costs a write per insert);
 * `request_id` is the X-Request-Id, which a client may choose and so may repeat. `key_name` is the key's
 * name when the request was made. Time is wall time (ms), like key expiry and the rate limit: advancing
 * the demo clock must not age the log. The key filter reads its pages from an index in id order;
 * `request_id` finds one request by the id a client saw. Every index is paid by every logged request (on
 * the log's thread, but the machine's cores are shared): the status filter walks the id order instead.
 */
const SCHEMA = /* sql */ `
CREATE TABLE IF NOT EXISTS request_log (
  id             INTEGER PRIMARY KEY,
  request_id     TEXT NOT NULL,
  at_ms          INTEGER NOT NULL,
  key_id         INTEGER,
  key_name       TEXT,
  method         TEXT NOT NULL,
  path           TEXT NOT NULL,
  query          TEXT NOT NULL,
  status         INTEGER NOT NULL,
  duration_us    INTEGER NOT NULL,
  request_body   TEXT,
  response_body  TEXT,
  request_bytes  INTEGER NOT NULL,
  response_bytes INTEGER NOT NULL,
  request_cut    INTEGER NOT NULL,
  response_cut   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS request_log_by_key ON request_log (key_id, id);
CREATE INDEX IF NOT EXISTS request_log_by_request_id ON request_log (request_id);
`;

interface Row {
  id: number;
  request_id: string;
  at_ms: number;
  key_id: number | null;
  key_name: string | null;
  method: string;
  path: string;
  query: string;
  status: number;
  duration_us: number;
}

interface DetailRow extends Row {
  request_body: string | null;
  response_body: string | null;
  request_bytes: number;
  response_bytes: number;
  request_cut: number;
  response_cut: number;
}

const SUMMARY_COLUMNS = 'id, request_id, at_ms, key_id, key_name, method, path, query, status, duration_us';

function summaryOf(row: Row): RequestSummary {
  return {
    id: row.id,
    requestId: row.request_id,
    at: new Date(row.at_ms).toISOString(),
    key: row.key_id === null ? null : { id: row.key_id, name: row.key_name ?? '' },
    method: row.method,
    path: row.path,
    query: row.query,
    status: row.status,
    durationMs: row.duration_us / 1000,
  };
}

export class RequestLogStore {
  private readonly insert;
  private readonly oldest;
  private readonly prune;
  private readonly one;

  constructor(
    private readonly db: Database.Database,
    /** How many entries to keep (the `requestLogLimit` setting). */
    public limit: number,
  ) {
    db.exec(SCHEMA);
    this.insert = db.prepare(
      `INSERT INTO request_log (request_id, at_ms, key_id, key_name, method, path, query, status, duration_us,
         request_body, response_body, request_bytes, response_bytes, request_cut, response_cut)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.oldest = db.prepare('SELECT id, at_ms FROM request_log ORDER BY id LIMIT 1');
    this.prune = db.prepare(
      `DELETE FROM request_log WHERE id IN (
         SELECT id FROM (SELECT id, at_ms FROM request_log ORDER BY id LIMIT ?) WHERE id <= ? OR at_ms < ?)`,
    );
    this.one = db.prepare('SELECT * FROM request_log WHERE id = ?');
  }

  /** Writes the entries in one transaction (masked and cut here), then prunes what fell out of the bound. */
  write(entries: readonly FinishedRequest[], nowMs = Date.now()): void {
    if (entries.length === 0) return;
    this.db.transaction(() => {
      let last = 0;
      for (const e of entries) {
        const request = keepBody(e.requestBody);
        const response = keepBody(e.responseBody);
        last = Number(
          this.insert.run(
            e.requestId,
            e.atMs,
            e.key?.id ?? null,
            e.key?.name ?? null,
            e.method,
            maskSecrets(e.path),
            maskSecrets(e.query),
            e.status,
            Math.round(e.durationMs * 1000),
            request.text,
            response.text,
            request.bytes,
            response.bytes,
            request.truncated ? 1 : 0,
            response.truncated ? 1 : 0,
          ).lastInsertRowid,
        );
      }
      this.pruneOldest(last, entries.length + PRUNE_SLACK, nowMs);
    })();
  }

  /**
   * Deletes, oldest first, up to `slice` entries beyond the count limit or older than 7 days. Ids grow
   * with time, so the oldest entry decides: while it is still wanted (the steady state below the bound)
   * a write costs one index seek more; past the bound, each write deletes about as many as it added.
   */
  private pruneOldest(lastId: number, slice: number, nowMs: number): void {
    const floorId = lastId - this.limit;
    const oldestAt = nowMs - REQUEST_LOG_MAX_AGE_MS;
    const oldest = this.oldest.get() as { id: number; at_ms: number } | undefined;
    if (oldest === undefined || (oldest.id > floorId && oldest.at_ms >= oldestAt)) return;
    this.prune.run(slice, floorId, oldestAt);
  }

  /**
   * One page, newest first, after the `startingAfter` entry. Every filter is a WHERE on the walk down
   * the id index (or down the key index, in id order within a key): a page reads
   * its rows and the rows the filters skip, never more than the bounded log holds.
   */
  list(filter: RequestLogFilter): RequestLogPage {
    const limit = filter.limit ?? DEFAULT_LIMIT;
    const where: string[] = [];
    const args: (string | number)[] = [];
    const add = (clause: string, ...values: (string | number)[]) => {
      where.push(clause);
      args.push(...values);
    };
    if (filter.key !== undefined) add('key_id = ?', filter.key);
    if (filter.status?.endsWith('xx')) add('status BETWEEN ? AND ?', Number(filter.status[0]) * 100, Number(filter.status[0]) * 100 + 99);
    else if (filter.status !== undefined) add('status = ?', Number(filter.status));
    // A prefix as a range (LIKE would need escaping of % and _).
    if (filter.path !== undefined) add('path >= ? AND path < ?', filter.path, `${filter.path}\uffff`);
    if (filter.since !== undefined) add('at_ms >= ?', Date.parse(filter.since));
    if (filter.requestId !== undefined) add('request_id = ?', filter.requestId);
    if (filter.startingAfter !== undefined) add('id < ?', filter.startingAfter);
    const sql = `SELECT ${SUMMARY_COLUMNS} FROM request_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all(...args, limit + 1) as Row[];
    return { items: rows.slice(0, limit).map(summaryOf), limit, hasMore: rows.length > limit };
  }

  /** One entry with both bodies, or null. */
  get(id: number): RequestDetail | null {
    const row = this.one.get(id) as DetailRow | undefined;
    if (!row) return null;
    return {
      ...summaryOf(row),
      requestBody: { text: row.request_body, bytes: row.request_bytes, truncated: row.request_cut === 1 },
      responseBody: { text: row.response_body, bytes: row.response_bytes, truncated: row.response_cut === 1 },
    };
  }
}
