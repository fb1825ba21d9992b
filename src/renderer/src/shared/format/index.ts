/** The one place money, dates, numbers and plurals are written for the UI, per language (Intl). */
export { formatDate, type DateStyle } from './dates';
export { useDisplayCurrencyStore } from './displayCurrencyStore';
export { intlLocale, type FormatLanguage } from './locale';
export { formatMessage, type MessageVars } from './message';
export { convertAmount, currencyDigits, formatMoney, formatMoneyWithDisplay, lineAmount, type DisplayCurrency } from './money';
export { formatBytes, formatNumber } from './numbers';
export { useFormat, type Formatters } from './useFormat';
