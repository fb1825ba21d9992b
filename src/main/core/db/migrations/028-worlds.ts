import type { Migration } from '../migrate.js';

/**
 * The registry of worlds (worlds.md section 1), kept in the default world's database (every world's
 * database has the tables, empty: one schema for all). `world_keys` maps each sk- key's hash to its world,
 * so finding a key's world reads one row and opens nothing else. `seq` orders the list for cursor paging
 * (one index read); `expires_at` (last use + ttl) is indexed so the expiry sweep finds what ran out without
 * visiting every world; `next_due_at` likewise for the autopilot of closed, unfrozen worlds.
 * `state` is 'creating' until a world is whole: a start after a crash removes what is left of those.
 */
export const worlds: Migration = {
  version: 28,
  name: 'worlds',
  up: /* sql */ `
CREATE TABLE worlds (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  seed INTEGER NOT NULL,
  frozen INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'creating' CHECK (state IN ('creating', 'ready')),
  created_at TEXT NOT NULL,
  last_used_at TEXT NOT NULL,
  ttl_ms INTEGER,
  expires_at TEXT,
  next_due_at TEXT
);
CREATE INDEX worlds_expiry ON worlds (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX worlds_next_due ON worlds (next_due_at) WHERE next_due_at IS NOT NULL;
CREATE TABLE world_keys (
  hash TEXT PRIMARY KEY,
  world_id TEXT NOT NULL REFERENCES worlds (id) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX world_keys_world ON world_keys (world_id);
`,
};
