import { Type, type Static } from 'typebox';
import { InspectionNotesParts, LogisticsEvent, TimelineEntry } from '../timeline.js';
import { type BodyOf, Currency, CursorQuery, Grams, Money, OrNoBody, PageQuery, Paginated, ProductIdString, type ResponseOf, SkuIdString, Timestamp } from '../common.js';
import { MAX_ORDER_LINES, MAX_ORDER_REMARK, MAX_REASON } from '../limits.js';
import { ORDER_OUTCOMES, ORDER_SCENARIOS, ORDER_STATUSES, RETURN_STATUSES, RETURN_TYPES, SUPPLEMENT_REASONS, SUPPLEMENT_STATUSES } from '../enums.js';

/** Purchase orders of the open API (api-v1.md "Purchase orders", decisions.md "Purchase orders"). */

export const OrderStatusSchema = Type.Enum([...ORDER_STATUSES], { description: ORDER_STATUSES.join(', ') });
export const OrderNoParam = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'the purchase order number: `orderNo`, as GET /orders lists it' }),
});

export const OrderItem = Type.Object({
  productId: Type.Integer(),
  skuId: Type.String(),
  title: Type.String(),
  skuName: Type.String(),
  price: Money,
  quantity: Type.Integer(),
  remark: Type.String(),
  imageUrl: Type.String(),
  // v1.1 (extensions.md section 1)
  itemId: Type.Integer({ description: 'unique within the order' }),
  platform: Type.String(),
  shopName: Type.String(),
  marketplaceOrderNo: Type.Union([Type.String(), Type.Null()], { description: 'one per seller group (platform + shop), set when purchased' }),
  // issue 26 item 9: each seller ships its own parcel to the warehouse
  domesticCarrier: Type.Union([Type.String(), Type.Null()], { description: "the carrier of this line's seller's parcel to the warehouse; set when the seller ships" }),
  domesticTrackingNo: Type.Union([Type.String(), Type.Null()], {
    description: "the tracking number of this line's seller's parcel to the warehouse: one per seller group, set when the seller ships",
  }),
});

/** One seller group's parcel to the warehouse (GET /orders/:id/logistics `parcels`). */
export const SellerParcel = Type.Object({
  platform: Type.String(),
  shopName: Type.String(),
  marketplaceOrderNo: Type.Union([Type.String(), Type.Null()]),
  carrier: Type.Union([Type.String(), Type.Null()], { description: 'null before the seller ships' }),
  trackingNo: Type.Union([Type.String(), Type.Null()], { description: 'null before the seller ships' }),
});

/** v1.1 section 2. */
export const SupplementSchema = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  itemId: Type.Union([Type.Integer(), Type.Null()]),
  reason: Type.Enum([...SUPPLEMENT_REASONS]),
  amount: Money,
  status: Type.Enum([...SUPPLEMENT_STATUSES]),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  resolvedAt: Type.Union([Timestamp, Type.Null()]),
});

/** v1.1 section 3. */
export const ReturnSchema = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  itemId: Type.Integer(),
  type: Type.Enum([...RETURN_TYPES]),
  status: Type.Enum([...RETURN_STATUSES]),
  reason: Type.String(),
  fee: Money,
  refundAmount: Money,
  createdAt: Timestamp,
  resolvedAt: Type.Union([Timestamp, Type.Null()]),
});

export const PhotoRequestSchema = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  count: Type.Integer(),
  note: Type.String(),
  price: Money,
  status: Type.Enum(['requested', 'done']),
  photos: Type.Array(Type.String()),
  createdAt: Timestamp,
  doneAt: Type.Union([Timestamp, Type.Null()]),
});

/** v1.1 section 8: a scenario programmed for the order (Crossbuy-Scenario header) or fired on it. */
export const ScenarioStateSchema = Type.Object({
  name: Type.Enum([...ORDER_SCENARIOS]),
  status: Type.Enum(['programmed', 'fired']),
  firedAt: Type.Union([Timestamp, Type.Null()]),
});

export const RequestedPhoto = Type.Object({ url: Type.String(), requested: Type.Literal(true), requestId: Type.Integer() });

/** The detail's fields, shared with the back office's view (which adds userId). */
export const OrderDetailFields = {
  orderNo: Type.String(),
  status: OrderStatusSchema,
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
  inspection: Type.Object({
    result: Type.String(),
    weight: Grams,
    photos: Type.Array(Type.String()),
    decisionDeadline: Type.Union([Timestamp, Type.Null()], { description: 'v1.1: end of the decision window (null before arrival)' }),
    requestedPhotos: Type.Array(RequestedPhoto),
  }),
  timeline: Type.Array(TimelineEntry),
  marketplaceOrderNo: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  // v1.1
  supplements: Type.Array(SupplementSchema),
  amountDue: Type.Number({ description: 'sum of the pending supplements' }),
  returns: Type.Array(ReturnSchema),
  photoRequests: Type.Array(PhotoRequestSchema),
  scenarios: Type.Array(ScenarioStateSchema),
  // Added (issue 26): the order's money after sales, from the ledger, and how its goods ended.
  money: Type.Object(
    {
      paid: Money,
      fees: Money,
      refunded: Money,
      net: Money,
    },
    {
      description:
        'from the wallet ledger: paid = the order payment plus paid supplements; fees = service charges for the order (extra photos, exchange fees); refunded = order refunds; net = paid + fees - refunded',
    },
  ),
  outcome: Type.Array(Type.Enum([...ORDER_OUTCOMES]), {
    description: 'how some of the goods ended other than delivered: a package lost, returned, disposed of (empty otherwise)',
  }),
};
export const OrderDetailSchema = Type.Object(OrderDetailFields);

export const OrderListItemFields = {
  orderNo: Type.String(),
  status: OrderStatusSchema,
  totalAmount: Money,
  itemCount: Type.Integer({ description: 'number of lines' }),
  unitCount: Type.Integer({ description: 'units ordered: the sum of the lines\' quantities (added)' }),
  currency: Currency,
  createdAt: Timestamp,
  amountDue: Money,
};
export const OrderListItemSchema = Type.Object(OrderListItemFields);

export const RefundResultSchema = Type.Object({
  orderNo: Type.String(),
  status: OrderStatusSchema,
  refundAmount: Money,
  message: Type.String(),
});

export const OrderListQuery = Type.Object({ ...PageQuery, ...CursorQuery, status: Type.Optional(OrderStatusSchema) });

export const Remark = Type.String({ maxLength: MAX_ORDER_REMARK });
export const NewOrderBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          productId: ProductIdString,
          skuId: SkuIdString,
          quantity: Type.Integer({
            minimum: 1,
            maximum: 100_000,
            description: "units of this SKU to buy; at most the SKU's stock, counted over all the order's lines of that SKU (422)",
          }),
          remark: Type.Optional(Type.String({ maxLength: MAX_ORDER_REMARK, description: `a note kept on this order line, at most ${MAX_ORDER_REMARK} characters` })),
        },
        { additionalProperties: false },
      ),
      {
        minItems: 1,
        maxItems: MAX_ORDER_LINES,
        description: `the lines to buy, 1 to ${MAX_ORDER_LINES}; they may mix platforms and shops (each seller is bought and shipped on its own)`,
      },
    ),
    remark: Type.Optional(Type.String({ maxLength: MAX_ORDER_REMARK, description: `a note kept on the order, at most ${MAX_ORDER_REMARK} characters` })),
    couponId: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'id of an unused coupon with appliesTo purchase, from GET /user/coupons/my; the goods subtotal must reach its minOrderAmount (422)',
      }),
    ),
  },
  { additionalProperties: false },
);


/** POST /orders/preview: what POST /orders with the same body would charge, from the same functions; nothing written. */
export const OrderPreviewSchema = Type.Object({
  currency: Currency,
  platform: Type.String({ description: 'the platform of all the lines, or mixed' }),
  lines: Type.Array(
    Type.Object({
      productId: Type.Integer(),
      skuId: Type.String(),
      title: Type.String(),
      skuName: Type.String(),
      platform: Type.String(),
      shopName: Type.String(),
      imageUrl: Type.String(),
      unitPrice: Money,
      quantity: Type.Integer(),
      amount: Money,
    }),
  ),
  sellerGroups: Type.Array(
    Type.Object({
      platform: Type.String(),
      shopName: Type.String(),
      lineIndexes: Type.Array(Type.Integer(), { description: 'indexes into lines, in request order' }),
      subtotal: Money,
      domesticFreight: Type.Union([Money, Type.Null()], {
        description: 'domestic postage known so far: null before the seller ships (a domestic_freight supplement asks for it then)',
      }),
    }),
    { description: 'one per seller (platform + shop): each is bought, shipped and tracked on its own' },
  ),
  subtotal: Money,
  couponId: Type.Union([Type.Integer(), Type.Null()]),
  discount: Money,
  serviceFeeRate: Type.Number({ description: 'percent of the goods subtotal' }),
  serviceFee: Money,
  domesticFreight: Money,
  totalAmount: Money,
  coupons: Type.Array(
    Type.Object({
      couponId: Type.Integer(),
      claimed: Type.Boolean({ description: 'false: claimable, not claimed yet' }),
      usable: Type.Boolean({ description: 'the subtotal reaches the coupon\'s minimum' }),
      discount: Money,
      minOrderAmount: Money,
      shortBy: Money,
    }),
    { description: 'each unused claimed coupon and each claimable one, with what it would take off this subtotal' },
  ),
  wallet: Type.Object({
    availableBalance: Money,
    availableAfter: Money,
    sufficient: Type.Boolean(),
    shortfall: Money,
  }),
});

export const ReasonBody = OrNoBody(
  Type.Object(
    { reason: Type.Optional(Type.String({ maxLength: MAX_REASON, description: `why, at most ${MAX_REASON} characters: kept on the order and shown in its timeline` })) },
    { additionalProperties: false },
  ),
);

export const SupplementParams = Type.Object({
  ...OrderNoParam.properties,
  sid: Type.Integer({ minimum: 1, description: 'supplement id: `id` of a supplement in GET /orders/{id}/supplements' }),
});
export const PhotoRequestBody = Type.Object(
  {
    count: Type.Integer({
      minimum: 1,
      maximum: 10,
      description: 'extra photos to buy, 1 to 10, charged now at afterSalesPrices.photoPrice each (GET /orders/{id}/inspection)',
    }),
    note: Type.Optional(Type.String({ maxLength: 500, description: 'a note for the warehouse taking the photos, at most 500 characters' })),
  },
  { additionalProperties: false },
);
export const ReturnBody = Type.Object(
  {
    itemId: Type.Integer({ minimum: 1, description: "the order line's itemId (items[].itemId in GET /orders/{id})" }),
    type: Type.Enum([...RETURN_TYPES], {
      description: 'return: the line refunded less the return fee; exchange: a replacement package, the fee charged; the seller approves or rejects (afterSalesPrices.returnFee)',
    }),
    reason: Type.String({ minLength: 1, maxLength: MAX_REASON, description: `why the line goes back, 1 to ${MAX_REASON} characters` }),
  },
  { additionalProperties: false },
);

/** The schemas of each route of open/orders.ts, by method and path. */
export const orderSchemas = {
  'POST /orders': { body: NewOrderBody, response: OrderDetailSchema },
  'POST /orders/preview': { body: NewOrderBody, response: OrderPreviewSchema },
  'GET /orders': { querystring: OrderListQuery, response: Paginated(OrderListItemSchema) },
  'GET /orders/:id': { params: OrderNoParam, response: OrderDetailSchema },
  'GET /orders/:id/status': { params: OrderNoParam, response: Type.Object({ orderNo: Type.String(), status: OrderStatusSchema, updatedAt: Timestamp }) },
  'GET /orders/:id/logistics': {
    params: OrderNoParam,
    response: Type.Object({
      orderNo: Type.String(),
      carrier: Type.String({ description: "the first seller group's carrier (empty before shipping); every seller's in `parcels`" }),
      trackingNo: Type.String({ description: "the first seller group's tracking number (empty before shipping); every seller's in `parcels`" }),
      status: OrderStatusSchema,
      events: Type.Array(LogisticsEvent),
      parcels: Type.Array(SellerParcel, { description: 'one per seller group (platform + shop), in the order of the lines' }),
    }),
  },
  'GET /orders/:id/inspection': {
    params: OrderNoParam,
    response: Type.Object({
      orderNo: Type.String(),
      result: Type.Enum(['passed', 'issue_found', 'pending']),
      weight: Grams,
      photos: Type.Array(Type.String()),
      notes: Type.String(),
      notesParts: InspectionNotesParts,
      inspectedAt: Type.Union([Timestamp, Type.Null()]),
      items: Type.Array(
        Type.Object({
          productId: Type.Integer(),
          title: Type.String(),
          skuName: Type.String(),
          quantity: Type.Integer(),
          result: Type.String(),
          // v1.1: each line's own package and QC photos (that line's product and weight)
          itemId: Type.Integer(),
          packageId: Type.Union([Type.Integer(), Type.Null()]),
          packageStatus: Type.Union([Type.String(), Type.Null()]),
          weight: Grams,
          photos: Type.Array(Type.String()),
        }),
      ),
      decisionDeadline: Type.Union([Timestamp, Type.Null()]),
      requestedPhotos: Type.Array(RequestedPhoto),
      afterSalesPrices: Type.Object(
        { photoPrice: Money, returnFee: Money },
        { description: "the operator's prices of the decisions now: one extra photo, and the fee of a return or exchange (issue 26: the UI states them, never its own copy)" },
      ),
    }),
  },
  'POST /orders/:id/cancel': { params: OrderNoParam, body: ReasonBody, response: RefundResultSchema },
  // v1.1 after-sales
  'GET /orders/:id/supplements': { params: OrderNoParam, response: Type.Array(SupplementSchema) },
  'POST /orders/:id/supplements/:sid/pay': { params: SupplementParams, response: SupplementSchema },
  'POST /orders/:id/supplements/:sid/decline': { params: SupplementParams, response: SupplementSchema },
  'POST /orders/:id/photo-requests': { params: OrderNoParam, body: PhotoRequestBody, response: PhotoRequestSchema },
  'GET /orders/:id/returns': { params: OrderNoParam, response: Type.Array(ReturnSchema) },
  'POST /orders/:id/returns': { params: OrderNoParam, body: ReturnBody, response: ReturnSchema },
};

/** The static types of what these routes take and answer. */
type Routes = typeof orderSchemas;
export type OrderItem = Static<typeof OrderItem>;
export type OrderDetail = Static<typeof OrderDetailSchema>;
export type OrderListItem = Static<typeof OrderListItemSchema>;
export type RefundResult = Static<typeof RefundResultSchema>;
export type NewOrder = BodyOf<Routes['POST /orders']>;
export type OrderPreview = ResponseOf<Routes['POST /orders/preview']>;
export type OrderStatusView = ResponseOf<Routes['GET /orders/:id/status']>;
export type OrderLogistics = ResponseOf<Routes['GET /orders/:id/logistics']>;
export type OrderInspection = ResponseOf<Routes['GET /orders/:id/inspection']>;
export type Supplement = Static<typeof SupplementSchema>;
export type OrderReturn = Static<typeof ReturnSchema>;
export type PhotoRequest = Static<typeof PhotoRequestSchema>;
export type ScenarioState = Static<typeof ScenarioStateSchema>;
