import { useMemo } from 'react';
import { useLocale } from '../../shared/i18n';
import { useCountries, type Country } from './api';

/** Country names in the UI language (the API's are English; Intl knows the Chinese ones). */
export function useCountryNames(): { countries: Country[]; nameOf: (code: string) => string; isPending: boolean; error: unknown } {
  const locale = useLocale();
  const query = useCountries();
  return useMemo(() => {
    const english = new Map((query.data ?? []).map((c) => [c.code, c.name]));
    let display: Intl.DisplayNames | null = null;
    if (locale !== 'en') {
      try {
        display = new Intl.DisplayNames([locale], { type: 'region' });
      } catch {
        display = null;
      }
    }
    const nameOf = (code: string) => {
      const upper = code.toUpperCase();
      return display?.of(upper) ?? english.get(upper) ?? upper;
    };
    const countries = (query.data ?? []).map((c) => ({ code: c.code, name: nameOf(c.code) })).sort((a, b) => a.name.localeCompare(b.name, locale));
    return { countries, nameOf, isPending: query.isPending, error: query.error };
  }, [locale, query.data, query.isPending, query.error]);
}
