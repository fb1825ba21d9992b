import { fulfilPhotoRequest } from '../../../orders/photo-requests.js';
import { decideReturn, receiveExchangeOfReturn } from '../../../orders/returns.js';
import { simulateOrderScenario } from '../../../orders/scenarios.js';
import { raiseSupplement, refundPriceDecrease } from '../../../orders/supplements.js';
import { parseAmount } from '../../../shared/money.js';
import { badRequest } from '../../../shared/errors.js';
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
  // v1.1 after-sales (extensions.md sections 2, 3 and 8)
  defineRoute({
    method: 'POST',
    url: '/orders/:id/supplements',
    scope: null,
    tag: 'Admin',
    status: 201,
    summary: 'Ask the user for more money on a paid order (price_increase, domestic_freight), or refund a price_decrease at once',
    idempotent: true,
    schema: adminOrderSchemas['POST /orders/:id/supplements'],
    handler: ({ ctx, params, body }) => {
      const amount = parseAmount(body.amount);
      if (amount === null || amount <= 0) throw badRequest('amount must be a positive amount with at most two decimals');
      if (body.reason === 'price_decrease') refundPriceDecrease(ctx, params.id, amount, body.itemId);
      else raiseSupplement(ctx, params.id, { reason: body.reason, amount, itemId: body.itemId });
      return getAdminOrderDetail(ctx, params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/returns/:rid/decide',
    scope: null,
    tag: 'Admin',
    summary: 'The seller\'s decision on a return or exchange: approved (refund less fee, or fee and a replacement) or rejected',
    idempotent: true,
    schema: adminOrderSchemas['POST /orders/:id/returns/:rid/decide'],
    handler: ({ ctx, params, body }) => {
      decideReturn(ctx, params.id, params.rid, body.decision);
      return getAdminOrderDetail(ctx, params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/photo-requests/:rid/fulfil',
    scope: null,
    tag: 'Admin',
    summary: 'Add the requested photos to the inspection (generated when none are given)',
    idempotent: true,
    schema: adminOrderSchemas['POST /orders/:id/photo-requests/:rid/fulfil'],
    handler: ({ ctx, params, body }) => {
      fulfilPhotoRequest(ctx, params.id, params.rid, body?.photos);
      return getAdminOrderDetail(ctx, params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/exchanges/:rid/receive',
    scope: null,
    tag: 'Admin',
    summary: "Receive an approved exchange's replacement (:rid is the exchange's return id): a new package with a fresh inspection; 409 when there is none to receive",
    schema: adminOrderSchemas['POST /orders/:id/exchanges/:rid/receive'],
    handler: ({ ctx, params }) => {
      receiveExchangeOfReturn(ctx, params.id, params.rid);
      return getAdminOrderDetail(ctx, params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/simulate',
    scope: null,
    tag: 'Admin',
    summary: 'Sandbox: make a scenario happen to this order now (409 when the order is not at its step)',
    idempotent: true,
    schema: adminOrderSchemas['POST /orders/:id/simulate'],
    handler: ({ ctx, params, body }) => {
      simulateOrderScenario(ctx, params.id, body.scenario);
      return getAdminOrderDetail(ctx, params.id);
    },
  }),
];
