import { Type, type Static } from 'typebox';
import { type BodyOf, Currency, CursorQuery, Grams, LEDGER_CURRENCY_NOTE, Money, PageQuery, Paginated, type ResponseOf, Timestamp } from '../common.js';
import { MAX_SHIPPING_ITEMS } from '../limits.js';
import { SHIPPING_STATUSES, SHIPPING_SUPPLEMENT_STATUSES } from '../enums.js';
import { ShippingEvent } from '../timeline.js';
import { ADDRESS_FIELD_DESCRIPTIONS as ADDRESS } from './addresses.js';
import { ChannelId, CountryCode } from './logistics.js';

/** Shipping orders (api-v1.md "Shipping orders"; decisions.md "Shipping orders"). */

export const Text = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });

/** A package of the warehouse, as a shipping order or a rehearsal names it. */
const InventoryId = Type.Integer({ minimum: 1, description: 'package id: `id` of a package in GET /warehouse/packages/shippable (in_warehouse)' });

export const CreateBody = Type.Object(
  {
    items: Type.Array(
      Type.Object(
        {
          inventoryId: InventoryId,
          quantity: Type.Integer({ minimum: 1, description: "the package's quantity: packages ship whole (any other number is a 400)" }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: MAX_SHIPPING_ITEMS, description: `the packages to ship together, 1 to ${MAX_SHIPPING_ITEMS}, each once` },
    ),
    logisticsChannelId: ChannelId,
    recipientName: Text(100, ADDRESS.name),
    recipientPhone: Text(32, ADDRESS.phone),
    recipientCountry: CountryCode,
    recipientState: Type.Optional(Type.String({ maxLength: 100, description: ADDRESS.state })),
    recipientCity: Text(100, ADDRESS.city),
    recipientAddress: Text(300, ADDRESS.address),
    recipientZipCode: Text(20, ADDRESS.zipCode),
    remark: Type.Optional(Type.String({ maxLength: 500, description: 'a note kept on the shipping order, at most 500 characters' })),
    // v1.1 section 5
    rehearsalId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'a packed rehearsal of exactly these packages: the fee is quoted on the packed parcel' })),
    declaredValue: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 10_000_000,
        description: `${LEDGER_CURRENCY_NOTE}, at most two decimals; default: the purchase price of the packed lines`,
      }),
    ),
    insurance: Type.Optional(
      Type.Boolean({ description: 'insure the declared value: a premium (by default 3% of it, at least 5.00; the preview shows insuranceRate and insuranceMinimum) is held with the fee' }),
    ),
    // v1.2 section 11
    couponId: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'id of an unused coupon with appliesTo shipping, from GET /user/coupons/my: it comes off the freight fee only',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ScenarioRecord = Type.Object({
  name: Type.String({ description: 'customs_hold, lost_in_transit, customs_seized' }),
  firedAt: Type.Union([Timestamp, Type.Null()], { description: 'null while programmed and not fired yet' }),
});

/** v1.1 fields of a shipping order (extensions.md sections 5-8). */
export const ChargeFields = {
  declaredValue: Money,
  insurance: Type.Boolean(),
  insurancePremium: Money,
  storageFees: Money,
  totalCharge: Type.Number({ description: 'shippingFee - couponDiscount + insurancePremium + storageFees: what is held, then captured at dispatch' }),
  couponId: Type.Union([Type.Integer(), Type.Null()], { description: 'v1.2: the shipping coupon used, given back on cancel' }),
  couponDiscount: Type.Number({ description: 'v1.2: off the freight fee (never off insurance, storage or services)' }),
  estimatedDuties: Type.Number({ description: 'informational, from the destination\'s de minimis and rate; never charged' }),
  rehearsalId: Type.Union([Type.String(), Type.Null()]),
  scenarios: Type.Array(ScenarioRecord),
};

/** v1.2 (extensions.md section 10): what the packed parcel costs beyond the fee held and its tolerance. */
export const ShippingSupplement = Type.Object({
  id: Type.Integer(),
  shippingOrderNo: Type.String(),
  amount: Money,
  status: Type.Enum([...SHIPPING_SUPPLEMENT_STATUSES], { description: SHIPPING_SUPPLEMENT_STATUSES.join(', ') }),
  createdAt: Timestamp,
  expiresAt: Timestamp,
  resolvedAt: Type.Union([Timestamp, Type.Null()]),
});

/** v1.2 section 10: quoted beside billed, once the warehouse has weighed the packed parcel (null before). */
export const PackedFields = {
  chargeWeight: Type.Integer({ description: 'grams the quote was priced on' }),
  packedWeight: Type.Union([Grams, Type.Null()]),
  packedDimensions: Type.Union([Type.Object({ l: Type.Integer(), w: Type.Integer(), h: Type.Integer() }), Type.Null()], { description: 'cm' }),
  volumetricWeight: Type.Union([Grams, Type.Null()], { description: 'l x w x h / the channel\'s divisor (6000 when it has none)' }),
  billedWeight: Type.Union([Grams, Type.Null()], { description: 'the larger of packed and volumetric, rounded up to the channel\'s step' }),
  billedShippingFee: Type.Union([Money, Type.Null()], { description: 'the fee priced again on billedWeight' }),
  supplements: Type.Array(ShippingSupplement),
  amountDue: Money,
};

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
  events: Type.Array(ShippingEvent),
  shippedAt: Type.Union([Timestamp, Type.Null()]),
  deliveredAt: Type.Union([Timestamp, Type.Null()]),
  remark: Type.String(),
  updatedAt: Timestamp,
  ...ChargeFields,
  dimensions: Type.Union([Type.Object({ length: Type.Integer(), width: Type.Integer(), height: Type.Integer() }), Type.Null()], {
    description: 'the packed parcel (cm) when created from a rehearsal',
  }),
  exceptionReason: Type.String({ description: 'why the order is in exception or lost; empty otherwise' }),
  insurancePayout: Money,
  ...PackedFields,
});

export const OrderNoParam = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'the shipping order number: `orderNo` of a shipping order in GET /shipping/orders' }),
});
export const Rehearsal = Type.Object({
  id: Type.String(),
  status: Type.Enum(['requested', 'packed', 'used', 'cancelled']),
  inventoryIds: Type.Array(Type.Integer()),
  fee: Money,
  packedWeight: Type.Union([Grams, Type.Null()], { description: 'grams, once packed' }),
  length: Type.Union([Type.Integer(), Type.Null()], { description: 'cm, once packed' }),
  width: Type.Union([Type.Integer(), Type.Null()]),
  height: Type.Union([Type.Integer(), Type.Null()]),
  photos: Type.Array(Type.String()),
  createdAt: Timestamp,
  packedAt: Type.Union([Timestamp, Type.Null()]),
});
export const RehearsalParam = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'the rehearsal id: `id` of a rehearsal in GET /shipping/rehearsals (RH...)' }),
});

/** POST /shipping/preview: what /shipping/create would hold for these packages, channel and options (no recipient needed). */
export const ShippingPreviewBody = Type.Object(
  {
    items: CreateBody.properties.items,
    logisticsChannelId: CreateBody.properties.logisticsChannelId,
    recipientCountry: CreateBody.properties.recipientCountry,
    rehearsalId: CreateBody.properties.rehearsalId,
    declaredValue: CreateBody.properties.declaredValue,
    insurance: CreateBody.properties.insurance,
    // v1.2 section 11: the shipping coupon, discounted exactly as create will (the same quoteShipment)
    couponId: CreateBody.properties.couponId,
  },
  { additionalProperties: false },
);

export const DUTIES_REASONS = ['no_duty', 'de_minimis', 'rate'] as const;

export const ShippingPreviewSchema = Type.Object({
  currency: Currency,
  channelId: Type.String(),
  channelName: Type.String(),
  recipientCountry: Type.String(),
  totalWeight: Grams,
  volumetricWeight: Grams,
  chargeWeight: Grams,
  basePrice: Money,
  fuelSurcharge: Money,
  shippingFee: Money,
  couponDiscount: Money,
  rehearsal: Type.Union(
    [Type.Object({ id: Type.String(), fee: Money, packedWeight: Grams, length: Type.Integer(), width: Type.Integer(), height: Type.Integer() }), Type.Null()],
    { description: 'the packed rehearsal the fee is quoted on (its fee was paid when requested); null: the loose packages\' total weight' },
  ),
  services: Type.Array(
    Type.Object({ inventoryId: Type.Integer(), serviceId: Type.String(), status: Type.Enum(['pending', 'done']), price: Money }),
    { description: 'services on these packages: paid when requested, listed here, not part of the hold' },
  ),
  servicesPaid: Money,
  rehearsalFee: Type.Number({ description: 'what a rehearsal of packages costs now (POST /shipping/rehearsals), for a shipper deciding whether to ask for one' }),
  declaredValue: Money,
  declaredValueIsDefault: Type.Boolean({ description: 'true: the purchase price of the packed lines (no declaredValue sent)' }),
  maxDeclaredValue: Type.Union([Money, Type.Null()], { description: 'the channel\'s cap, if any' }),
  insurance: Type.Boolean(),
  insuranceRate: Type.Number({ description: 'percent of the declared value' }),
  insuranceMinimum: Money,
  insurancePremium: Money,
  storage: Type.Array(Type.Object({ inventoryId: Type.Integer(), fee: Money }), { description: 'storage accrued past the free period, per package, as of now' }),
  storageFees: Money,
  estimatedDuties: Money,
  duties: Type.Object(
    {
      reason: Type.Enum([...DUTIES_REASONS], { description: 'no_duty: none on consumer goods; de_minimis: declared value at or below it; rate: the rate on the declared value' }),
      deMinimis: Money,
      rate: Type.Number({ description: 'percent' }),
    },
    { description: 'informational, never charged' },
  ),
  totalCharge: Type.Number({ description: 'what create would hold now: shippingFee - couponDiscount + insurancePremium + storageFees' }),
  wallet: Type.Object({ availableBalance: Money, availableAfter: Money, sufficient: Type.Boolean(), shortfall: Money }),
});

/** The schemas of each route of open/shipping.ts, by method and path. */
export const shippingSchemas = {
  'POST /shipping/rehearsals': {
    body: Type.Object(
      {
        inventoryIds: Type.Array(InventoryId, {
          minItems: 1,
          maxItems: MAX_SHIPPING_ITEMS,
          description: `the packages to pack together, 1 to ${MAX_SHIPPING_ITEMS} ids of in_warehouse packages (GET /warehouse/packages/shippable), each once`,
        }),
      },
      { additionalProperties: false },
    ),
    response: Rehearsal,
  },
  'GET /shipping/rehearsals': {
    querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'how many of the newest rehearsals, 1 to 100 (default 20)' })) }),
    response: Type.Array(Rehearsal),
  },
  'GET /shipping/rehearsals/:id': { params: RehearsalParam, response: Rehearsal },
  'POST /shipping/rehearsals/:id/cancel': {
    params: RehearsalParam,
    response: Type.Object({ ...Rehearsal.properties, refundAmount: Money, message: Type.String() }),
  },
  'POST /shipping/preview': { body: ShippingPreviewBody, response: ShippingPreviewSchema },
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
      ...ChargeFields,
      fuelSurcharge: Money,
    }),
  },
  'GET /shipping/orders': {
    querystring: Type.Object({
      ...PageQuery,
      ...CursorQuery,
      status: Type.Optional(
        Type.Enum([...SHIPPING_STATUSES], {
          description: 'pending (fee held, not sent), awaiting_payment (a packed-weight supplement due), shipped, exception (customs hold), delivered, cancelled, lost',
        }),
      ),
    }),
    response: Paginated(Type.Object(ListItemFields)),
  },
  'GET /shipping/orders/:id': { params: OrderNoParam, response: ShippingOrderDetail },
  'GET /shipping/orders/:id/supplements': { params: OrderNoParam, response: Type.Array(ShippingSupplement) },
  'POST /shipping/orders/:id/supplements/:sid/pay': {
    params: Type.Object({
      id: OrderNoParam.properties.id,
      sid: Type.Integer({ minimum: 1, description: 'shipping supplement id: `id` of a supplement in GET /shipping/orders/{id}/supplements' }),
    }),
    response: ShippingSupplement,
  },
  'POST /shipping/orders/:id/cancel': {
    params: OrderNoParam,
    // No body, or { reason }.
    body: Type.Union([
      Type.Object(
        { reason: Type.Optional(Type.String({ maxLength: 500, description: 'why, at most 500 characters: shown in the cancellation\'s tracking event' })) },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    response: Type.Object({ orderNo: Type.String(), status: Type.String(), refundAmount: Money, message: Type.String() }),
  },
  'POST /shipping/orders/:id/confirm-delivery': {
    params: OrderNoParam,
    response: Type.Object({ orderNo: Type.String(), status: Type.String(), deliveredAt: Timestamp, message: Type.String() }),
  },
};

/** The static types of what these routes take and answer. */
type Routes = typeof shippingSchemas;
export type RehearsalView = Static<typeof Rehearsal>;
export type CreateShippingInput = BodyOf<Routes['POST /shipping/create']>;
export type ShippingPreview = ResponseOf<Routes['POST /shipping/preview']>;
export type ShippingPreviewInput = BodyOf<Routes['POST /shipping/preview']>;
export type ShippingOrderCreated = ResponseOf<Routes['POST /shipping/create']>;
export type ShippingOrderListItem = ResponseOf<Routes['GET /shipping/orders']>['items'][number];
export type ShippingOrderDetail = Static<typeof ShippingOrderDetail>;
export type CancelShippingResult = ResponseOf<Routes['POST /shipping/orders/:id/cancel']>;
export type ConfirmDeliveryResult = ResponseOf<Routes['POST /shipping/orders/:id/confirm-delivery']>;
export type ShippingSupplement = Static<typeof ShippingSupplement>;
