import { unprocessable } from '../shared/errors.js';
import { applyBasisPoints, decimalOf, formatAmount, type Minor } from '../shared/money.js';
import type { TopUpMethod } from '../../../contract/enums.js';

/**
 * The arithmetic of a top-up (extensions.md section 12), pure: the fee of a method computed in the
 * top-up's currency, then the amount and the fee converted to the ledger currency at the operator's
 * display rate (units of that currency per unit of the ledger currency, e.g. USD 0.1381), half up.
 * Rates are decimals the operator typed; they are read as exact fractions (digits / 10^k), never
 * multiplied as floats.
 */
export interface MethodFigures {
  method: TopUpMethod;
  /** Percentage fee in basis points (440 = 4.4%). */
  feeBp: number;
  /** A fixed fee per top-up, in minor units of `fixedFeeCurrency` (PayPal: 30 USD cents). */
  fixedFeeMinor: Minor;
  fixedFeeCurrency: string;
  arrival: 'instant' | 'next_business_day';
  enabled: boolean;
}

export const DEFAULT_METHOD_FIGURES: Readonly<Record<TopUpMethod, MethodFigures>> = {
  paypal: { method: 'paypal', feeBp: 440, fixedFeeMinor: 30, fixedFeeCurrency: 'USD', arrival: 'instant', enabled: true },
  card: { method: 'card', feeBp: 300, fixedFeeMinor: 0, fixedFeeCurrency: 'USD', arrival: 'instant', enabled: true },
  alipay: { method: 'alipay', feeBp: 0, fixedFeeMinor: 0, fixedFeeCurrency: 'USD', arrival: 'instant', enabled: true },
  wechat: { method: 'wechat', feeBp: 0, fixedFeeMinor: 0, fixedFeeCurrency: 'USD', arrival: 'instant', enabled: true },
  bank_transfer: { method: 'bank_transfer', feeBp: 0, fixedFeeMinor: 0, fixedFeeCurrency: 'USD', arrival: 'next_business_day', enabled: true },
};

/**
 * The rate a fixed fee's currency falls back to when the operator has set no display rate for it (a CNY
 * ledger with no display currency still charges PayPal's 0.30 USD): the reference figure the settings hint
 * shows. A top-up in a currency without a rate is refused instead (422): its amount must not be guessed.
 */
export const FALLBACK_FEE_RATES: Readonly<Record<string, number>> = { USD: 0.1381 };

/** An exact fraction numerator / denominator (BigInt) of a positive decimal number. */
function fractionOf(rate: number): { num: bigint; den: bigint } {
  if (!(Number.isFinite(rate) && rate > 0)) throw new RangeError('rates are positive numbers');
  const [mantissa, exponentText] = rate.toExponential().split('e');
  const [whole, fraction = ''] = mantissa!.split('.');
  const digits = BigInt(`${whole}${fraction}`);
  const exponent = Number(exponentText) - fraction.length;
  return exponent >= 0 ? { num: digits * 10n ** BigInt(exponent), den: 1n } : { num: digits, den: 10n ** BigInt(-exponent) };
}

function roundHalfUpBig(numerator: bigint, denominator: bigint): Minor {
  const q = numerator / denominator;
  const r = numerator % denominator;
  return Number(r * 2n >= denominator ? q + 1n : q);
}

/** Minor units of a currency quoted at `rate` (per ledger unit) as ledger minor units, half up. */
export function toLedgerMinor(minor: Minor, rate: number): Minor {
  const { num, den } = fractionOf(rate);
  return roundHalfUpBig(BigInt(minor) * den, num);
}

/** Ledger minor units in a currency quoted at `rate`, half up. */
export function fromLedgerMinor(minor: Minor, rate: number): Minor {
  const { num, den } = fractionOf(rate);
  return roundHalfUpBig(BigInt(minor) * num, den);
}

export interface TopUpQuote {
  /** The rate frozen on the top-up: units of its currency per ledger unit (1 in the ledger currency). */
  rate: number;
  /** The method's fee in the top-up's currency (minor units). */
  feeInCurrency: Minor;
  /** Amount converted, fee and what arrives, in ledger minor units. */
  converted: Minor;
  fee: Minor;
  credited: Minor;
}

export interface QuoteInput {
  amount: Minor;
  currency: string;
  ledgerCurrency: string;
  rates: Readonly<Record<string, number>>;
  figures: MethodFigures;
}

function rateOf(currency: string, ledgerCurrency: string, rates: Readonly<Record<string, number>>, fallback: Readonly<Record<string, number>> = {}): number | undefined {
  if (currency === ledgerCurrency) return 1;
  return rates[currency] ?? fallback[currency];
}

/**
 * What a top-up of `amount` in `currency` costs and credits. 422 for a currency without a rate, an amount
 * that converts to 0.00 in the ledger currency (named as such, whatever the fee), or a fee that eats it all.
 */
export function quoteTopUp(input: QuoteInput): TopUpQuote {
  const { amount, currency, ledgerCurrency, rates, figures } = input;
  const rate = rateOf(currency, ledgerCurrency, rates);
  if (rate === undefined) {
    throw unprocessable(`currency ${currency} has no rate: the operator's display rates cover ${[ledgerCurrency, ...Object.keys(rates)].join(', ')}`);
  }
  let fixedInCurrency = 0;
  if (figures.fixedFeeMinor > 0) {
    const feeRate = rateOf(figures.fixedFeeCurrency, ledgerCurrency, rates, FALLBACK_FEE_RATES);
    if (feeRate === undefined) throw unprocessable(`${figures.method}'s fixed fee is in ${figures.fixedFeeCurrency}, which has no rate`);
    fixedInCurrency =
      figures.fixedFeeCurrency === currency ? figures.fixedFeeMinor : fromLedgerMinor(toLedgerMinor(figures.fixedFeeMinor, feeRate), rate);
  }
  const feeInCurrency = applyBasisPoints(amount, figures.feeBp) + fixedInCurrency;
  const converted = toLedgerMinor(amount, rate);
  const fee = toLedgerMinor(feeInCurrency, rate);
  const credited = converted - fee;
  if (converted <= 0) {
    // Nothing to take a fee from: the amount itself rounds to 0.00 in the ledger currency (0% methods too).
    throw unprocessable(`amount is too small: ${decimalOf(amount)} ${currency} is ${formatAmount(converted, ledgerCurrency)} once converted at ${rate} ${currency}/${ledgerCurrency}`);
  }
  if (credited <= 0) {
    const of = currency === ledgerCurrency ? formatAmount(converted, ledgerCurrency) : `the ${formatAmount(converted, ledgerCurrency)} it converts to`;
    throw unprocessable(`amount is too small: the ${figures.method} fee of ${formatAmount(fee, ledgerCurrency)} would take all of ${of}`);
  }
  return { rate, feeInCurrency, converted, fee, credited };
}

const DAY_MS = 86_400_000;

/**
 * When a transfer made at `created` arrives: one business day later on the service clock (a day that
 * lands on a Saturday or Sunday, UTC, moves on to Monday at the same time).
 */
export function nextBusinessDay(created: Date): Date {
  let at = new Date(created.getTime() + DAY_MS);
  while (at.getUTCDay() === 0 || at.getUTCDay() === 6) at = new Date(at.getTime() + DAY_MS);
  return at;
}

/** When a pending top-up is settled: a bank transfer's business day, a review's day, whichever is later. */
export function settlesAt(created: Date, arrival: MethodFigures['arrival'], inReview: boolean): Date | null {
  const times = [arrival === 'next_business_day' ? nextBusinessDay(created) : null, inReview ? new Date(created.getTime() + DAY_MS) : null].filter(
    (t): t is Date => t !== null,
  );
  return times.length === 0 ? null : new Date(Math.max(...times.map((t) => t.getTime())));
}
