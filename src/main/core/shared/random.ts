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
