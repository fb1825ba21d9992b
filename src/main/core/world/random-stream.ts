import type { Db } from '../db/database.js';
import { CODE_ALPHABET, hashText, seededRandom } from '../shared/random.js';

/**
 * The random values of one operation (an order's number, a parcel's carrier and tracking number): a small
 * PRNG seeded by (world seed, draw number), so the same world seed and the same sequence of draws give
 * the same values on any machine.
 */
export interface Draw {
  /** A number in [0, 1). */
  fraction(): number;
  /** A whole number in [0, n). */
  int(n: number): number;
  /** `length` characters of CODE_ALPHABET (human-facing numbers). */
  code(length: number): string;
  /** `length` decimal digits, the first not 0 (marketplace order and tracking numbers). */
  digits(length: number): string;
}

/** The draw number `counter` of the stream seeded `seed`: a pure function of both. */
export function drawOf(seed: number, counter: number): Draw {
  const next = seededRandom(hashText(`${seed}:${counter}`));
  const int = (n: number) => Math.floor(next() * n);
  return {
    fraction: next,
    int,
    code: (length) => Array.from({ length }, () => CODE_ALPHABET[int(CODE_ALPHABET.length)]!).join(''),
    digits: (length) => {
      let out = String(1 + int(9));
      while (out.length < length) out += String(int(10));
      return out;
    },
  };
}

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
