import { Type, type Static } from 'typebox';
import { type BodyOf, OrNoBody, Paginated, Timestamp } from '../common.js';
import { ORDER_SCENARIOS } from '../enums.js';
import { OrderDetailFields, OrderListItemFields, OrderListQuery, OrderNoParam, ReasonBody, RefundResultSchema } from '../open/orders.js';

/** The back office on purchase orders (/api/v1/admin): every user's orders, moving them along, refunds. */

export const AdminOrderDetail = Type.Object({ ...OrderDetailFields, userId: Type.Integer() });
export const AdminOrderListItem = Type.Object({ ...OrderListItemFields, userId: Type.Integer(), platform: Type.String(), updatedAt: Timestamp });

export const Text = (max: number) => Type.String({ minLength: 1, maxLength: max });
/** A photo is an absolute http(s) URL or a path the service serves itself (/media/...); the back office's form checks it too. */
export const PHOTO_URL_PATTERN = '^(https?://\\S+|/media/\\S+)$';
export const PhotoUrl = Type.String({ maxLength: 2048, pattern: PHOTO_URL_PATTERN });

export const AdvanceBody = Type.Object(
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

/** v1.1: the back office asks for more money, or refunds a price decrease at once. Amount in CNY, > 0. */
export const SupplementBody = Type.Object(
  {
    reason: Type.Enum(['price_increase', 'domestic_freight', 'price_decrease']),
    amount: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, description: 'CNY, at most two decimals' }),
    itemId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export const DecisionBody = Type.Object({ decision: Type.Enum(['approved', 'rejected']) }, { additionalProperties: false });
export const FulfilBody = Type.Object({ photos: Type.Optional(Type.Array(PhotoUrl, { minItems: 1, maxItems: 10 })) }, { additionalProperties: false });
export const SimulateBody = Type.Object({ scenario: Type.Enum([...ORDER_SCENARIOS]) }, { additionalProperties: false });
export const RidParams = Type.Object({ ...OrderNoParam.properties, rid: Type.Integer({ minimum: 1 }) });

/** The schemas of each route of admin/orders.ts, by method and path. */
export const adminOrderSchemas = {
  'GET /orders': {
    querystring: Type.Object({ ...OrderListQuery.properties, userId: Type.Optional(Type.Integer({ minimum: 1 })) }),
    response: Paginated(AdminOrderListItem),
  },
  'GET /orders/:id': { params: OrderNoParam, response: AdminOrderDetail },
  'POST /orders/:id/advance': { params: OrderNoParam, body: OrNoBody(AdvanceBody), response: AdminOrderDetail },
  'POST /orders/:id/refund': { params: OrderNoParam, body: ReasonBody, response: RefundResultSchema },
  'POST /orders/:id/supplements': { params: OrderNoParam, body: SupplementBody, response: AdminOrderDetail },
  'POST /orders/:id/returns/:rid/decide': { params: RidParams, body: DecisionBody, response: AdminOrderDetail },
  'POST /orders/:id/photo-requests/:rid/fulfil': { params: RidParams, body: OrNoBody(FulfilBody), response: AdminOrderDetail },
  'POST /orders/:id/simulate': { params: OrderNoParam, body: SimulateBody, response: AdminOrderDetail },
  'POST /orders/:id/exchanges/:rid/receive': { params: RidParams, response: AdminOrderDetail },
};

/** The static types of what these routes take and answer. */
type Routes = typeof adminOrderSchemas;
export type AdminOrderListItem = Static<typeof AdminOrderListItem>;
export type AdminOrderDetail = Static<typeof AdminOrderDetail>;
export type AdvanceInput = BodyOf<Routes['POST /orders/:id/advance']>;
export type InspectionInput = NonNullable<AdvanceInput['inspection']>;
