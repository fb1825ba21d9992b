import { Type, type Static } from 'typebox';
import { type BodyOf, Currency, CursorQuery, Grams, Money, PageQuery, Paginated, type ResponseOf, Timestamp } from '../common.js';
import { MAX_SHIPPING_ITEMS } from '../limits.js';
import { SHIPPING_STATUSES } from '../enums.js';

/** Shipping orders (api-v1.md "Shipping orders"; decisions.md "Shipping orders"). */

export const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });

export const CreateBody = Type.Object(
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

export const ListItemFields = {
  orderNo: Type.String(),
  status: Type.Enum([...SHIPPING_STATUSES], { description: SHIPPING_STATUSES.join(', ') }),
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

export const OrderNoParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'the shipping order number' }) });
/** The schemas of each route of open/shipping.ts, by method and path. */
export const shippingSchemas = {
  'POST /shipping/create': {
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
  'GET /shipping/orders': {
    querystring: Type.Object({ ...PageQuery, ...CursorQuery, status: Type.Optional(Type.Enum([...SHIPPING_STATUSES])) }),
    response: Paginated(Type.Object(ListItemFields)),
  },
  'GET /shipping/orders/:id': { params: OrderNoParam, response: ShippingOrderDetail },
  'POST /shipping/orders/:id/cancel': {
    params: OrderNoParam,
    // No body, or { reason }.
    body: Type.Union([Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false }), Type.Null()]),
    response: Type.Object({ orderNo: Type.String(), status: Type.String(), refundAmount: Money, message: Type.String() }),
  },
  'POST /shipping/orders/:id/confirm-delivery': {
    params: OrderNoParam,
    response: Type.Object({ orderNo: Type.String(), status: Type.String(), deliveredAt: Timestamp, message: Type.String() }),
  },
};

/** The static types of what these routes take and answer. */
type Routes = typeof shippingSchemas;
export type CreateShippingInput = BodyOf<Routes['POST /shipping/create']>;
export type ShippingOrderCreated = ResponseOf<Routes['POST /shipping/create']>;
export type ShippingOrderListItem = ResponseOf<Routes['GET /shipping/orders']>['items'][number];
export type ShippingOrderDetail = Static<typeof ShippingOrderDetail>;
export type CancelShippingResult = ResponseOf<Routes['POST /shipping/orders/:id/cancel']>;
export type ConfirmDeliveryResult = ResponseOf<Routes['POST /shipping/orders/:id/confirm-delivery']>;
