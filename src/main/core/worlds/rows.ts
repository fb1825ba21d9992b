import { Int, Nullable, OneOf, Str, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * The registry's tables (migrations 028, 029) as SQLite hands them back: each declared once and checked on
 * every read (db/row-reader.ts). registry.ts turns a world's row into its WorldRow.
 */

export const worldRows = rowReader('worlds', {
  seq: Int,
  id: Str,
  name: Str,
  seed: Int,
  frozen: Int,
  state: OneOf(['creating', 'ready']),
  created_at: Str,
  last_used_at: Str,
  ttl_ms: Nullable(Int),
  expires_at: Nullable(Str),
});
export type RawWorld = RowOf<typeof worldRows>;

/** A snapshot as the registry's reads select it (created_at AS createdAt: the shape it is written in). */
export const snapshotRows = rowReader('world_snapshots (as written)', { id: Str, name: Str, clock: Str, createdAt: Str });
export type SnapshotRow = RowOf<typeof snapshotRows>;
