import { Type, type Static } from 'typebox';
import { type BodyOf, Currency, Grams, Money, type ResponseOf } from '../common.js';
import { QUERY_CARGO } from '../enums.js';

/** Logistics lookups (api-v1.md "Logistics"; decisions.md "Logistics and freight"). */

export const ChannelPricing = Type.Object({
  firstWeight: Grams,
  firstPrice: Money,
  continuedWeight: Grams,
  continuedPrice: Money,
  volumetricDivisor: Type.Union([Type.Integer(), Type.Null()], { description: '5000, 6000, 8000, or null: billed on actual weight only' }),
  fuelSurchargePercent: Type.Number({ description: 'percent of the base price, at most two decimals' }),
});

export const ShippingChannel = Type.Object({
  channelId: Type.String(),
  name: Type.String(),
  carrier: Type.String(),
  deliveryDays: Type.String({ description: 'a range of days, e.g. "7-12"' }),
  supportedCargo: Type.Array(Type.String({ description: 'general or sensitive' })),
  weightRange: Type.Object({ min: Grams, max: Grams }),
  countries: Type.Array(Type.String(), { description: 'country codes served' }),
  pricing: ChannelPricing,
  maxDeclaredValue: Type.Union([Money, Type.Null()], { description: 'v1.1: the most the carrier accepts as declared value; null: no cap' }),
});

export const FreightQuote = Type.Object({
  channelId: Type.String(),
  name: Type.String(),
  actualWeight: Grams,
  volumetricWeight: Grams,
  chargeWeight: Grams,
  totalPrice: Money,
  currency: Currency,
  deliveryDays: Type.String(),
  carrier: Type.String(),
  basePrice: Money,
  fuelSurcharge: Money,
});

export const CargoQuery = Type.Enum([...QUERY_CARGO], {
  description: "the goods' cargo type, as products carry it: general (channels carrying general cargo; normal is accepted as an alias), battery or sensitive (channels carrying sensitive cargo)",
});
export const CountryCode = Type.String({
  minLength: 2,
  maxLength: 2,
  description: 'two-letter ISO 3166-1 alpha-2 country code, e.g. DE (any case): one of those GET /logistics/countries lists',
});
/** A shipping channel, as quotes and shipping orders name it. */
export const ChannelId = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'a channelId, e.g. dhl-express: from GET /logistics/shipping-methods or a quote of POST /logistics/calculate-freight-batch',
});
export const Weight = Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'actual weight, grams' });
export const Dimension = Type.Number({ exclusiveMinimum: 0, maximum: 1000, description: 'centimetres' });
export const Parcel = {
  country: CountryCode,
  weight: Weight,
  length: Type.Optional(Dimension),
  width: Type.Optional(Dimension),
  height: Type.Optional(Dimension),
  cargoType: Type.Optional(CargoQuery),
};

/** v1.2 (extensions.md section 14): the cost to ship goods before buying them. */
export const ShippingEstimateBody = Type.Object(
  {
    items: Type.Optional(
      Type.Array(
        Type.Object(
          {
            productId: Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,15}$' }), Type.Integer({ minimum: 1 })], {
              description: "product id, as a string of digits or an integer: a product's `id` from search, resolve or GET /products/{id}",
            }),
            skuId: Type.Optional(
              Type.String({ minLength: 1, maxLength: 64, description: "one of the product's skuIds: only checked to exist (the weight is the product's)" }),
            ),
            quantity: Type.Integer({ minimum: 1, maximum: 10_000, description: 'units of the product' }),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 50, description: 'the goods to estimate, 1 to 50 lines (or cart: true instead)' },
      ),
    ),
    cart: Type.Optional(Type.Boolean({ description: 'true: the selected lines of your cart (instead of items)' })),
    countryCode: CountryCode,
  },
  { additionalProperties: false },
);

export const ShippingEstimate = Type.Object({
  countryCode: Type.String(),
  estimatedWeight: Grams,
  estimatedVolumetricWeight: Type.Integer({ description: 'grams at the default divisor 6000 (each quote applies its channel\'s own)' }),
  basis: Type.Array(
    Type.Object({
      productId: Type.Integer(),
      quantity: Type.Integer(),
      weight: Type.Integer({ description: 'grams per unit' }),
      source: Type.Enum(['catalog', 'category_default']),
    }),
  ),
  quotes: Type.Array(FreightQuote, { description: 'as calculate-freight-batch, cheapest first' }),
  currency: Currency,
});

/** The schemas of each route of open/logistics.ts, by method and path. */
export const logisticsSchemas = {
  'GET /logistics/countries': { response: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })) },
  'GET /logistics/shipping-methods': {
    querystring: Type.Object({ country: Type.Optional(CountryCode), weight: Type.Optional(Weight), cargoType: Type.Optional(CargoQuery) }),
    response: Type.Array(ShippingChannel),
  },
  'POST /logistics/calculate-freight-batch': {
    body: Type.Object(Parcel, { additionalProperties: false }),
    response: Type.Object({ channels: Type.Array(FreightQuote) }),
  },
  'POST /logistics/calculate-freight': {
    body: Type.Object({ channelId: ChannelId, ...Parcel }, { additionalProperties: false }),
    response: FreightQuote,
  },
  'POST /logistics/estimate': { body: ShippingEstimateBody, response: ShippingEstimate },
};

/** The static types of what these routes take and answer. */
type Routes = typeof logisticsSchemas;
export type ShippingChannel = Static<typeof ShippingChannel>;
export type FreightQuote = Static<typeof FreightQuote>;
export type Country = ResponseOf<Routes['GET /logistics/countries']>[number];
export const ParcelSchema = Type.Object(Parcel);
/** A parcel to price: where to, how heavy, how big, what cargo. */
export type FreightRequest = Static<typeof ParcelSchema>;
export type ChannelFreightRequest = BodyOf<Routes['POST /logistics/calculate-freight']>;
export type FreightBatchRequest = BodyOf<Routes['POST /logistics/calculate-freight-batch']>;
export type FreightBatchResult = ResponseOf<Routes['POST /logistics/calculate-freight-batch']>;
export type ShippingEstimate = Static<typeof ShippingEstimate>;
export type ShippingEstimateRequest = Static<typeof ShippingEstimateBody>;
