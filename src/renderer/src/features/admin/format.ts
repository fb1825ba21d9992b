import { useCallback } from 'react';
import { useLocale } from '../../shared/i18n';

/** "1.5 KB", "12.3 MB" (binary units, one decimal from KB up). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(Number.isFinite(bytes) ? bytes : 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const STYLES: Record<'medium' | 'short', Intl.DateTimeFormatOptions> = {
  medium: { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
  // For tight tables: "Mar 4, 14:05" / "3月4日 14:05".
  short: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

/** Date and time in the UI language, e.g. "Mar 4, 2026, 14:05" / "2026年3月4日 14:05". */
export function useFormatDateTime(style: 'medium' | 'short' = 'medium'): (iso: string | null | undefined) => string {
  const locale = useLocale();
  return useCallback(
    (iso: string | null | undefined) => {
      if (!iso) return '';
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) return iso;
      return new Intl.DateTimeFormat(locale, STYLES[style]).format(date);
    },
    [locale, style],
  );
}
