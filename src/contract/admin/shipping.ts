import { Type } from 'typebox';
import { type ResponseOf } from '../common.js';
import { ShippingOrderDetail } from '../open/shipping.js';
import { SHIPPING_SCENARIOS } from '../enums.js';

/** The back office's side of shipping orders: hand them to the carrier, record their delivery. */

export const OrderNoParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'the shipping order number' }) });

/** The schemas of each route of admin/shipping.ts, by method and path. */
export const adminShippingSchemas = {
  'POST /shipping/orders/:id/dispatch': {
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
  'POST /shipping/orders/:id/deliver': { params: OrderNoParam, response: ShippingOrderDetail },
  'POST /shipping/orders/:id/clear-exception': { params: OrderNoParam, response: ShippingOrderDetail },
  'POST /shipping/:id/simulate': {
    params: OrderNoParam,
    body: Type.Object(
      { scenario: Type.Enum([...SHIPPING_SCENARIOS], { description: 'v1.1 section 8 shipping scenarios' }) },
      { additionalProperties: false },
    ),
    response: ShippingOrderDetail,
  },
};

/** The static types of what these routes take and answer. */
type Routes = typeof adminShippingSchemas;
export type DispatchResult = ResponseOf<Routes['POST /shipping/orders/:id/dispatch']>;
export type DeliverResult = ResponseOf<Routes['POST /shipping/orders/:id/deliver']>;
