import type { Minor } from '../../../../contract/common';
import { intlLocale, type FormatLanguage } from './locale';

/**
 * Money as the language writes it, from the API's amounts (JSON numbers with two decimals, exact in
 * minor units): English "CN¥51,776.24" (CLDR's symbol for yuan, so it is not read as yen), Chinese
 * "¥51,776.24". Without a currency only the number: "51,776.24".
 */
export function formatMoney(amount: number, currency: string | undefined, language: FormatLanguage): string {
  const locale = intlLocale(language);
  const text = currency ? moneyFormat(locale, currency).format(amount) : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  // A real minus sign, as the discounts, refunds and ledger amounts write it: Intl's hyphen beside them
  // ("Balance after -CN¥326.28" next to "−CN¥192.24") read as two different signs.
  return amount < 0 ? text.replace('-', MINUS) : text;
}

const MINUS = '\u2212';

const cache = new Map<string, Intl.NumberFormat>();

/**
 * The first currency format of a page loads ICU's currency data (13 ms here, about 55 ms at 4x CPU
 * throttling, measured inside the render that first shows the header's balance); every later one, any
 * currency or language, costs microseconds. The app makes it in a task of its own, queued at start, so it
 * runs while the first reads are in flight (main.tsx). CNY: the ledger's default currency, so the one kept is used.
 */
export function warmMoneyFormat(language: FormatLanguage): void {
  moneyFormat(intlLocale(language), 'CNY');
}
function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = cache.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      // Not an ISO 4217 code Intl knows: the code and the number, never a thrown render.
      const number = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      format = { format: (n: number) => `${currency} ${number.format(n)}` } as Intl.NumberFormat;
    }
    cache.set(key, format);
  }
  return format;
}

const digitsOf = new Map<string, number>();

/** How many decimals a currency is written with (JPY 0, USD 2, ...); asked per amount shown, so kept. */
export function currencyDigits(currency: string): number {
  let digits = digitsOf.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsOf.set(currency, digits);
  }
  return digits;
}

/**
 * A ledger amount in the display currency at the operator's rate (1 unit of the ledger currency = `rate`
 * units of the display currency), rounded half away from zero to the display currency's minor unit. The
 * amount is worked in integer minor units first so 0.1 + 0.2 style drift never shows.
 */
export function convertAmount(amount: number, rate: number, displayCurrency: string): number {
  const minor: Minor = Math.round(amount * 100);
  const scale = 10 ** currencyDigits(displayCurrency);
  const converted = (minor * rate * scale) / 100;
  const rounded = Math.sign(converted) * Math.round(Math.abs(converted));
  return rounded / scale;
}

export interface DisplayCurrency {
  /** ISO 4217 code the operator chose to show beside the ledger currency, e.g. "USD". */
  code: string;
  /** Units of `code` per unit of the ledger currency. */
  rate: number;
}

/**
 * The ledger amount first, then the display currency beside it: "¥458.10 (≈ US$63.22)". Only amounts in
 * the ledger currency are converted (the rate is for that currency); the display amount is never stored.
 */
export function formatMoneyWithDisplay(
  amount: number,
  currency: string | undefined,
  language: FormatLanguage,
  display: DisplayCurrency | null,
  ledgerCurrency: string | undefined,
): string {
  const ledger = formatMoney(amount, currency, language);
  if (!display || !currency || currency !== ledgerCurrency || display.code === currency || !(display.rate > 0)) return ledger;
  const converted = formatMoney(convertAmount(amount, display.rate, display.code), display.code, language);
  return `${ledger} (≈ ${converted})`;
}

/** price × quantity in whole minor units, so 0.1 × 3 is 0.30 and not 0.30000000000000004. */
export function lineAmount(price: number, quantity: number): number {
  return (Math.round(price * 100) * quantity) / 100;
}
