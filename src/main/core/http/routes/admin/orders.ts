import { Type } from 'typebox';
import { advanceOrder, refundOrder } from '../../../orders/back-office.js';
import { listAllOrders, getAdminOrderDetail } from '../../../orders/views.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { defineRoute } from '../../route.js';
import { Paginated, Timestamp } from '../../schemas.js';
import {
  OrderDetailFields,
  OrderListItemFields,
  OrderListQuery,
  OrderNoParam,
  OrNoBody,
  ReasonBody,
  RefundResultSchema,
} from '../open/orders.js';

/** The back office on purchase orders (/api/v1/admin): every user's orders, moving them along, refunds. */

const AdminOrderDetail = Type.Object({ ...OrderDetailFields, userId: Type.Integer() });
const AdminOrderListItem = Type.Object({ ...OrderListItemFields, userId: Type.Integer(), platform: Type.String(), updatedAt: Timestamp });

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
/** A photo is an absolute http(s) URL or a path the service serves itself (/media/...). */
const PhotoUrl = Type.String({ maxLength: 2048, pattern: '^(https?://\\S+|/media/\\S+)$' });

const AdvanceBody = Type.Object(
  {
    to: Type.Optional(Type.Enum(['paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse'], { description: 'default: the next status' })),
    note: Type.Optional(Text(500)),
    marketplaceOrderNo: Type.Optional(Text(64)),
    carrier: Type.Optional(Text(64)),
    trackingNo: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' })),
    inspection: Type.Optional(
      Type.Object(
        {
          result: Type.Optional(Type.Enum(['passed', 'issue_found'])),
          weight: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'grams' })),
          notes: Type.Optional(Type.String({ maxLength: 1000 })),
          photos: Type.Optional(Type.Array(PhotoUrl, { maxItems: 10 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export const adminOrderRoutes = [
  defineRoute({
    method: 'GET',
    url: '/orders',
    scope: null,
    tag: 'Back office',
    summary: 'Every user\'s orders, newest first, optionally of one status or one user',
    schema: {
      querystring: Type.Object({ ...OrderListQuery.properties, userId: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: Paginated(AdminOrderListItem),
    },
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
    tag: 'Back office',
    summary: 'Any user\'s order in full',
    schema: { params: OrderNoParam, response: AdminOrderDetail },
    handler: ({ ctx, params }) => getAdminOrderDetail(ctx, params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/advance',
    scope: null,
    tag: 'Back office',
    summary: 'Move an order forward (to the next status, or through to `to`), with the staff\'s data for each step',
    idempotent: true,
    schema: { params: OrderNoParam, body: OrNoBody(AdvanceBody), response: AdminOrderDetail },
    handler: ({ ctx, params, body }) => advanceOrder(ctx, params.id, body ?? {}),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/refund',
    scope: null,
    tag: 'Back office',
    summary: 'The item cannot be bought: a paid order is refunded in full (coupon returned)',
    idempotent: true,
    schema: { params: OrderNoParam, body: ReasonBody, response: RefundResultSchema },
    handler: ({ ctx, params, body }) => refundOrder(ctx, params.id, body?.reason),
  }),
];
