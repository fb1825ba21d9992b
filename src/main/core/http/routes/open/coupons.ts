import { claimCoupon, listAvailableCoupons, listMyCoupons } from '../../../coupons/catalog.js';
import { defineRoute } from '../../route.js';
import { couponSchemas } from '../../../../../contract/open/coupons.js';

export const couponRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/coupons/available',
    scope: 'coupons:read',
    tag: 'Coupons',
    summary: 'Coupons the user can claim: unexpired and not claimed yet',
    schema: couponSchemas['GET /user/coupons/available'],
    handler: ({ ctx, caller }) => listAvailableCoupons(ctx, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/user/coupons/my',
    scope: 'coupons:read',
    tag: 'Coupons',
    summary: 'Claimed coupons with their status (unused, used, expired), most recently claimed first',
    schema: couponSchemas['GET /user/coupons/my'],
    handler: ({ ctx, caller, query }) => listMyCoupons(ctx, caller.userId, query.status),
  }),
  defineRoute({
    method: 'POST',
    url: '/user/coupons/:id/claim',
    scope: 'coupons:write',
    tag: 'Coupons',
    status: 201,
    summary: 'Claim a coupon (409 when already claimed, 422 when expired)',
    schema: couponSchemas['POST /user/coupons/:id/claim'],
    handler: ({ ctx, caller, params }) => claimCoupon(ctx, caller.userId, params.id),
  }),
];
