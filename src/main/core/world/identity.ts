import type { CoreContext } from '../context.js';
import { worldStateRows } from './rows.js';
import type { Db } from '../db/database.js';

/** What makes a world the same world when reopened: fixed at its creation, kept in its database. */
export interface WorldIdentity {
  /** The seed of the world's random stream, 0 .. 2^53-1. */
  seed: number;
  /** A frozen clock moves only when told (POST /admin/clock/advance); an unfrozen one runs with wall time. */
  frozen: boolean;
  /** Where the world's clock started (ISO 8601, UTC). */
  clockStart: string;
}

export const MAX_SEED = Number.MAX_SAFE_INTEGER;

export function readWorldIdentity(db: Db): WorldIdentity {
  const row = worldStateRows.one(db.prepare('SELECT seed, frozen, clock_start FROM world_state WHERE id = 1').get());
  if (!row) throw new Error('this database has no world state (migration 019)');
  return { seed: row.seed, frozen: row.frozen === 1, clockStart: row.clock_start };
}

/** The world's seed, whether its clock is frozen, and where its clock started. */
export function worldIdentity(ctx: CoreContext): WorldIdentity {
  return readWorldIdentity(ctx.db);
}

/** A random seed for a world created without one (the OS CSPRNG: which seed is chosen is not world data). */
export function randomSeed(): number {
  const words = new Uint32Array(2);
  crypto.getRandomValues(words);
  return (words[0]! & 0x1f_ffff) * 2 ** 32 + words[1]!;
}

/** Checks what a caller asks a new world to be; throws a RangeError naming the bad option. */
export function checkWorldOptions(options: { seed?: number; clockStart?: string }): void {
  if (options.seed !== undefined && !(Number.isSafeInteger(options.seed) && options.seed >= 0)) {
    throw new RangeError(`seed must be a whole number from 0 to ${MAX_SEED}`);
  }
  if (options.clockStart !== undefined && Number.isNaN(Date.parse(options.clockStart))) {
    throw new RangeError('clockStart must be an ISO 8601 instant');
  }
}

/**
 * Fixes a new world's identity, before anything else is written to it (the caller's transaction). The
 * stream starts from draw 0. Called only for a database without data, so a reopened world keeps its own.
 */
export function writeWorldIdentity(db: Db, identity: WorldIdentity): void {
  db.prepare('UPDATE world_state SET seed = ?, frozen = ?, clock_start = ?, draws = 0 WHERE id = 1').run(
    identity.seed,
    identity.frozen ? 1 : 0,
    identity.clockStart,
  );
}
