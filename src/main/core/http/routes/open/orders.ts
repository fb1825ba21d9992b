import { Type, type TSchema } from 'typebox';
import { cancelOrder, MAX_REASON } from '../../../orders/cancel.js';
import { createOrder, MAX_ORDER_LINES, MAX_ORDER_REMARK } from '../../../orders/create.js';
import { ORDER_STATUSES } from '../../../orders/state-machine.js';
import { getOrderDetail, getOrderInspection, getOrderLogistics, getOrderStatus, listOrders } from '../../../orders/views.js';
import { DEFAULT_LIMIT, DEFAULT_PAGE } from '../../../shared/pagination.js';
import { defineRoute } from '../../route.js';
import { Currency, Grams, Money, PageQuery, Paginated, ProductIdString, Timestamp } from '../../schemas.js';
import { CursorQuery } from '../../cursor.js';

/** Purchase orders of the open API (api-v1.md "Purchase orders", decisions.md "Purchase orders"). */

export const OrderStatusSchema = Type.Enum([...ORDER_STATUSES], { description: ORDER_STATUSES.join(', ') });
export const OrderNoParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'the orderNo' }) });

const OrderItem = Type.Object({
  productId: Type.Integer(),
  skuId: Type.String(),
  title: Type.String(),
  skuName: Type.String(),
  price: Money,
  quantity: Type.Integer(),
  remark: Type.String(),
  imageUrl: Type.String(),
});

/** The detail's fields, shared with the back office's view (which adds userId). */
export const OrderDetailFields = {
  orderNo: Type.String(),
  status: Type.String(),
  totalAmount: Money,
  serviceFee: Money,
  subtotal: Money,
  discount: Money,
  couponId: Type.Union([Type.Integer(), Type.Null()]),
  currency: Currency,
  platform: Type.String(),
  remark: Type.String(),
  items: Type.Array(OrderItem),
  logistics: Type.Object({ trackingNo: Type.String(), carrier: Type.String() }),
  inspection: Type.Object({ result: Type.String(), weight: Grams, photos: Type.Array(Type.String()) }),
  timeline: Type.Array(Type.Object({ status: Type.String(), at: Timestamp, note: Type.String() })),
  marketplaceOrderNo: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
};
export const OrderDetailSchema = Type.Object(OrderDetailFields);

export const OrderListItemFields = {
  orderNo: Type.String(),
  status: Type.String(),
  totalAmount: Money,
  itemCount: Type.Integer({ description: 'number of lines' }),
  currency: Currency,
  createdAt: Timestamp,
};
export const OrderListItemSchema = Type.Object(OrderListItemFields);

export const RefundResultSchema = Type.Object({
  orderNo: Type.String(),
  status: Type.String(),
  refundAmount: Money,
  message: Type.String(),
});

export const OrderListQuery = Type.Object({ ...PageQuery, ...CursorQuery, status: Type.Optional(OrderStatusSchema) });

const Remark = Type.String({ maxLength: MAX_ORDER_REMARK });
const NewOrderBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          productId: ProductIdString,
          skuId: Type.String({ minLength: 1, maxLength: 64 }),
          quantity: Type.Integer({ minimum: 1, maximum: 100_000 }),
          remark: Type.Optional(Remark),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_ORDER_LINES },
    ),
    remark: Type.Optional(Remark),
    couponId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

/** A body that may be left out entirely (Fastify validates a missing body as null). */
export const OrNoBody = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReasonBody = OrNoBody(
  Type.Object({ reason: Type.Optional(Type.String({ maxLength: MAX_REASON })) }, { additionalProperties: false }),
);

export const orderRoutes = [
  defineRoute({
    method: 'POST',
    url: '/orders',
    scope: 'orders:write',
    tag: 'Purchase orders',
    status: 201,
    summary: 'Place a purchase order; the whole totalAmount is paid from the wallet at once',
    idempotent: true,
    schema: { body: NewOrderBody, response: OrderDetailSchema },
    handler: ({ ctx, caller, body }) => createOrder(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The orders, newest first, optionally of one status',
    schema: { querystring: OrderListQuery, response: Paginated(OrderListItemSchema) },
    handler: ({ ctx, caller, query }) =>
      listOrders(ctx, { userId: caller.userId, status: query.status, page: query.page ?? DEFAULT_PAGE, limit: query.limit ?? DEFAULT_LIMIT, startingAfter: query.startingAfter }),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'One order in full: prices, items, logistics, inspection and timeline',
    schema: { params: OrderNoParam, response: OrderDetailSchema },
    handler: ({ ctx, caller, params }) => getOrderDetail(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id/status',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The order status alone, for polling',
    schema: { params: OrderNoParam, response: Type.Object({ orderNo: Type.String(), status: Type.String(), updatedAt: Timestamp }) },
    handler: ({ ctx, caller, params }) => getOrderStatus(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id/logistics',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The domestic leg, seller to warehouse: carrier, tracking number and events (oldest first)',
    schema: {
      params: OrderNoParam,
      response: Type.Object({
        orderNo: Type.String(),
        carrier: Type.String(),
        trackingNo: Type.String(),
        status: Type.String(),
        events: Type.Array(Type.Object({ at: Timestamp, location: Type.String(), description: Type.String() })),
      }),
    },
    handler: ({ ctx, caller, params }) => getOrderLogistics(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/orders/:id/inspection',
    scope: 'orders:read',
    tag: 'Purchase orders',
    summary: 'The warehouse quality check (result pending until the order is in the warehouse)',
    schema: {
      params: OrderNoParam,
      response: Type.Object({
        orderNo: Type.String(),
        result: Type.String({ description: 'passed, issue_found or pending' }),
        weight: Grams,
        photos: Type.Array(Type.String()),
        notes: Type.String(),
        inspectedAt: Type.Union([Timestamp, Type.Null()]),
        items: Type.Array(
          Type.Object({ productId: Type.Integer(), title: Type.String(), skuName: Type.String(), quantity: Type.Integer(), result: Type.String() }),
        ),
      }),
    },
    handler: ({ ctx, caller, params }) => getOrderInspection(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/orders/:id/cancel',
    scope: 'orders:write',
    tag: 'Purchase orders',
    summary: 'Cancel a pending or paid order; the whole totalAmount is refunded to the wallet',
    idempotent: true,
    schema: { params: OrderNoParam, body: ReasonBody, response: RefundResultSchema },
    handler: ({ ctx, caller, params, body }) => cancelOrder(ctx, caller.userId, params.id, body?.reason),
  }),
];
