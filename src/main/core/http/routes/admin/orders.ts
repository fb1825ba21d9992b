import { advanceOrder, refundOrder } from '../../../orders/admin.js';
import { listAllOrders, getAdminOrderDetail } from '../../../orders/views.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { defineRoute } from '../../route.js';
import { adminOrderSchemas } from '../../../../../contract/admin/orders.js';

export const adminOrderRoutes = [
  defineRoute({
    method: 'GET',
    url: '/orders',
    scope: null,
    tag: 'Admin',
    summary: 'Every user\'s orders, newest first, optionally of one status or one user',
    schema: adminOrderSchemas['GET /orders'],
    handler: ({ ctx, query }) =>
      listAllOrders(ctx, {
        userId: query.userId ?? null,
        status: query.status,
        page: query.page ?? DEFAULT_PAGE,
        limit: query.limit ?? DEFAULT_LIMIT,
        startingAfter: query.startingAfter,
      }),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id',
    scope: null,
    tag: 'Admin',
    summary: 'Any user\'s order in full',
    schema: adminOrderSchemas['GET /orders/:id'],
    handler: ({ ctx, params }) => getAdminOrderDetail(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/advance',
    scope: null,
    tag: 'Admin',
    summary: 'Move an order forward (to the next status, or through to `to`), with the staff\'s data for each step',
    idempotent: true,
    schema: adminOrderSchemas['POST /orders/:id/advance'],
    handler: ({ ctx, params, body }) => advanceOrder(ctx, params.id, body ?? {}),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/refund',
    scope: null,
    tag: 'Admin',
    summary: 'The item cannot be bought: a paid order is refunded in full (coupon returned)',
    idempotent: true,
    schema: adminOrderSchemas['POST /orders/:id/refund'],
    handler: ({ ctx, params, body }) => refundOrder(ctx, params.id, body?.reason),
  }),
];
