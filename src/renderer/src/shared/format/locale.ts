/**
 * The UI languages as Intl locales. Kept here (not in i18n.ts) so the formatters stay pure functions of
 * (value, language) that tests can call without React or a store.
 */
export type FormatLanguage = 'en' | 'zh-CN';

/** 'en' is US English for Intl (month-day order, comma grouping); Chinese is mainland Chinese. */
export function intlLocale(language: FormatLanguage): string {
  return language === 'zh-CN' ? 'zh-CN' : 'en-US';
}
