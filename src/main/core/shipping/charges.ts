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
  return declaredValue > country.deMinimis ? applyBasisPoints(declaredValue, country.dutyRateBp) : 0;
}

/** What a lost shipment pays back: insured, the declared value and the shipping fee; uninsured, nothing. */
export function lossPayout(order: { insurance: boolean; declaredValue: number; shippingFee: number }): number {
  return order.insurance ? order.declaredValue + order.shippingFee : 0;
}
