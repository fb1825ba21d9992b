import { numberProblem, type NumberRule } from '../admin/numberRange';

/**
 * The top-up amount's rule, as the staff Deposit field's (admin/work/WalletPanel.tsx): more than 0 (at
 * least 0.01, two decimals), at most the API's maximum (contract/open/wallet.ts NewTopUp).
 */
export const TOP_UP_AMOUNT_RULE: NumberRule = { min: 0.01, max: 10_000_000 };

/**
 * The amount to send for what the Amount field holds: a number, or the string Mantine keeps while the text
 * is not a plain number ("12." while typing, "12.50" with its trailing zero, "-" or "1,234.5"). Null when
 * nothing may be sent: empty, not a number, a minus, zero or too much, or more than two decimals. Never
 * rounded, clamped or made positive here: what is sent is what was typed.
 */
export function topUpAmount(value: number | string): number | null {
  if (numberProblem(value, TOP_UP_AMOUNT_RULE) !== null) return null;
  const n = typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
  // More than two decimals (a pasted 12.345) is refused: the field itself stops typing at two.
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6 ? n : null;
}
