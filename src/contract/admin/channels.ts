import { Type, type Static } from 'typebox';
import { CHANNEL_CARGO } from '../enums.js';
import { ShippingChannel } from '../open/logistics.js';

/** The operator edits shipping channels (they are data; freight is priced from them). */

export const AdminChannel = Type.Object({ ...ShippingChannel.properties, active: Type.Boolean(), position: Type.Integer() });
export const ChannelParam = Type.Object({ channelId: Type.String({ minLength: 1, maxLength: 64 }) });
export const WeightGrams = Type.Integer({ minimum: 1, maximum: 1_000_000 });
export const Price = Type.Number({ minimum: 0, maximum: 1_000_000, description: 'amount, at most two decimals' });

export const ChannelPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    carrier: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    deliveryDays: Type.Optional(Type.String({ maxLength: 7, description: 'e.g. "7-12"' })),
    supportedCargo: Type.Optional(Type.Array(Type.Enum([...CHANNEL_CARGO]), { minItems: 1, maxItems: 2, uniqueItems: true })),
    weightRange: Type.Optional(Type.Object({ min: WeightGrams, max: WeightGrams }, { additionalProperties: false })),
    countries: Type.Optional(Type.Array(Type.String({ minLength: 2, maxLength: 2 }), { maxItems: 300 })),
    pricing: Type.Optional(
      Type.Object(
        {
          firstWeight: Type.Optional(WeightGrams),
          firstPrice: Type.Optional(Price),
          continuedWeight: Type.Optional(WeightGrams),
          continuedPrice: Type.Optional(Price),
          volumetricDivisor: Type.Optional(Type.Union([Type.Enum([5000, 6000, 8000]), Type.Null()])),
          fuelSurchargePercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
        },
        { additionalProperties: false },
      ),
    ),
    active: Type.Optional(Type.Boolean()),
    position: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
    maxDeclaredValue: Type.Optional(Type.Union([Price, Type.Null()], { description: 'v1.1: the declared-value cap, null for none' })),
  },
  { additionalProperties: false },
);

/** The schemas of each route of admin/channels.ts, by method and path. */
export const adminChannelSchemas = {
  'GET /channels': { response: Type.Array(AdminChannel) },
  'GET /channels/:channelId': { params: ChannelParam, response: AdminChannel },
  'PUT /channels/:channelId': { params: ChannelParam, body: ChannelPatch, response: AdminChannel },
};

/** The static types of what these routes take and answer. */
export type AdminChannel = Static<typeof AdminChannel>;
export type ChannelPatch = Static<typeof ChannelPatch>;
