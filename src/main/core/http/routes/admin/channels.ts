import { Type } from 'typebox';
import { CHANNEL_CARGO } from '../../../logistics/cargo.js';
import { adminChannelView, findChannel, listChannels, updateChannel } from '../../../logistics/channels.js';
import { notFound } from '../../../shared/errors.js';
import { defineRoute } from '../../route.js';
import { ShippingChannel } from '../open/logistics.js';

/** The operator edits shipping channels (they are data; freight is priced from them). */

const AdminChannel = Type.Object({ ...ShippingChannel.properties, active: Type.Boolean(), position: Type.Integer() });
const ChannelParam = Type.Object({ channelId: Type.String({ minLength: 1, maxLength: 64 }) });
const WeightGrams = Type.Integer({ minimum: 1, maximum: 1_000_000 });
const Price = Type.Number({ minimum: 0, maximum: 1_000_000, description: 'amount, at most two decimals' });

const ChannelPatch = Type.Object(
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
  },
  { additionalProperties: false },
);

export const adminChannelRoutes = [
  defineRoute({
    method: 'GET',
    url: '/channels',
    scope: null,
    tag: 'Admin',
    summary: 'Every shipping channel, inactive ones too',
    schema: { response: Type.Array(AdminChannel) },
    handler: ({ ctx }) => listChannels(ctx, { includeInactive: true }).map(adminChannelView),
  }),
  defineRoute({
    method: 'GET',
    url: '/channels/:channelId',
    scope: null,
    tag: 'Admin',
    summary: 'One shipping channel',
    schema: { params: ChannelParam, response: AdminChannel },
    handler: ({ ctx, params }) => {
      const channel = findChannel(ctx, params.channelId);
      if (!channel) throw notFound(`Shipping channel ${params.channelId} not found`);
      return adminChannelView(channel);
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/channels/:channelId',
    scope: null,
    tag: 'Admin',
    summary: 'Edit a shipping channel: any subset of its fields; pending shipping orders keep their fee',
    schema: { params: ChannelParam, body: ChannelPatch, response: AdminChannel },
    handler: ({ ctx, params, body }) => adminChannelView(updateChannel(ctx, params.channelId, body)),
  }),
];
