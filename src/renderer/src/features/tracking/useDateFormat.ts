import { useMemo } from 'react';
import { useLocale } from '../../shared/i18n';

/** Timestamps in the UI language, in the viewer's time zone. */
export function useDateFormat(): (iso: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : format.format(date);
    };
  }, [locale]);
}
