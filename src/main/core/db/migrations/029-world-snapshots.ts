import type { Migration } from '../migrate.js';

/**
 * Snapshots of worlds (a copy of the world's database in <data>/worlds/<id>/snapshots/<snapshot>.db) and
 * the templates of world files whose result is known (same file, seed and crossbuy version: a new world
 * copies the template instead of running the steps again). Both in the default world's database.
 */
export const worldSnapshots: Migration = {
  version: 29,
  name: 'world snapshots and templates',
  up: /* sql */ `
CREATE TABLE world_snapshots (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  world_id TEXT NOT NULL REFERENCES worlds (id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  name TEXT NOT NULL,
  clock TEXT NOT NULL,
  created_at TEXT NOT NULL,
  UNIQUE (world_id, id)
);
CREATE TABLE world_templates (
  hash TEXT PRIMARY KEY,
  steps TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
`,
};
