import type { CoreContext } from '../context.js';
import { notFound, unprocessable } from '../shared/errors.js';
import { formatAmount, roundHalfUp, type Minor } from '../shared/money.js';
import { shippingCouponProblem, type ShippingCouponTerms } from './shipping-discount.js';
import { couponRows, type CouponRow } from './rows.js';

/**
 * The order side of coupons: checking that a coupon can be redeemed on an order, the discount it gives,
 * marking it used, and giving it back when the order is cancelled or refunded. Listing and claiming live
 * in catalog.ts.
 *
 * Unknown coupon id: 404 (like every unknown id in the API). Known but not redeemable (not claimed by the
 * user, already used, expired on the service clock, subtotal under minOrderAmount): 422 with the reason.
 */
export interface CouponTerms {
  type: 'percentage' | 'fixed';
  /** percentage: whole percent off the goods subtotal; fixed: minor units off. */
  value: number;
}

export interface RedeemableCoupon extends CouponTerms {
  id: number;
  name: string;
}

/**
 * The discount a coupon gives on a goods subtotal: percentage rounds half up at the minor unit; both kinds
 * are capped at the subtotal, so a total can never go below the service fee.
 */
export function couponDiscount(coupon: CouponTerms, subtotal: Minor): Minor {
  if (subtotal <= 0) return 0;
  const raw = coupon.type === 'percentage' ? roundHalfUp(subtotal * Math.min(coupon.value, 100), 100) : coupon.value;
  return Math.max(0, Math.min(raw, subtotal));
}

/**
 * Whether a coupon reaches this subtotal and what it would take off: the minimum check of
 * requireRedeemableCoupon and couponDiscount, as the order preview lists them for each coupon.
 */
export function couponFit(coupon: CouponTerms & { minOrder: Minor }, subtotal: Minor): { usable: boolean; discount: Minor; shortBy: Minor } {
  const usable = subtotal >= coupon.minOrder;
  return { usable, discount: usable ? couponDiscount(coupon, subtotal) : 0, shortBy: usable ? 0 : coupon.minOrder - subtotal };
}

/** The coupon, if this user holds it unused and unexpired: 404 unknown, 422 not claimed, used or expired. */
function requireUsableCoupon(ctx: CoreContext, userId: number, couponId: number): CouponRow {
  const coupon = couponRows.one(
    ctx.db.prepare('SELECT id, name, type, value, min_order_minor, expires_at, applies_to, channel_ids, min_fee_minor FROM coupons WHERE id = ?')
    .get(couponId),
  );
  if (!coupon) throw notFound(`Coupon ${couponId} not found`);
  const claim = ctx.db.prepare('SELECT used_order_no FROM user_coupons WHERE user_id = ? AND coupon_id = ?').get(userId, couponId) as
    | { used_order_no: string | null }
    | undefined;
  // Compared as instants on the service clock: expired at and after expiresAt.
  const expired = Date.parse(coupon.expires_at) <= ctx.clock.now().getTime();
  // An expired coupon nobody claimed cannot be claimed either: say it expired, not "claim it first".
  if (!claim && expired) throw unprocessable(`Coupon ${couponId} expired at ${coupon.expires_at}`);
  if (!claim) throw unprocessable(`Coupon ${couponId} has not been claimed: claim it first with POST /user/coupons/${couponId}/claim`);
  if (claim.used_order_no !== null) throw unprocessable(`Coupon ${couponId} was already used on order ${claim.used_order_no}`);
  if (expired) throw unprocessable(`Coupon ${couponId} expired at ${coupon.expires_at}`);
  return coupon;
}

/** The coupon, if this user may redeem it on an order with this goods subtotal; 404 or 422 otherwise. */
export function requireRedeemableCoupon(ctx: CoreContext, userId: number, couponId: number, subtotal: Minor): RedeemableCoupon {
  const coupon = requireUsableCoupon(ctx, userId, couponId);
  if (coupon.applies_to !== 'purchase') {
    throw unprocessable(`Coupon ${couponId} has appliesTo: ${coupon.applies_to}; use it on POST /shipping/create, not on a purchase order`);
  }
  if (!couponFit({ ...coupon, minOrder: coupon.min_order_minor }, subtotal).usable) {
    throw unprocessable(
      `Coupon ${couponId} needs a goods subtotal of at least ${formatAmount(coupon.min_order_minor, ctx.currency)}; this order's is ${formatAmount(subtotal, ctx.currency)}`,
    );
  }
  return { id: coupon.id, name: coupon.name, type: coupon.type, value: coupon.value };
}

/** Marks the user's coupon as spent on an order. Runs in the order's transaction, after requireRedeemableCoupon. */
export function markCouponUsed(ctx: CoreContext, userId: number, couponId: number, orderNo: string): void {
  const changes = ctx.db
    .prepare('UPDATE user_coupons SET used_order_no = ?, used_at = ? WHERE user_id = ? AND coupon_id = ? AND used_order_no IS NULL')
    .run(orderNo, ctx.nowIso(), userId, couponId).changes;
  // requireRedeemableCoupon checked this in the same transaction; a miss here is a bug, not a client error.
  if (changes !== 1) throw new Error(`coupon ${couponId} could not be marked used for ${orderNo}`);
}

/** Gives back the coupon an order used (cancel, refund). Returns whether there was one. */
export function returnCoupon(ctx: CoreContext, orderNo: string): boolean {
  return ctx.db.prepare('UPDATE user_coupons SET used_order_no = NULL, used_at = NULL WHERE used_order_no = ?').run(orderNo).changes > 0;
}

export interface OpenCoupon extends CouponTerms {
  id: number;
  minOrder: Minor;
  /** false: claimable, not claimed by this user yet. */
  claimed: boolean;
}

/**
 * The purchase coupons an order could still use (v1.2: shipping coupons are for shipping orders): the user's unused claimed ones (most recently claimed first), then
 * the unexpired ones not claimed yet (soonest to expire first). The order preview words each one's fit.
 */
export function openCoupons(ctx: CoreContext, userId: number): OpenCoupon[] {
  const rows = ctx.db
    .prepare(
      `SELECT c.id, c.type, c.value, c.min_order_minor, c.expires_at, uc.id IS NOT NULL AS claimed
         FROM coupons c LEFT JOIN user_coupons uc ON uc.coupon_id = c.id AND uc.user_id = ?
        WHERE (uc.id IS NULL OR uc.used_order_no IS NULL) AND c.applies_to = 'purchase'
        ORDER BY claimed DESC, CASE WHEN uc.id IS NULL THEN 0 ELSE -uc.id END, c.expires_at, c.id`,
    )
    .all(userId) as { id: number; type: CouponTerms['type']; value: number; min_order_minor: number; expires_at: string; claimed: number }[];
  const now = ctx.clock.now().getTime();
  return rows
    .filter((r) => Date.parse(r.expires_at) > now)
    .map((r) => ({ id: r.id, type: r.type, value: r.value, minOrder: r.min_order_minor, claimed: r.claimed === 1 }));
}

export function shippingTermsOf(coupon: Pick<CouponRow, 'id' | 'type' | 'value' | 'applies_to' | 'channel_ids' | 'min_fee_minor'>): ShippingCouponTerms {
  return {
    id: coupon.id,
    type: coupon.type,
    value: coupon.value,
    appliesTo: coupon.applies_to,
    channelIds: coupon.channel_ids === null ? null : (JSON.parse(coupon.channel_ids) as string[]),
    minFee: coupon.min_fee_minor,
  };
}

/** A shipping coupon this user may use on this channel and freight fee: 404 unknown, 422 with the reason otherwise. */
export function requireShippingCoupon(ctx: CoreContext, userId: number, couponId: number, channelId: string, fee: Minor): ShippingCouponTerms {
  const terms = shippingTermsOf(requireUsableCoupon(ctx, userId, couponId));
  const problem = shippingCouponProblem(terms, channelId, fee, ctx.currency);
  if (problem) throw unprocessable(problem);
  return terms;
}
