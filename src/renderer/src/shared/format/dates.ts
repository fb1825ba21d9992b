import { intlLocale, type FormatLanguage } from './locale';

/**
 * Every date the UI shows goes through here, in the viewer's time zone, always on a 24-hour clock (one
 * hour cycle on every page, in both languages).
 *  - date:     "Mar 4, 2026"          / "2026年3月4日"
 *  - dateTime: "Mar 4, 2026, 14:05"   / "2026年3月4日 14:05"
 *  - short:    "Mar 4, 14:05"         / "3月4日 14:05"   (tight tables)
 *  - monthDay: "Mar 4"                / "3月4日"         (chart axes)
 *  - time:     "14:05"
 */
export type DateStyle = 'date' | 'dateTime' | 'short' | 'monthDay' | 'time';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' },
  short: { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  monthDay: { month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const cache = new Map<string, Intl.DateTimeFormat>();

/** An ISO timestamp (or Date) as `style`; '' for nothing, the input itself when it is not a date. */
export function formatDate(value: string | Date | null | undefined, language: FormatLanguage, style: DateStyle = 'dateTime'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const key = `${language}|${style}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), STYLES[style]);
    cache.set(key, format);
  }
  return format.format(date);
}
