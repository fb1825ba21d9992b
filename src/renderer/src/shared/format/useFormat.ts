import { useMemo } from 'react';
import { useLanguageStore } from '../i18n';
import { formatDate, type DateStyle } from './dates';
import { useDisplayCurrencyStore } from './displayCurrencyStore';
import { formatMoney, formatMoneyWithDisplay } from './money';
import { formatNumber } from './numbers';

export interface Formatters {
  /** Money in the UI language, with the display currency beside ledger amounts: "¥458.10 (≈ US$63.22)". */
  money(amount: number, currency?: string): string;
  /** Money alone, never converted (inputs, compact tables, amounts that are already in another currency). */
  moneyOnly(amount: number, currency?: string): string;
  /** An ISO timestamp as `style` (default date and time, 24-hour). */
  date(value: string | Date | null | undefined, style?: DateStyle): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
}

/** The one formatter of the UI: money, dates and numbers in the chosen language. */
export function useFormat(): Formatters {
  const language = useLanguageStore((s) => s.language);
  const ledgerCurrency = useDisplayCurrencyStore((s) => s.ledgerCurrency);
  const display = useDisplayCurrencyStore((s) => s.display);
  return useMemo(
    () => ({
      money: (amount, currency) => formatMoneyWithDisplay(amount, currency, language, display, ledgerCurrency),
      moneyOnly: (amount, currency) => formatMoney(amount, currency, language),
      date: (value, style = 'dateTime') => formatDate(value, language, style),
      number: (value, options) => formatNumber(value, language, options),
    }),
    [language, display, ledgerCurrency],
  );
}
