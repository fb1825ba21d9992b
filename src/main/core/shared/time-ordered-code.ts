import { CODE_ALPHABET, type Draw } from './random.js';

/**
 * The 8 characters after the date in order and shipping order numbers (`PO`/`SO` + yyyymmdd + 8): the
 * first 4 are the time of day in tenths of a second, the last 4 random. Why: every index keyed by the
 * number (orders' primary key, items, timeline, ranks, due steps, the ledger's reference) then appends
 * near its right edge instead of dirtying a random page per order; measured 46 KB -> ~21 KB of WAL per
 * order (docs/PERFORMANCE.md). The alphabet is in ASCII order, so the text sorts as the time does. The
 * 4 random characters (20 bits, from one draw of the world's random stream, so the same seed gives the
 * same numbers) keep neighbouring numbers apart; numbers are not capabilities anyway (every lookup is
 * scoped to the key's user).
 */

const TIME_LENGTH = 4;
export const RANDOM_LENGTH = 4;
const TENTHS_PER_DAY = 864_000; // < 32^4 = 1,048,576: fits 4 characters

/** The 4 time characters of an ISO instant (UTC): its tenths of a second since midnight, base 32. */
export function timeOfDayCode(iso: string): string {
  const millis = Date.parse(iso);
  const tenths = Math.floor((((millis % 86_400_000) + 86_400_000) % 86_400_000) / 100);
  let value = Math.min(tenths, TENTHS_PER_DAY - 1);
  let out = '';
  for (let i = 0; i < TIME_LENGTH; i++) {
    out = CODE_ALPHABET[value % CODE_ALPHABET.length]! + out;
    value = Math.floor(value / CODE_ALPHABET.length);
  }
  return out;
}

/**
 * A new `prefix` + yyyymmdd + 8-character number for the instant `iso`, for which `taken` says false.
 * After a few collisions in the same tenth of a second (over a million codes each: only a frozen service
 * clock gets there) the 8 characters are all random, as before, so a number is always found.
 */
export function newTimeOrderedNumber(prefix: string, iso: string, draw: Draw, taken: (candidate: string) => boolean): string {
  const day = iso.slice(0, 10).replaceAll('-', '');
  const time = timeOfDayCode(iso);
  for (let attempt = 0; ; attempt++) {
    const lead = attempt < 8 ? time : draw.code(TIME_LENGTH);
    const candidate = `${prefix}${day}${lead}${draw.code(RANDOM_LENGTH)}`;
    if (!taken(candidate)) return candidate;
  }
}
