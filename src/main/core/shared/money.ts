import type { Minor } from '../../../contract/common.js';

/**
 * Money is stored and computed as integer minor units (fen: `Minor`, defined once in the contract for the
 * core and the UI). Floats appear only at the JSON edge: `toAmount` turns minor units into a number with
 * at most two decimals, `parseAmount` turns a client's number or string into minor units without float
 * arithmetic.
 */
export type { Minor };

export function toAmount(minor: Minor): number {
  // n / 100 for an integer n has a shortest decimal form with at most two fraction digits.
  return minor / 100;
}

const AMOUNT = /^(-)?(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Parses "129.5", 129.5 or "0.07" into minor units; null when not a plain amount with <= 2 decimals. */
export function parseAmount(value: number | string): Minor | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const whole = Number(match[2]);
  const fraction = Number((match[3] ?? '').padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  return match[1] ? -minor : minor;
}

/** Rounds a non-negative rational (numerator / denominator) to an integer, half up. */
export function roundHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('denominator must be positive');
  const sign = numerator < 0 ? -1 : 1;
  const n = Math.abs(numerator);
  const quotient = Math.floor(n / denominator);
  const remainder = n - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient);
}

/** Applies a rate in basis points (1/100 of a percent) to an amount, rounding half up. */
export function applyBasisPoints(minor: Minor, basisPoints: number): Minor {
  return roundHalfUp(minor * basisPoints, 10_000);
}

/** Minor units as a decimal with two places, exactly (integer arithmetic): -1250 -> "-12.50". */
export function decimalOf(minor: Minor): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234.50 CNY": the form used in error messages. */
export function formatAmount(minor: Minor, currency: string): string {
  return `${decimalOf(minor)} ${currency}`;
}
