import { cancelOrder } from '../../../orders/cancel.js';
import { createOrder } from '../../../orders/create.js';
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
    handler: ({ ctx, caller, body }) => createOrder(ctx, caller.userId, body),
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
];
