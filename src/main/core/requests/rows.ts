import { Int, Text, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * A batch of the request log (its own database, log-store.ts) as SQLite hands it back, declared once and
 * checked on every read (db/row-reader.ts). `entries` is the batch's JSON array, parsed by log-batch.ts.
 */
export const batchRows = rowReader('request_log_batches', { first_id: Int, count: Int, last_done_ms: Int, entries: Text, world: Text });
export type BatchRow = RowOf<typeof batchRows>;
