import type { Minor } from '../../../../contract/common';
import { formatMoney } from '../../shared/format';
import { translate, type Language } from '../../shared/i18n';
import { couponMessages } from './messages';

/** Pure helpers of the account pages (no React, no DOM): tested in node. */

export interface Debitable {
  amount: number;
  createdAt: string;
  /** The ledger entry type (ENTRY_TYPES). */
  type: string;
  /** The order, shipping order, package or rehearsal the entry is for: a refund carries its payment's. */
  reference: string;
}

/**
 * The entry types that are the shopper's purchases and fees: a debit of one is spending, a credit of one
 * (an order refund, a rehearsal fee given back) undoes spending of the same reference. Deposits, back-office
 * adjustments and insurance payouts are not spending, nor is a released shipping hold (no ledger entry).
 */
const SPENDING_TYPES: ReadonlySet<string> = new Set([
  'order_payment',
  'order_refund',
  'supplement_payment',
  'shipping_payment',
  'shipping_refund',
  'shipping_supplement',
  'service_charge',
]);

export interface DaySpending {
  /** YYYY-MM-DD */
  day: string;
  /** What left the wallet that day, as a positive amount. */
  spent: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day of an ISO timestamp in the viewer's time zone: YYYY-MM-DD. */
export function localDayKey(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar day of an ISO timestamp in UTC: YYYY-MM-DD. */
export function utcDayKey(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export interface SpendingOptions {
  /** How a timestamp maps to a day (default: the viewer's local day). */
  dayKey?: (iso: string) => string;
  /** Keep only the latest days of the range (default 90). */
  maxDays?: number;
}

/**
 * Purchases and fees summed per day, oldest day first, with the days between the first and the last
 * filled with zero so a chart reads as a time line. A refund nets out against the payments of its reference
 * (latest first, on the day they were paid), so a cancelled and refunded order is no spending; a refund whose
 * payment is older than the transactions given is left out. Sums run in minor units (fen): 0.1 + 0.2 is 0.30.
 */
export function spendingByDay(transactions: readonly Debitable[], options: SpendingOptions = {}): DaySpending[] {
  const dayKey = options.dayKey ?? localDayKey;
  const maxDays = options.maxDays ?? 90;
  const relevant = transactions.filter((tx) => SPENDING_TYPES.has(tx.type) && tx.amount !== 0);
  const debits = relevant
    .filter((tx) => tx.amount < 0)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((tx) => ({ reference: tx.reference, day: dayKey(tx.createdAt), minor: Math.round(-tx.amount * 100) }));
  const refunded = new Map<string, Minor>();
  for (const tx of relevant) {
    if (tx.amount > 0 && tx.reference !== '') refunded.set(tx.reference, (refunded.get(tx.reference) ?? 0) + Math.round(tx.amount * 100));
  }
  for (let i = debits.length - 1; i >= 0; i--) {
    const debit = debits[i]!;
    const left = refunded.get(debit.reference) ?? 0;
    if (left === 0) continue;
    const taken = Math.min(left, debit.minor);
    debit.minor -= taken;
    refunded.set(debit.reference, left - taken);
  }
  const minorByDay = new Map<string, Minor>();
  for (const debit of debits) {
    if (debit.minor > 0) minorByDay.set(debit.day, (minorByDay.get(debit.day) ?? 0) + debit.minor);
  }
  if (minorByDay.size === 0) return [];
  const days = [...minorByDay.keys()].sort();
  const last = days[days.length - 1]!;
  const result: DaySpending[] = [];
  for (let day = days[0]!; day <= last; day = nextDay(day)) {
    result.push({ day, spent: (minorByDay.get(day) ?? 0) / 100 });
  }
  return result.slice(-maxDays);
}

/** The sum of the `spent` of the days, in minor units so the total is exact. */
export function totalSpent(days: readonly DaySpending[]): number {
  return days.reduce((sum, d) => sum + Math.round(d.spent * 100), 0) / 100;
}

export interface CouponValue {
  type: 'percentage' | 'fixed';
  value: number;
}

/**
 * "10% off" or "CN¥20.00 off", worded by the coupon catalog (percentOff, amountOff). The Chinese shop
 * convention names the price paid in tenths: 10% off is "9折" (pay 90%); a fixed amount is "减 ¥20.00".
 */
export function formatCouponValue(coupon: CouponValue, currency: string, language: Language = 'en'): string {
  if (coupon.type === 'percentage') {
    // The number each language's convention names: the percentage off, or in Chinese the tenths paid.
    const value = language === 'zh-CN' ? Math.round((100 - coupon.value) * 10) / 100 : coupon.value;
    return translate(couponMessages, language, 'percentOff', { value: Number(value.toFixed(2)) });
  }
  return translate(couponMessages, language, 'amountOff', { amount: formatMoney(coupon.value, currency, language) });
}

/** What a coupon card says of where a coupon applies: one message of couponMessages a line, with its amount. */
export interface CouponTerm {
  key: 'minOrder' | 'noMinimum' | 'shippingMinFee' | 'shippingNoMinimum' | 'someChannels';
  amount?: number;
}

/**
 * A purchase coupon's floor is the order's goods subtotal (`minOrderAmount`); a shipping coupon's is the
 * freight (`minFee`, extensions.md section 11), and it may be limited to some channels. A shipping coupon
 * with a fee floor said "No minimum order" before: its floor was not the one shown.
 */
export function couponTerms(coupon: { appliesTo: 'purchase' | 'shipping'; minOrderAmount: number; minFee: number; channelIds: readonly string[] | null }): CouponTerm[] {
  if (coupon.appliesTo === 'purchase') return [coupon.minOrderAmount > 0 ? { key: 'minOrder', amount: coupon.minOrderAmount } : { key: 'noMinimum' }];
  const terms: CouponTerm[] = [coupon.minFee > 0 ? { key: 'shippingMinFee', amount: coupon.minFee } : { key: 'shippingNoMinimum' }];
  if (coupon.channelIds !== null) terms.push({ key: 'someChannels' });
  return terms;
}

/**
 * "+CN¥10,000.00" for a credit, "−CN¥20.00" (a real minus sign) for a debit, "CN¥0.00" for zero. `format`
 * writes the magnitude: the UI passes its formatter, so a chosen display currency shows beside the amount
 * as it does beside "balance after" (issue 26 item 15): "−CN¥20.50 (≈ $2.83)".
 */
export function formatSignedMoney(
  amount: number,
  currency: string,
  language: Language = 'en',
  format: (magnitude: number) => string = (magnitude) => formatMoney(magnitude, currency, language),
): string {
  const text = format(Math.abs(amount));
  if (amount > 0) return `+${text}`;
  if (amount < 0) return `\u2212${text}`;
  return text;
}

/** The hash of a purchase order's page (built by the orders feature). */
export function orderHref(orderNo: string): string {
  return `#/orders/${encodeURIComponent(orderNo)}`;
}

/** Order payments and refunds carry the order number as their reference: those link to the order. */
export function transactionReferenceHref(tx: { type: string; reference: string }): string | null {
  if ((tx.type === 'order_payment' || tx.type === 'order_refund') && tx.reference) return orderHref(tx.reference);
  return null;
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/** Only the fields that differ from `before` (the API refuses an empty PUT, so an unchanged form sends nothing). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): Partial<T> {
  const patch: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== before[key]) patch[key] = after[key];
  }
  return patch;
}

/**
 * What a service charge paid for, read from its reference as the service writes it (the CSV's
 * description says the same in English): PKG<id> warehouse services on a package, RH... a rehearsal (a
 * credit: its fee given back when cancelled before packing), RET<id> an exchange's fee, PO... extra photos.
 */
export type ServiceChargeKind =
  | { kind: 'services'; packageId: string }
  | { kind: 'rehearsal' | 'rehearsalRefund'; rehearsalId: string }
  | { kind: 'exchangeFee'; requestId: string }
  | { kind: 'photos'; orderNo: string }
  | null;

export function serviceChargeKind(reference: string, amount: number): ServiceChargeKind {
  if (/^PKG\d+$/.test(reference)) return { kind: 'services', packageId: reference.slice(3) };
  if (/^RET\d+$/.test(reference)) return { kind: 'exchangeFee', requestId: reference.slice(3) };
  if (reference.startsWith('RH')) return { kind: amount > 0 ? 'rehearsalRefund' : 'rehearsal', rehearsalId: reference };
  if (reference.startsWith('PO')) return { kind: 'photos', orderNo: reference };
  return null;
}
