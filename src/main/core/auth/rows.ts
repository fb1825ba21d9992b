import { Int, Nullable, Str, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * An API key's row as SQLite hands it back (its hash left undeclared: nothing past the lookup reads it), declared
 * once and checked on every read (db/row-reader.ts).
 */
export const keyRows = rowReader('api_keys', {
  id: Int,
  user_id: Int,
  name: Str,
  prefix: Str,
  last4: Str,
  scopes: Str,
  rate_limit: Int,
  allowed_ips: Str,
  expires_at: Nullable(Str),
  revoked_at: Nullable(Str),
  last_used_at: Nullable(Str),
  created_at: Str,
});
export type KeyRow = RowOf<typeof keyRows>;
