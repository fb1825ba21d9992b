import { Type } from 'typebox';
import { QUERY_CARGO } from '../../../logistics/cargo.js';
import { listCountries, listShippingMethods, quoteBatch, quoteChannel } from '../../../logistics/quotes.js';
import { defineRoute } from '../../route.js';
import { Currency, Grams, Money } from '../../schemas.js';

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
});

const FreightQuote = Type.Object({
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

const CargoQuery = Type.Enum([...QUERY_CARGO], {
  description: 'normal (channels carrying general cargo), battery or sensitive (channels carrying sensitive cargo)',
});
const CountryCode = Type.String({ minLength: 2, maxLength: 2, description: 'a code from /logistics/countries' });
const Weight = Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'actual weight, grams' });
const Dimension = Type.Number({ exclusiveMinimum: 0, maximum: 1000, description: 'centimetres' });
const Parcel = {
  country: CountryCode,
  weight: Weight,
  length: Type.Optional(Dimension),
  width: Type.Optional(Dimension),
  height: Type.Optional(Dimension),
  cargoType: Type.Optional(CargoQuery),
};

export const logisticsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/logistics/countries',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: 'Destination countries',
    schema: { response: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })) },
    handler: ({ ctx }) => listCountries(ctx),
  }),
  defineRoute({
    method: 'GET',
    url: '/logistics/shipping-methods',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: 'Shipping channels, optionally only those serving a country, holding a weight and carrying a cargo type',
    schema: {
      querystring: Type.Object({ country: Type.Optional(CountryCode), weight: Type.Optional(Weight), cargoType: Type.Optional(CargoQuery) }),
      response: Type.Array(ShippingChannel),
    },
    handler: ({ ctx, query }) => listShippingMethods(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/logistics/calculate-freight-batch',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: 'Freight quotes of every channel that can carry the parcel to the country, cheapest first',
    schema: {
      body: Type.Object(Parcel, { additionalProperties: false }),
      response: Type.Object({ channels: Type.Array(FreightQuote) }),
    },
    handler: ({ ctx, body }) => quoteBatch(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/logistics/calculate-freight',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: "One channel's freight quote (422 when the channel cannot carry the parcel)",
    schema: {
      body: Type.Object({ channelId: Type.String({ minLength: 1, maxLength: 64 }), ...Parcel }, { additionalProperties: false }),
      response: FreightQuote,
    },
    handler: ({ ctx, body }) => quoteChannel(ctx, body),
  }),
];
