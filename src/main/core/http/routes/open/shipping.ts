import { createShippingOrder } from '../../../shipping/create.js';
import { cancelShippingOrder, confirmDelivery } from '../../../shipping/lifecycle.js';
import { getShippingOrder, listShippingOrders } from '../../../shipping/queries.js';
import { defineRoute } from '../../route.js';
import { shippingSchemas } from '../../../../../contract/open/shipping.js';

const page = (q: { page?: number; limit?: number; startingAfter?: string }) => ({ page: q.page ?? 1, limit: q.limit ?? 20, startingAfter: q.startingAfter });

export const shippingRoutes = [
  defineRoute({
    method: 'POST',
    url: '/shipping/create',
    scope: 'shipping:write',
    tag: 'Shipping',
    status: 201,
    idempotent: true,
    summary: 'Ship warehouse packages abroad; the fee is frozen in the wallet until dispatch',
    schema: shippingSchemas['POST /shipping/create'],
    handler: ({ ctx, caller, body }) => createShippingOrder(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/shipping/orders',
    scope: 'shipping:read',
    tag: 'Shipping',
    summary: 'Shipping orders, newest first, optionally of one status',
    schema: shippingSchemas['GET /shipping/orders'],
    handler: ({ ctx, caller, query }) => listShippingOrders(ctx, caller.userId, { ...page(query), status: query.status }),
  }),
  defineRoute({
    method: 'GET',
    url: '/shipping/orders/:id',
    scope: 'shipping:read',
    tag: 'Shipping',
    summary: 'One shipping order with recipient, packages and tracking events',
    schema: shippingSchemas['GET /shipping/orders/:id'],
    handler: ({ ctx, caller, params }) => getShippingOrder(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/cancel',
    scope: 'shipping:write',
    tag: 'Shipping',
    idempotent: true,
    summary: 'Cancel a pending shipping order; the held fee is released and the packages return to the warehouse',
    schema: shippingSchemas['POST /shipping/orders/:id/cancel'],
    handler: ({ ctx, caller, params, body }) => cancelShippingOrder(ctx, caller.userId, params.id, body?.reason),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/confirm-delivery',
    scope: 'shipping:write',
    tag: 'Shipping',
    summary: 'Confirm receipt of a shipped order',
    schema: shippingSchemas['POST /shipping/orders/:id/confirm-delivery'],
    handler: ({ ctx, caller, params }) => confirmDelivery(ctx, caller.userId, params.id),
  }),
];
