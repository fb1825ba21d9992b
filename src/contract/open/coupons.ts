import { Type, type Static } from 'typebox';
import { idParam, Money, Timestamp } from '../common.js';
import { COUPON_APPLIES_TO, COUPON_STATUSES } from '../enums.js';

export const couponFields = {
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Enum(['percentage', 'fixed']),
  value: Type.Number({ description: 'percentage: percent off the goods subtotal (10 = 10%); fixed: amount off' }),
  minOrderAmount: Money,
  expiresAt: Timestamp,
  appliesTo: Type.Enum([...COUPON_APPLIES_TO], { description: 'v1.2: purchase (off the goods subtotal) or shipping (off a shipping order\'s freight fee)' }),
  channelIds: Type.Union([Type.Array(Type.String()), Type.Null()], { description: 'shipping coupons: the channels it is good on; null: any' }),
  minFee: Money,
};

export const Coupon = Type.Object(couponFields);
export const CouponStatus = Type.Enum([...COUPON_STATUSES], {
  description: 'unused (claimed, still usable), used (spent on an order or shipping order), expired (unused and past expiresAt)',
});

export const MyCoupon = Type.Object({
  ...couponFields,
  status: CouponStatus,
  claimedAt: Timestamp,
  usedOrderNo: Type.Union([Type.String(), Type.Null()], { description: 'the order that redeemed it, or null' }),
  usedAt: Type.Union([Timestamp, Type.Null()]),
});

/** The schemas of each route of open/coupons.ts, by method and path. */
export const couponSchemas = {
  'GET /user/coupons/available': { response: Type.Array(Coupon) },
  'GET /user/coupons/my': {
    querystring: Type.Object({ status: Type.Optional(CouponStatus) }),
    response: Type.Array(MyCoupon),
  },
  'POST /user/coupons/:id/claim': { params: idParam('coupon id: `id` of a coupon in GET /user/coupons/available'), response: MyCoupon },
};

/** The static types of what these routes take and answer. */
export type Coupon = Static<typeof Coupon>;
export type MyCoupon = Static<typeof MyCoupon>;
