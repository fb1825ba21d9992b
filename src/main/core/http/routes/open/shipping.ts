import { createShippingOrder } from '../../../shipping/create.js';
import { previewShipment } from '../../../shipping/preview.js';
import { cancelRehearsal, getRehearsal, listRehearsals, requestRehearsal } from '../../../shipping/rehearsals.js';
import { parseScenarioHeader, SCENARIO_HEADER } from '../../../shipping/scenarios.js';
import { cancelShippingOrder, confirmDelivery, listShippingSupplements, payShippingSupplement } from '../../../shipping/lifecycle.js';
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
    handler: ({ ctx, caller, body, headers }) => createShippingOrder(ctx, caller.userId, body, parseScenarioHeader(ctx, headers?.[SCENARIO_HEADER])),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/preview',
    scope: 'shipping:read',
    tag: 'Shipping',
    summary: 'What POST /shipping/create would hold for these packages on this channel (fee, insurance, storage, duties with their reason, wallet after), priced by the same rules; nothing is written',
    schema: shippingSchemas['POST /shipping/preview'],
    handler: ({ ctx, caller, body }) => previewShipment(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/rehearsals',
    scope: 'shipping:write',
    tag: 'Shipping',
    status: 201,
    idempotent: true,
    summary: 'Rehearsal packing: the warehouse packs, weighs and measures the packages before you pay for freight (fee charged now)',
    schema: shippingSchemas['POST /shipping/rehearsals'],
    handler: ({ ctx, caller, body }) => requestRehearsal(ctx, caller.userId, body.inventoryIds),
  }),
  defineRoute({
    method: 'GET',
    url: '/shipping/rehearsals',
    scope: 'shipping:read',
    tag: 'Shipping',
    summary: 'Your rehearsals, newest first',
    schema: shippingSchemas['GET /shipping/rehearsals'],
    handler: ({ ctx, caller, query }) => listRehearsals(ctx, caller.userId, query.limit ?? 20),
  }),
  defineRoute({
    method: 'GET',
    url: '/shipping/rehearsals/:id',
    scope: 'shipping:read',
    tag: 'Shipping',
    summary: 'One rehearsal: packed weight, dimensions and photos once packed',
    schema: shippingSchemas['GET /shipping/rehearsals/:id'],
    handler: ({ ctx, caller, params }) => getRehearsal(ctx, caller.userId, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/rehearsals/:id/cancel',
    scope: 'shipping:write',
    tag: 'Shipping',
    idempotent: true,
    summary: 'Cancel a rehearsal: packages back on the shelf; the fee is refunded only if not packed yet',
    schema: shippingSchemas['POST /shipping/rehearsals/:id/cancel'],
    handler: ({ ctx, caller, params }) => cancelRehearsal(ctx, caller.userId, params.id),
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

  defineRoute({
    method: 'GET',
    url: '/shipping/orders/:id/supplements',
    scope: 'shipping:read',
    tag: 'Shipping',
    summary: 'Shipping supplements: what the packed parcel costs beyond the fee held and its tolerance',
    schema: shippingSchemas['GET /shipping/orders/:id/supplements'],
    handler: ({ ctx, caller, params }) => listShippingSupplements(ctx, caller.userId, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/supplements/:sid/pay',
    scope: 'shipping:write',
    tag: 'Shipping',
    idempotent: true,
    summary: 'Pay a shipping supplement (402 when short); the parcel then leaves',
    schema: shippingSchemas['POST /shipping/orders/:id/supplements/:sid/pay'],
    handler: ({ ctx, caller, params }) => payShippingSupplement(ctx, caller.userId, params.id, params.sid),
  }),
];
