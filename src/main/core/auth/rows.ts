import { Int, Nullable, Text, rowReader, type RowOf } from '../db/row-reader.js';

/**
 * An API key's row as SQLite hands it back (its hash left undeclared: nothing past the lookup reads it), declared
 * once and checked on every read (db/row-reader.ts).
 */
export const keyRows = rowReader('api_keys', {
  id: Int,
  user_id: Int,
  name: Text,
  prefix: Text,
  last4: Text,
  scopes: Text,
  rate_limit: Int,
  allowed_ips: Text,
  expires_at: Nullable(Text),
  revoked_at: Nullable(Text),
  last_used_at: Nullable(Text),
  created_at: Text,
});
export type KeyRow = RowOf<typeof keyRows>;
