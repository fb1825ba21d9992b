import { formatAmount, roundHalfUp, type Minor } from '../shared/money.js';

/**
 * The discount rule of a shipping coupon (extensions.md section 11), pure, so that creating a shipping
 * order and any preview of one (the ship page) give the same figure: it comes off the freight fee only
 * (never insurance, storage or services), never below 0; percentage rounds half up at the minor unit.
 * `shippingCouponProblem` says why a coupon cannot be used on a shipment (the 422's message), null when it
 * can.
 */
export interface ShippingCouponTerms {
  id: number;
  type: 'percentage' | 'fixed';
  /** percentage: whole percent; fixed: minor units. */
  value: number;
  appliesTo: 'purchase' | 'shipping';
  /** The channels it is good on; null: any channel. */
  channelIds: readonly string[] | null;
  /** The least freight fee it needs, minor units. */
  minFee: Minor;
}

export function shippingCouponDiscount(coupon: Pick<ShippingCouponTerms, 'type' | 'value'>, fee: Minor): Minor {
  if (fee <= 0) return 0;
  const raw = coupon.type === 'percentage' ? roundHalfUp(fee * Math.min(coupon.value, 100), 100) : coupon.value;
  return Math.max(0, Math.min(raw, fee));
}

export function shippingCouponProblem(coupon: ShippingCouponTerms, channelId: string, fee: Minor, currency: string): string | null {
  if (coupon.appliesTo !== 'shipping') return `Coupon ${coupon.id} has appliesTo: ${coupon.appliesTo}; only a shipping coupon comes off a shipping fee`;
  if (coupon.channelIds !== null && !coupon.channelIds.includes(channelId)) {
    return `Coupon ${coupon.id} is good only on channels ${coupon.channelIds.join(', ')}, not ${channelId}`;
  }
  if (fee < coupon.minFee) return `Coupon ${coupon.id} needs a shipping fee of at least ${formatAmount(coupon.minFee, currency)}; this one is ${formatAmount(fee, currency)}`;
  return null;
}
