/**
 * Durations for "Advance the clock by", as the service parses them: a whole number and one unit
 * (90s, 45m, 12h, 3d, 2w), positive, at most 366 days.
 */
export const DURATION_PRESETS = ['1h', '1d', '3d', '10d'] as const;

const DURATION = /^(\d+)(ms|s|m|h|d|w)$/;
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
export const MAX_ADVANCE_MS = 366 * 86_400_000;

export type DurationCheck = { ok: true; ms: number; text: string } | { ok: false; reason: 'empty' | 'format' | 'zero' | 'tooLong' };

export function checkDuration(input: string): DurationCheck {
  const text = input.trim().toLowerCase().replace(/\s+/g, '');
  if (text === '') return { ok: false, reason: 'empty' };
  const match = DURATION.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const ms = Number(match[1]) * UNIT_MS[match[2]!]!;
  if (!Number.isSafeInteger(ms)) return { ok: false, reason: 'tooLong' };
  if (ms <= 0) return { ok: false, reason: 'zero' };
  if (ms > MAX_ADVANCE_MS) return { ok: false, reason: 'tooLong' };
  return { ok: true, ms, text };
}

const SPAN_UNITS = {
  en: { d: 'd', h: 'h', m: 'm', join: ' ' },
  'zh-CN': { d: '天', h: '小时', m: '分钟', join: '' },
} as const;

/**
 * "3d 4h", "45m", "0m": how far a clock is ahead, to the nearest minute (largest two units). Rounded, not
 * floored: an advance by 1d lands a few milliseconds short of a whole day and must still read "1d".
 */
export function formatSpan(ms: number, language: keyof typeof SPAN_UNITS = 'en'): string {
  const units = SPAN_UNITS[language];
  const minutes = Math.round(Math.abs(ms) / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}${units.d}`);
  if (hours > 0) parts.push(`${hours}${units.h}`);
  if (mins > 0 && days === 0) parts.push(`${mins}${units.m}`);
  return parts.length > 0 ? parts.slice(0, 2).join(units.join) : `0${units.m}`;
}

/**
 * How the service clock stands to wall time. A frozen world's clock moves only when advanced; its offset
 * counts from the clock's start, not from wall time.
 */
export type ClockStanding = 'ahead' | 'behind' | 'inStep' | 'frozen' | 'frozenAtStart';

export function clockStanding(offsetMs: number, frozen: boolean): ClockStanding {
  // Under a minute reads as in step (formatSpan would say "0m").
  const off = Math.abs(offsetMs) >= 30_000;
  if (frozen) return off ? 'frozen' : 'frozenAtStart';
  if (!off) return 'inStep';
  return offsetMs > 0 ? 'ahead' : 'behind';
}
