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

/** What a lost shipment pays back: insured, the declared value and the shipping fee; uninsured, nothing. */
export function lossPayout(order: { insurance: boolean; declaredValue: number; shippingFee: number }): number {
  return order.insurance ? order.declaredValue + order.shippingFee : 0;
}
