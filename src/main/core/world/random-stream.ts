import type { Db } from '../db/database.js';
import { drawOf, type Draw } from '../shared/random.js';

/**
 * A world's seeded random stream (worlds.md section 3): every value the service makes up for world data
 * draws from it instead of the OS random source. State is a counter in the world's own database
 * (world_state.draws, migration 019), stepped by one statement in the caller's transaction, so:
 * - a write that fails and rolls back leaves the stream where it was (two worlds sent the same requests,
 *   failing ones included, stay equal);
 * - a restart, and a copy of the database file (a fork), continue where the stream stands;
 * - one operation costs one statement: draw once, take every value it needs from the Draw.
 * Secrets (keys, tokens, webhook secrets) never come from here: they stay on the OS CSPRNG.
 */
export class RandomStream {
  constructor(private readonly db: Db) {}

  /** Steps the stream once (in the caller's transaction, if any) and returns that step's values. */
  draw(): Draw {
    const row = this.db.prepare('UPDATE world_state SET draws = draws + 1 WHERE id = 1 RETURNING seed, draws').get() as
      | { seed: number; draws: number }
      | undefined;
    if (!row) throw new Error('this database has no world state (migration 019)');
    return drawOf(row.seed, row.draws);
  }
}
