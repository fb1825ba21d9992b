import { Int, Nullable, Str, pickColumns, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * A batch of the request log (its own database, log-store.ts) as SQLite hands it back, declared once and
 * checked on every read (db/row-reader.ts). `entries` is the batch's JSON array, parsed by log-batch.ts.
 */
export const batchRows = rowReader('request_log_batches', { first_id: Int, count: Int, last_done_ms: Int, entries: Str, world: Str });
export type BatchRow = RowOf<typeof batchRows>;

/** What pruning reads of a batch: its bounds, not its entries. */
export const batchBoundsRows = pickColumns(batchRows, 'request_log_batches (bounds)', ['first_id', 'count', 'last_done_ms']);

/** What widening an older layout rewrites: a batch's entries, by its first id. */
export const batchEntriesRows = pickColumns(batchRows, 'request_log_batches (entries)', ['first_id', 'entries']);

/**
 * An entry as the first layout kept it (a row per request, table request_log), read once to carry an
 * older log over into batches; no build writes this table any more, so its shape is frozen here.
 */
export const layoutOneRows = rowReader('request_log (layout 1)', {
  id: Int,
  request_id: Str,
  at_ms: Int,
  key_id: Nullable(Int),
  key_name: Nullable(Str),
  method: Str,
  path: Str,
  query: Str,
  status: Int,
  duration_us: Int,
  request_body: Nullable(Str),
  response_body: Nullable(Str),
  request_bytes: Int,
  response_bytes: Int,
  request_cut: Int,
  response_cut: Int,
});
export type LayoutOneRow = RowOf<typeof layoutOneRows>;
