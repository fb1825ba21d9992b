import { Type } from 'typebox';
import { claimCoupon, COUPON_STATUSES, listAvailableCoupons, listMyCoupons } from '../../../coupons/catalog.js';
import { defineRoute } from '../../route.js';
import { IdParam, Money, Timestamp } from '../../schemas.js';

const couponFields = {
  id: Type.Integer(),
  name: Type.String(),
  type: Type.Enum(['percentage', 'fixed']),
  value: Type.Number({ description: 'percentage: percent off the goods subtotal (10 = 10%); fixed: amount off' }),
  minOrderAmount: Money,
  expiresAt: Timestamp,
};

const Coupon = Type.Object(couponFields);
const CouponStatus = Type.Enum([...COUPON_STATUSES]);

const MyCoupon = Type.Object({
  ...couponFields,
  status: CouponStatus,
  claimedAt: Timestamp,
  usedOrderNo: Type.Union([Type.String(), Type.Null()], { description: 'the order that redeemed it, or null' }),
  usedAt: Type.Union([Timestamp, Type.Null()]),
});

export const couponRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/coupons/available',
    scope: 'coupons:read',
    tag: 'Coupons',
    summary: 'Coupons the user can claim: unexpired and not claimed yet',
    schema: { response: Type.Array(Coupon) },
    handler: ({ ctx, caller }) => listAvailableCoupons(ctx, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/user/coupons/my',
    scope: 'coupons:read',
    tag: 'Coupons',
    summary: 'Claimed coupons with their status (unused, used, expired), most recently claimed first',
    schema: {
      querystring: Type.Object({ status: Type.Optional(CouponStatus) }),
      response: Type.Array(MyCoupon),
    },
    handler: ({ ctx, caller, query }) => listMyCoupons(ctx, caller.userId, query.status),
  }),
  defineRoute({
    method: 'POST',
    url: '/user/coupons/:id/claim',
    scope: 'coupons:write',
    tag: 'Coupons',
    status: 201,
    summary: 'Claim a coupon (409 when already claimed, 422 when expired)',
    schema: { params: IdParam, response: MyCoupon },
    handler: ({ ctx, caller, params }) => claimCoupon(ctx, caller.userId, params.id),
  }),
];
