import { useCallback } from 'react';
import { useLocale } from '../../shared/i18n';

/** Dates in the UI language: "Nov 22, 2026" or "Nov 22, 2026, 10:32"; in Chinese "2026年11月22日". */
export function useFormatDate(): (iso: string, withTime?: boolean) => string {
  const locale = useLocale();
  return useCallback(
    (iso: string, withTime = false) =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        ...(withTime ? { hour: '2-digit', minute: '2-digit', hour12: false } : {}),
      }).format(new Date(iso)),
    [locale],
  );
}
