import type { ExportFilter, ExportKind } from '../../../contract/open/exports.js';
import type { CoreContext } from '../context.js';
import type { Cell } from './csv.js';

/** Where a walk stopped: the last row's creation time and rowid (a keyset cursor, oldest first). */
export interface ExportCursor {
  at: string;
  rowid: number;
}

/** Rows of one chunk, and where the next chunk starts (null: that was the last). */
export interface ExportChunk {
  rows: Cell[][];
  next: ExportCursor | null;
}

/**
 * One CSV export: its columns and how to read a bounded chunk of its rows. Chunks are separate queries
 * (keyset: `(created_at, rowid) > cursor`, from an index on the user and creation time), so no statement
 * stays open between them: the connection keeps serving other requests while a large export streams.
 */
export interface ExportDefinition {
  kind: ExportKind;
  header: readonly string[];
  chunk(ctx: CoreContext, userId: number, filter: NormalizedFilter, after: ExportCursor | null, limit: number): ExportChunk;
}

/** The filter with `from`/`to` as the stored timestamps' form (ISO with milliseconds, UTC). */
export interface NormalizedFilter extends ExportFilter {
  from: string;
  to: string;
}

/** The keyset condition and its arguments shared by every export (after `user_id = ?` and the filter). */
export function keyset(after: ExportCursor | null): { sql: string; args: (string | number)[] } {
  return after === null ? { sql: '', args: [] } : { sql: ' AND (created_at, rowid) > (?, ?)', args: [after.at, after.rowid] };
}

/** Turns rows that carry `created_at` and `rowid` into a chunk. */
export function chunkOf<R extends { created_at: string; rowid: number }>(rows: R[], limit: number, cells: (row: R) => Cell[]): ExportChunk {
  const last = rows[rows.length - 1];
  return { rows: rows.map(cells), next: rows.length === limit && last ? { at: last.created_at, rowid: last.rowid } : null };
}
