import { randomBytes } from 'node:crypto';
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

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const MAX_TTL_MS = 366 * 86_400_000;

/** A duration like "90s", "15m", "2h", "7d" in milliseconds (1 s to 366 days). */
export function parseDuration(text: string, field = 'ttl'): number {
  const match = /^([1-9][0-9]{0,6})(s|m|h|d)$/.exec(text);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : NaN;
  if (!(ms >= 1000 && ms <= MAX_TTL_MS)) throw badRequest(`${field} must be a duration like "90s", "30m", "2h" or "7d" (1 second to 366 days)`);
  return ms;
}
