import type { CoreContext } from '../../../context.js';
import { requestPhotos } from '../../../orders/photo-requests.js';
import { listOrderReturns, requestReturn } from '../../../orders/returns.js';
import { declineSupplement, listOrderSupplements, paySupplement } from '../../../orders/supplements.js';
import { notAnOrderScenarioMessage, parseScenarioHeader } from '../../../orders/after-sales-rules.js';
import { badRequest } from '../../../shared/errors.js';
import { requireScenarioHeaderOn } from '../../../warehouse/figures.js';
import { cancelOrder } from '../../../orders/cancel.js';
import { createOrder } from '../../../orders/create.js';
import { previewOrder } from '../../../orders/preview.js';
import { getOrderDetail, getOrderInspection, getOrderLogistics, getOrderStatus, listOrders } from '../../../orders/views.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { defineRoute } from '../../route.js';
import { orderSchemas } from '../../../../../contract/open/orders.js';

export const orderRoutes = [
  defineRoute({
    method: 'POST',
    url: '/orders',
    scope: 'orders:write',
    tag: 'Purchase orders',
    status: 201,
    summary: 'Place a purchase order; the whole totalAmount is paid from the wallet at once',
    idempotent: true,
    schema: orderSchemas['POST /orders'],
    handler: ({ ctx, caller, body, headers }) => createOrder(ctx, caller.userId, body, { scenarios: scenariosFromHeader(ctx, headers) }),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/preview',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'What POST /orders with this body would charge (lines, sellers, coupon, fee, total, wallet after), priced by the same rules; nothing is written',
    schema: orderSchemas['POST /orders/preview'],
    handler: ({ ctx, caller, body }) => previewOrder(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The orders, newest first, optionally of one status',
    schema: orderSchemas['GET /orders'],
    handler: ({ ctx, caller, query }) =>
      listOrders(ctx, { userId: caller.userId, status: query.status, page: query.page ?? DEFAULT_PAGE, limit: query.limit ?? DEFAULT_LIMIT, startingAfter: query.startingAfter }),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'One order in full: prices, items, logistics, inspection and timeline',
    schema: orderSchemas['GET /orders/:id'],
    handler: ({ ctx, caller, params }) => getOrderDetail(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id/status',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The order status alone, for polling',
    schema: orderSchemas['GET /orders/:id/status'],
    handler: ({ ctx, caller, params }) => getOrderStatus(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id/logistics',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The domestic leg, seller to warehouse: carrier, tracking number and events (oldest first)',
    schema: orderSchemas['GET /orders/:id/logistics'],
    handler: ({ ctx, caller, params }) => getOrderLogistics(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id/inspection',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The warehouse quality check (result pending until the order is in the warehouse)',
    schema: orderSchemas['GET /orders/:id/inspection'],
    handler: ({ ctx, caller, params }) => getOrderInspection(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/cancel',
    scope: 'orders:write',
    tag: 'Purchase orders',
    summary: 'Cancel a pending or paid order; the whole totalAmount is refunded to the wallet',
    idempotent: true,
    schema: orderSchemas['POST /orders/:id/cancel'],
    handler: ({ ctx, caller, params, body }) => cancelOrder(ctx, caller.userId, params.id, body?.reason),
  }),
  // v1.1 after-sales (extensions.md sections 2-3)
  defineRoute({
    method: 'GET',
    url: '/orders/:id/supplements',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The supplementary payments the back office asked for on this order (price increase, domestic postage)',
    schema: orderSchemas['GET /orders/:id/supplements'],
    handler: ({ ctx, caller, params }) => listOrderSupplements(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/supplements/:sid/pay',
    scope: 'orders:write',
    tag: 'Purchase orders',
    summary: 'Pay a pending supplement from the wallet (402 when short, 409 unless pending)',
    idempotent: true,
    schema: orderSchemas['POST /orders/:id/supplements/:sid/pay'],
    handler: ({ ctx, caller, params }) => paySupplement(ctx, caller.userId, params.id, params.sid),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/supplements/:sid/decline',
    scope: 'orders:write',
    tag: 'Purchase orders',
    summary: 'Decline a pending supplement: the order is refunded in full (totalAmount + paid supplements) and the coupon returned',
    idempotent: true,
    schema: orderSchemas['POST /orders/:id/supplements/:sid/decline'],
    handler: ({ ctx, caller, params }) => declineSupplement(ctx, caller.userId, params.id, params.sid),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/photo-requests',
    scope: 'orders:write',
    tag: 'Purchase orders',
    status: 201,
    summary: 'Buy 1-10 extra inspection photos (charged now); 409 outside the decision window or before in_warehouse',
    idempotent: true,
    schema: orderSchemas['POST /orders/:id/photo-requests'],
    handler: ({ ctx, caller, params, body }) => requestPhotos(ctx, caller.userId, params.id, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id/returns',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The return and exchange requests of this order and the seller\'s decisions',
    schema: orderSchemas['GET /orders/:id/returns'],
    handler: ({ ctx, caller, params }) => listOrderReturns(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/returns',
    scope: 'orders:write',
    tag: 'Purchase orders',
    status: 201,
    summary: 'Return or exchange one line inside the decision window while its package is in the warehouse (409 otherwise)',
    idempotent: true,
    schema: orderSchemas['POST /orders/:id/returns'],
    handler: ({ ctx, caller, params, body }) => requestReturn(ctx, caller.userId, params.id, body),
  }),
];

/**
 * The sandbox's `Crossbuy-Scenario: name[,name]` header (extensions.md section 8): 400 naming an unknown
 * scenario, and 400 while the operator has turned scenarios off (as shipping orders and top-ups do).
 */
function scenariosFromHeader(ctx: CoreContext, headers: Readonly<Record<string, string | string[] | undefined>> | undefined) {
  const raw = headers?.['crossbuy-scenario'];
  const value = Array.isArray(raw) ? raw.join(',') : raw;
  const parsed = parseScenarioHeader(value);
  if ('unknown' in parsed) throw badRequest(notAnOrderScenarioMessage(parsed.unknown));
  if (parsed.scenarios.length > 0) requireScenarioHeaderOn(ctx);
  return parsed.scenarios;
}
