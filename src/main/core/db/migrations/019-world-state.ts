import type { Migration } from '../migrate.js';

/**
 * The world's identity and its random stream (worlds.md section 3): one row holding the seed, how many
 * draws the stream has made (`draws`, bumped in the transaction of the write that draws, so a rollback
 * takes the draw back), whether the clock is frozen, and where the clock started. A copy of the database
 * file (a fork) carries the row and so continues the stream where the source stands. An existing database
 * gets a random seed here (0 .. 2^53-1) and its upgrade time as clock start; its clock stays unfrozen.
 */
export const worldState: Migration = {
  version: 19,
  name: 'world state',
  up: /* sql */ `
CREATE TABLE world_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  seed INTEGER NOT NULL CHECK (seed >= 0 AND seed <= 9007199254740991),
  draws INTEGER NOT NULL DEFAULT 0,
  frozen INTEGER NOT NULL DEFAULT 0 CHECK (frozen IN (0, 1)),
  clock_start TEXT NOT NULL
);
INSERT INTO world_state (id, seed, clock_start) VALUES (1, random() & 9007199254740991, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
`,
};
