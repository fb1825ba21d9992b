import { applyBasisPoints } from '../shared/money.js';

/**
 * The charges of a shipment beyond freight (extensions.md section 5), pure and in minor units.
 */

/** Insurance premium: a share of the declared value (half up), never below the minimum. */
export function insurancePremium(declaredValue: number, rateBp: number, minimum: number): number {
  return Math.max(minimum, applyBasisPoints(declaredValue, rateBp));
}

/**
 * Estimated import duties at the destination: nothing at or below the de minimis value, else the rate on
 * the whole declared value (how most customs offices assess it). Informational: never charged.
 */
export function estimatedDuties(declaredValue: number, country: { deMinimis: number; dutyRateBp: number }): number {
  return dutiesEstimate(declaredValue, country).amount;
}

/**
 * Why the estimate is what it is: `no_duty` (the destination charges nothing on consumer goods, or has no
 * data), `de_minimis` (the declared value is at or below the value under which nothing is charged),
 * `rate` (the rate on the whole declared value).
 */
export type DutiesReason = 'no_duty' | 'de_minimis' | 'rate';

export function dutiesEstimate(declaredValue: number, country: { deMinimis: number; dutyRateBp: number }): { amount: number; reason: DutiesReason } {
  if (country.dutyRateBp === 0) return { amount: 0, reason: 'no_duty' };
  if (declaredValue <= country.deMinimis) return { amount: 0, reason: 'de_minimis' };
  return { amount: applyBasisPoints(declaredValue, country.dutyRateBp), reason: 'rate' };
}

/**
 * What a shipping order holds in the wallet at creation (extensions.md sections 5, 6): the freight quote
 * less a coupon's discount (never below 0, never off anything else), the insurance premium and the storage
 * accrued past the free period. Services and rehearsals are paid when requested, not here.
 */
export function shipmentHold(parts: { freight: number; couponDiscount: number; premium: number; storage: number }): number {
  return Math.max(0, parts.freight - parts.couponDiscount) + parts.premium + parts.storage;
}

/**
 * The freight a shipment actually paid (extensions.md sections 7, 10, 11): the fee its capture settled
 * (the quote, or a lighter parcel's billed fee: `settledFee`) less its coupon's discount (never below 0),
 * plus the packed-weight supplements it paid. A pending or expired supplement was never paid: not counted.
 */
export function freightPaid(order: { shippingFee: number; billedFee?: number | null; couponDiscount?: number; supplements?: readonly { amount: number; status: string }[] }): number {
  const paidSupplements = (order.supplements ?? []).reduce((sum, s) => sum + (s.status === 'paid' ? s.amount : 0), 0);
  return Math.max(0, settledFee(order.shippingFee, order.billedFee ?? null) - (order.couponDiscount ?? 0)) + paidSupplements;
}

/**
 * The fee a dispatch charged before its coupon (shipping/packed-weight.ts settleFee): a lighter parcel's
 * billed fee, else the quote (a heavier parcel within the tolerance is absorbed; beyond it the difference
 * is a supplement, counted apart). Unweighed (orders older than v1.2): the quote.
 */
export function settledFee(shippingFee: number, billedFee: number | null): number {
  return billedFee !== null && billedFee < shippingFee ? billedFee : shippingFee;
}

/**
 * What a lost shipment pays back (extensions.md section 7, "declared value + fee paid back"): insured,
 * the declared value and the freight actually paid (freightPaid: coupon off, paid supplements on; the
 * premium and storage are not returned); uninsured, nothing.
 */
export function lossPayout(order: Parameters<typeof freightPaid>[0] & { insurance: boolean; declaredValue: number }): number {
  return order.insurance ? order.declaredValue + freightPaid(order) : 0;
}
