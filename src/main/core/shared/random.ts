import { randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Unbiased random base62 text from the OS CSPRNG: for secrets only (world data draws from ctx.random). */
export function randomBase62(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Upper-case letters and digits without look-alikes (0/O, 1/I), in ASCII order, for human-facing numbers. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';


/** A small deterministic PRNG (mulberry32) for generated, reproducible demo data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a: a stable 32-bit hash of text, used to seed generators from queries and ids. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

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

/** murmur3's 32-bit finalizer: every input bit moves every output bit. */
function mix32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const TWO_32 = 2 ** 32;

/** The draw number `counter` of the stream seeded `seed` (both 0 .. 2^53-1): a pure function of both. */
export function drawOf(seed: number, counter: number): Draw {
  const start = mix32((seed >>> 0) ^ mix32(Math.floor(seed / TWO_32) ^ mix32((counter >>> 0) ^ mix32(Math.floor(counter / TWO_32) + 0x9e3779b9))));
  const next = seededRandom(start);
  const int = (n: number) => Math.floor(next() * n);
  const pickFrom = (alphabet: string, length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[int(alphabet.length)];
    return out;
  };
  return {
    fraction: next,
    int,
    code: (length) => pickFrom(CODE_ALPHABET, length),
    digits: (length) => String(1 + int(9)) + pickFrom(DIGITS, length - 1),
  };
}

const DIGITS = '0123456789';
