import { Type } from 'typebox';
import { deliverShippingOrder, dispatchShippingOrder } from '../../../shipping/lifecycle.js';
import { defineRoute } from '../../route.js';
import { ShippingOrderDetail } from '../open/shipping.js';

/** The back office's side of shipping orders: hand them to the carrier, record their delivery. */

const OrderNoParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'the shipping order number' }) });

export const adminShippingRoutes = [
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/dispatch',
    scope: null,
    tag: 'Admin',
    summary: 'Dispatch a pending shipping order: tracking number set (generated if absent), fee captured, packages shipped',
    schema: {
      params: OrderNoParam,
      // No body, or { trackingNo }.
      body: Type.Union([
        Type.Object(
          { trackingNo: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' })) },
          { additionalProperties: false },
        ),
        Type.Null(),
      ]),
      response: ShippingOrderDetail,
    },
    handler: ({ ctx, params, body }) => dispatchShippingOrder(ctx, params.id, body?.trackingNo),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/orders/:id/deliver',
    scope: null,
    tag: 'Admin',
    summary: 'Record the delivery of a shipped order (as confirm-delivery does for the recipient)',
    schema: { params: OrderNoParam, response: ShippingOrderDetail },
    handler: ({ ctx, params }) => deliverShippingOrder(ctx, params.id),
  }),
];
