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
 * `id` is the log's own, in the order requests finished, given by the store (one writer) so a body can
 * name the newest entry that uses it; pruning deletes the oldest only, so ids keep growing.
 * `request_id` is the X-Request-Id, which a client may choose and so may repeat (the server's own are
 * time-ordered, so that index grows at its end). `key_name` is the key's name when the request was made.
 * Time is wall time (ms), like key expiry and the rate limit: advancing the demo clock must not age the
 * log. The key filter reads its pages from an index in id order; the status filter walks the id order.
 *
 * Bodies live in a table of their own, each distinct kept text once: a script polling the same route
 * gets the same answer again and again, and writing its few KB for every entry was most of the log's
 * cost (this thread's CPU is the machine's too). `last_used` is the newest entry naming the body; a body
 * whose `last_used` is older than the oldest entry left is named by no one and goes with the pruning.
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
  request_body   INTEGER,
  response_body  INTEGER
);
CREATE INDEX IF NOT EXISTS request_log_by_key ON request_log (key_id, id);
CREATE INDEX IF NOT EXISTS request_log_by_request_id ON request_log (request_id);
CREATE TABLE IF NOT EXISTS request_log_bodies (
  id        INTEGER PRIMARY KEY,
  text      TEXT NOT NULL,
  bytes     INTEGER NOT NULL,
  cut       INTEGER NOT NULL,
  last_used INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS request_log_bodies_by_last_used ON request_log_bodies (last_used);
`;

/**
 * The first layout (v1) kept both bodies in every entry. Its entries move over as they are: each body
 * becomes a body row of its own (ids 2n and 2n+1 of entry n, so no lookup is needed).
 */
const FROM_V1 = /* sql */ `
ALTER TABLE request_log RENAME TO request_log_v1;
DROP INDEX IF EXISTS request_log_by_key;
DROP INDEX IF EXISTS request_log_by_request_id;
${SCHEMA}
INSERT INTO request_log_bodies (id, text, bytes, cut, last_used)
  SELECT id * 2, request_body, request_bytes, request_cut, id FROM request_log_v1 WHERE request_body IS NOT NULL;
INSERT INTO request_log_bodies (id, text, bytes, cut, last_used)
  SELECT id * 2 + 1, response_body, response_bytes, response_cut, id FROM request_log_v1 WHERE response_body IS NOT NULL;
INSERT INTO request_log (id, request_id, at_ms, key_id, key_name, method, path, query, status, duration_us, request_body, response_body)
  SELECT id, request_id, at_ms, key_id, key_name, method, path, query, status, duration_us,
    CASE WHEN request_body IS NULL THEN NULL ELSE id * 2 END, CASE WHEN response_body IS NULL THEN NULL ELSE id * 2 + 1 END
  FROM request_log_v1;
DROP TABLE request_log_v1;
`;
const LAYOUT_VERSION = 2;

function openLayout(db: Database.Database): void {
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version === LAYOUT_VERSION) return;
    const hasV1 = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'request_log'").get() !== undefined;
    db.exec(hasV1 && version < LAYOUT_VERSION ? FROM_V1 : SCHEMA);
    db.pragma(`user_version = ${LAYOUT_VERSION}`);
  })();
}

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
  request_text: string | null;
  request_bytes: number | null;
  request_cut: number | null;
  response_text: string | null;
  response_bytes: number | null;
  response_cut: number | null;
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

/** A stored body as the store remembers it, by the head the server thread handed over. */
interface KnownBody {
  id: number;
  /** As the server thread clipped it (the cut text and the sizes follow from the head and these). */
  whole: boolean;
  bytes: number | null;
  /** The newest entry naming it, as written to its row (or to be written at the end of the batch). */
  lastUsed: number;
}

/** Distinct bodies remembered for reuse; the oldest remembered is forgotten first. */
const KNOWN_BODIES = 256;

export class RequestLogStore {
  private readonly insert;
  private readonly insertBody;
  private readonly touchBody;
  private readonly oldest;
  private readonly prune;
  private readonly pruneBodies;
  private readonly one;
  private nextId: number;
  private readonly known = new Map<string, KnownBody>();

  constructor(
    private readonly db: Database.Database,
    /** How many entries to keep (the `requestLogLimit` setting). */
    public limit: number,
  ) {
    openLayout(db);
    this.insert = db.prepare(
      `INSERT INTO request_log (id, request_id, at_ms, key_id, key_name, method, path, query, status, duration_us, request_body, response_body)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertBody = db.prepare('INSERT INTO request_log_bodies (text, bytes, cut, last_used) VALUES (?, ?, ?, ?)');
    this.touchBody = db.prepare('UPDATE request_log_bodies SET last_used = ? WHERE id = ?');
    this.oldest = db.prepare('SELECT id, at_ms FROM request_log ORDER BY id LIMIT 1');
    this.prune = db.prepare(
      `DELETE FROM request_log WHERE id IN (
         SELECT id FROM (SELECT id, at_ms FROM request_log ORDER BY id LIMIT ?) WHERE id <= ? OR at_ms < ?)`,
    );
    this.pruneBodies = db.prepare(
      'DELETE FROM request_log_bodies WHERE id IN (SELECT id FROM request_log_bodies WHERE last_used < ? ORDER BY last_used LIMIT ?)',
    );
    this.one = db.prepare(
      `SELECT l.*, q.text AS request_text, q.bytes AS request_bytes, q.cut AS request_cut,
              a.text AS response_text, a.bytes AS response_bytes, a.cut AS response_cut
       FROM request_log l
       LEFT JOIN request_log_bodies q ON q.id = l.request_body
       LEFT JOIN request_log_bodies a ON a.id = l.response_body
       WHERE l.id = ?`,
    );
    this.nextId = ((db.prepare('SELECT MAX(id) AS id FROM request_log').get() as { id: number | null }).id ?? 0) + 1;
  }

  /** Writes the entries in one transaction (masked and cut here), then prunes what fell out of the bound. */
  write(entries: readonly FinishedRequest[], nowMs = Date.now()): void {
    if (entries.length === 0) return;
    const firstId = this.nextId;
    const reused = new Set<KnownBody>();
    try {
      this.db.transaction(() => {
        for (const e of entries) {
          const id = this.nextId++;
          this.insert.run(
            id,
            e.requestId,
            e.atMs,
            e.key?.id ?? null,
            e.key?.name ?? null,
            e.method,
            maskSecrets(e.path),
            maskSecrets(e.query),
            e.status,
            Math.round(e.durationMs * 1000),
            this.bodyId(e.requestBody, id, reused),
            this.bodyId(e.responseBody, id, reused),
          );
        }
        for (const body of reused) this.touchBody.run(body.lastUsed, body.id);
        this.pruneOldest(this.nextId - 1, entries.length + PRUNE_SLACK, nowMs);
      })();
    } catch (error) {
      // Rolled back: forget what this batch taught, so no later entry names a body that was never written.
      this.nextId = firstId;
      this.known.clear();
      throw error;
    }
  }

  /**
   * The id of a body row for this body: a remembered one when the same body came before (the same head,
   * and the same size when it was cut: masking and cutting are functions of those, so they are skipped),
   * else a row written now.
   */
  private bodyId(body: ClippedBody | null, entryId: number, reused: Set<KnownBody>): number | null {
    if (body === null) return null;
    const known = this.known.get(body.head);
    if (known !== undefined && known.whole === body.whole && (body.whole || known.bytes === body.bytes)) {
      known.lastUsed = entryId;
      reused.add(known);
      return known.id;
    }
    const kept = keepBody(body);
    const id = Number(this.insertBody.run(kept.text, kept.bytes, kept.truncated ? 1 : 0, entryId).lastInsertRowid);
    if (known !== undefined) this.known.delete(body.head);
    else if (this.known.size >= KNOWN_BODIES) this.known.delete(this.known.keys().next().value!);
    this.known.set(body.head, { id, whole: body.whole, bytes: body.bytes, lastUsed: entryId });
    return id;
  }

  /**
   * Deletes, oldest first, up to `slice` entries beyond the count limit or older than 7 days, then the
   * bodies no entry left names. Ids grow with time, so the oldest entry decides: while it is still wanted
   * (the steady state below the bound) a write costs one index seek more; past the bound, each write
   * deletes about as many as it added.
   */
  private pruneOldest(lastId: number, slice: number, nowMs: number): void {
    const floorId = lastId - this.limit;
    const oldestAt = nowMs - REQUEST_LOG_MAX_AGE_MS;
    const oldest = this.oldest.get() as { id: number; at_ms: number } | undefined;
    if (oldest === undefined || (oldest.id > floorId && oldest.at_ms >= oldestAt)) return;
    this.prune.run(slice, floorId, oldestAt);
    const firstKept = (this.oldest.get() as { id: number } | undefined)?.id ?? lastId + 1;
    this.pruneBodies.run(firstKept, slice * 2);
    for (const [text, body] of this.known) if (body.lastUsed < firstKept) this.known.delete(text);
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
      requestBody: { text: row.request_text, bytes: row.request_bytes ?? 0, truncated: row.request_cut === 1 },
      responseBody: { text: row.response_text, bytes: row.response_bytes ?? 0, truncated: row.response_cut === 1 },
    };
  }
}
