import { randomBytes } from 'node:crypto';
import { parseDuration } from '../shared/clock.js';
import { badRequest } from '../shared/errors.js';

/** The data folder's own database: the world every request without a world reaches. */
export const DEFAULT_WORLD = 'default';
/** `w_` and 10 to 40 of [a-z0-9_-] (worlds.md section 1). */
export const WORLD_ID_PATTERN = '^w_[a-z0-9_-]{10,40}$';
const WORLD_ID = new RegExp(WORLD_ID_PATTERN);
/** The header that selects a world on the admin API (and for the operator's UI session). */
export const WORLD_HEADER = 'crossbuy-world';

export function isWorldId(value: string): boolean {
  return WORLD_ID.test(value);
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A fresh id: `w_` and 16 random characters (ids are not world data: the OS random source is fine). */
export function newWorldId(): string {
  const bytes = randomBytes(16);
  let id = 'w_';
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

const MIN_TTL_MS = 1000;
const MAX_TTL_MS = 366 * 86_400_000;

/** A world's ttl like "90s", "30m", "2h", "7d" in milliseconds (1 second to 366 days); 400 otherwise. */
export function parseTtl(text: string): number {
  const ms = parseDuration(text);
  if (ms === null || ms < MIN_TTL_MS || ms > MAX_TTL_MS) throw badRequest('ttl must be a duration like "90s", "30m", "2h" or "7d" (1 second to 366 days)');
  return ms;
}
