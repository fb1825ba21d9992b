/**
 * All business time comes from one clock, so that tests and demos can move it. The service clock is
 * persisted as an offset from the wall clock and only ever moves forward.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move: for tests. */
export class ManualClock implements Clock {
  constructor(private current: number = Date.parse('2026-01-01T00:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export function iso(date: Date): string {
  return date.toISOString();
}

const DURATION = /^(\d+)(ms|s|m|h|d|w)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** Parses "30d", "12h", "90s" into milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const ms = Number(match[1]) * UNIT_MS[match[2]!]!;
  return Number.isSafeInteger(ms) ? ms : null;
}
