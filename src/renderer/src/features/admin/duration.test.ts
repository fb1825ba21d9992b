import { describe, expect, it } from 'vitest';
import { checkDuration, clockStanding, DURATION_PRESETS, formatSpan, MAX_ADVANCE_MS } from './duration';

describe('advance-by durations', () => {
  it('accepts what the service parses', () => {
    expect(checkDuration('90s')).toEqual({ ok: true, ms: 90_000, text: '90s' });
    expect(checkDuration('45m')).toMatchObject({ ok: true, ms: 45 * 60_000 });
    expect(checkDuration('12h')).toMatchObject({ ok: true, ms: 12 * 3_600_000 });
    expect(checkDuration('2w')).toMatchObject({ ok: true, ms: 14 * 86_400_000 });
    expect(checkDuration(' 3 D ')).toEqual({ ok: true, ms: 3 * 86_400_000, text: '3d' });
    expect(checkDuration('366d')).toMatchObject({ ok: true, ms: MAX_ADVANCE_MS });
  });

  it('every preset is valid', () => {
    for (const preset of DURATION_PRESETS) expect(checkDuration(preset).ok).toBe(true);
  });

  it('refuses empty, malformed, zero and too long durations with a reason', () => {
    expect(checkDuration('')).toEqual({ ok: false, reason: 'empty' });
    expect(checkDuration('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkDuration('3')).toEqual({ ok: false, reason: 'format' });
    expect(checkDuration('d3')).toEqual({ ok: false, reason: 'format' });
    expect(checkDuration('1.5d')).toEqual({ ok: false, reason: 'format' });
    expect(checkDuration('-1d')).toEqual({ ok: false, reason: 'format' });
    expect(checkDuration('3y')).toEqual({ ok: false, reason: 'format' });
    expect(checkDuration('1d12h')).toEqual({ ok: false, reason: 'format' });
    expect(checkDuration('0h')).toEqual({ ok: false, reason: 'zero' });
    expect(checkDuration('367d')).toEqual({ ok: false, reason: 'tooLong' });
    expect(checkDuration('53w')).toEqual({ ok: false, reason: 'tooLong' });
    expect(checkDuration('99999999999999999999w')).toEqual({ ok: false, reason: 'tooLong' });
  });

  it('formats how far the clock is ahead', () => {
    expect(formatSpan(0)).toBe('0m');
    expect(formatSpan(45 * 60_000)).toBe('45m');
    expect(formatSpan(3_600_000 + 5 * 60_000)).toBe('1h 5m');
    expect(formatSpan(3 * 86_400_000 + 4 * 3_600_000 + 29_000)).toBe('3d 4h');
    expect(formatSpan(10 * 86_400_000)).toBe('10d');
    // The service lands an advance a few ms short of the whole duration.
    expect(formatSpan(86_400_000 - 50)).toBe('1d');
    expect(formatSpan(29_999)).toBe('0m');
  });

  it('writes the span in Chinese units in the Chinese UI', () => {
    expect(formatSpan(14 * 86_400_000 + 2 * 3_600_000, 'zh-CN')).toBe('14天2小时');
    expect(formatSpan(3_600_000 + 5 * 60_000, 'zh-CN')).toBe('1小时5分钟');
    expect(formatSpan(0, 'zh-CN')).toBe('0分钟');
    expect(formatSpan(-2 * 3_600_000)).toBe('2h');
  });

  it('tells a clock behind wall time and a frozen clock from one in step', () => {
    expect(clockStanding(3_600_000, false)).toBe('ahead');
    expect(clockStanding(-3_600_000, false)).toBe('behind');
    expect(clockStanding(0, false)).toBe('inStep');
    expect(clockStanding(0, true)).toBe('frozenAtStart');
    expect(clockStanding(-5 * 86_400_000, true)).toBe('frozen');
    expect(clockStanding(5 * 86_400_000, true)).toBe('frozen');
  });
});
