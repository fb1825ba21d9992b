import { Type } from 'typebox';
import { createShippingOrder, MAX_SHIPPING_ITEMS } from '../../../shipping/create.js';
import { cancelShippingOrder, confirmDelivery } from '../../../shipping/lifecycle.js';
import { getShippingOrder, listShippingOrders } from '../../../shipping/queries.js';
import { SHIPPING_STATUSES } from '../../../shipping/state-machine.js';
import { defineRoute } from '../../route.js';
import { Currency, Grams, Money, PageQuery, Paginated, Timestamp } from '../../schemas.js';
import { CursorQuery } from '../../cursor.js';

/** Shipping orders (api-v1.md "Shipping orders"; decisions.md "Shipping orders"). */

const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });

const CreateBody = Type.Object(
  {
    items: Type.Array(
      Type.Object({ inventoryId: Type.Integer({ minimum: 1 }), quantity: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: MAX_SHIPPING_ITEMS },
    ),
    logisticsChannelId: Text(64),
    recipientName: Text(100),
    recipientPhone: Text(32),
    recipientCountry: Type.String({ minLength: 2, maxLength: 2, description: 'a code from /logistics/countries' }),
    recipientState: Type.Optional(Type.String({ maxLength: 100 })),
    recipientCity: Text(100),
    recipientAddress: Text(300),
    recipientZipCode: Text(20),
    remark: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

const ListItemFields = {
  orderNo: Type.String(),
  status: Type.String({ description: SHIPPING_STATUSES.join(', ') }),
  channelName: Type.String(),
  trackingNo: Type.String({ description: 'empty until dispatched' }),
  totalWeight: Grams,
  shippingFee: Money,
  createdAt: Timestamp,
  channelId: Type.String(),
  currency: Currency,
};

export const ShippingOrderDetail = Type.Object({
  ...ListItemFields,
  recipient: Type.Object({
    name: Type.String(),
    phone: Type.String(),
    country: Type.String(),
    state: Type.String(),
    city: Type.String(),
    address: Type.String(),
    zipCode: Type.String(),
  }),
  items: Type.Array(
    Type.Object({
      inventoryId: Type.Integer(),
      name: Type.String(),
      quantity: Type.Integer(),
      weight: Grams,
      cargoType: Type.String(),
      orderId: Type.String(),
    }),
  ),
  events: Type.Array(Type.Object({ at: Timestamp, status: Type.String(), location: Type.String(), description: Type.String() })),
  shippedAt: Type.Union([Timestamp, Type.Null()]),
  deliveredAt: Type.Union([Timestamp, Type.Null()]),
  remark: Type.String(),
  updatedAt: Timestamp,
});

const OrderNoParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'the shipping order number' }) });
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
    schema: {
      body: CreateBody,
      response: Type.Object({
        orderNo: Type.String(),
        status: Type.String(),
        channelName: Type.String(),
        totalWeight: Grams,
        shippingFee: Money,
        currency: Currency,
        items: Type.Array(Type.Object({ inventoryId: Type.Integer(), name: Type.String() })),
        createdAt: Timestamp,
        channelId: Type.String(),
        chargeWeight: Grams,
      }),
    },
    handler: ({ ctx, caller, body }) => createShippingOrder(ctx, caller.userId, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/shipping/orders',
    scope: 'shipping:read',
    tag: 'Shipping',
    summary: 'Shipping orders, newest first, optionally of one status',
    schema: {
      querystring: Type.Object({ ...PageQuery, ...CursorQuery, status: Type.Optional(Type.Enum([...SHIPPING_STATUSES])) }),
      response: Paginated(Type.Object(ListItemFields)),
    },
    handler: ({ ctx, caller, query }) => listShippingOrders(ctx, caller.userId, { ...page(query), status: query.status }),
  }),
  defineRoute({
    method: 'GET',
    url: '/shipping/orders/:id',
    scope: 'shipping:read',
    tag: 'Shipping',
    summary: 'One shipping order with recipient, packages and tracking events',
    schema: { params: OrderNoParam, response: ShippingOrderDetail },
    handler: ({ ctx, caller, params }) => getShippingOrder(ctx, params.id, caller.userId),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/cancel',
    scope: 'shipping:write',
    tag: 'Shipping',
    idempotent: true,
    summary: 'Cancel a pending shipping order; the held fee is released and the packages return to the warehouse',
    schema: {
      params: OrderNoParam,
      // No body, or { reason }.
      body: Type.Union([Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false }), Type.Null()]),
      response: Type.Object({ orderNo: Type.String(), status: Type.String(), refundAmount: Money, message: Type.String() }),
    },
    handler: ({ ctx, caller, params, body }) => cancelShippingOrder(ctx, caller.userId, params.id, body?.reason),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/confirm-delivery',
    scope: 'shipping:write',
    tag: 'Shipping',
    summary: 'Confirm receipt of a shipped order',
    schema: {
      params: OrderNoParam,
      response: Type.Object({ orderNo: Type.String(), status: Type.String(), deliveredAt: Timestamp, message: Type.String() }),
    },
    handler: ({ ctx, caller, params }) => confirmDelivery(ctx, caller.userId, params.id),
  }),
];
