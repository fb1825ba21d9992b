import { Type, type Static } from 'typebox';
import { Money, Timestamp } from '../common.js';
import { WarehouseService } from '../open/warehouse.js';
import { Rehearsal } from '../open/shipping.js';

/**
 * The back office's side of v1.1 warehouse and shipment services: the service catalog, the work list of
 * requested services, the figures (storage, insurance, rehearsal fee, scenario rates), duty data per
 * country, rehearsal packing.
 */
export const AdminService = Type.Object({
  ...WarehouseService.properties,
  active: Type.Boolean(),
  weightDelta: Type.Integer({ description: 'grams added when done (negative: removed)' }),
  weightPercent: Type.Number({ description: 'weight kept when done, percent (90: -10%)' }),
  packedVolumePercent: Type.Number({ description: 'volume kept when packed, percent (70: vacuum)' }),
});
export const ServiceParam = Type.Object({ serviceId: Type.String({ minLength: 1, maxLength: 64 }) });
const Percent = Type.Number({ exclusiveMinimum: 0, maximum: 200 });

export const Figures = Type.Object({
  freeStorageDays: Type.Integer({ description: 'storage is free this many days from arrival (90)' }),
  storageFeePerDayMinor: Type.Integer({ description: 'then per package per day, minor units (50 = 0.50)' }),
  storageAlertDays: Type.Integer({ description: 'package.storage_expiring this many days before the free period ends (3)' }),
  disposalDays: Type.Integer({ description: 'disposed this many days after arrival (180)' }),
  insuranceRateBp: Type.Integer({ description: 'premium, basis points of the declared value (300 = 3%)' }),
  insuranceMinimumMinor: Type.Integer({ description: 'minimum premium, minor units (500 = 5.00)' }),
  rehearsalFeeMinor: Type.Integer({ description: 'rehearsal packing fee, minor units (1800 = 18.00)' }),
  scenarioHeaderEnabled: Type.Integer({ description: '1: the Crossbuy-Scenario header of orders, shipping orders and top-ups is honoured; 0: any such header is a 400' }),
  customsHoldRateBp: Type.Integer({ description: 'autopilot: share of shipments held at customs, basis points' }),
  lostInTransitRateBp: Type.Integer({ description: 'autopilot: share lost in transit, basis points' }),
  customsSeizedRateBp: Type.Integer({ description: 'autopilot: share seized by customs, basis points' }),
  weightToleranceBp: Type.Integer({ description: 'v1.2: a packed parcel may cost this much more than the fee held, basis points of it, before a shipping supplement (200 = 2%)' }),
  packingMinBp: Type.Integer({ description: 'v1.2: box and filler over the goods, least share drawn, basis points (600)' }),
  packingMaxBp: Type.Integer({ description: 'v1.2: box and filler over the goods, largest share drawn, basis points (1200)' }),
  shippingSupplementHours: Type.Integer({ description: 'v1.2: hours a shipping supplement waits before the shipment is cancelled (48)' }),
});

export const CountryDuty = Type.Object({
  code: Type.String(),
  name: Type.String(),
  deMinimis: Money,
  dutyRatePercent: Type.Number({ description: 'duty and import tax on the whole declared value above the de minimis' }),
});

export const adminWarehouseSchemas = {
  'GET /warehouse/services': { response: Type.Array(AdminService) },
  'PUT /warehouse/services/:serviceId': {
    params: ServiceParam,
    body: Type.Object(
      {
        name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        description: Type.Optional(Type.String({ maxLength: 500 })),
        price: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
        active: Type.Optional(Type.Boolean()),
        weightDelta: Type.Optional(Type.Integer({ minimum: -100_000, maximum: 100_000 })),
        weightPercent: Type.Optional(Percent),
        packedVolumePercent: Type.Optional(Percent),
      },
      { additionalProperties: false, minProperties: 1 },
    ),
    response: AdminService,
  },
  'GET /warehouse/service-requests': {
    querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }),
    response: Type.Array(
      Type.Object({
        requestId: Type.Integer(),
        serviceId: Type.String(),
        status: Type.String(),
        price: Money,
        photoCount: Type.Integer(),
        requestedAt: Timestamp,
        doneAt: Type.Union([Timestamp, Type.Null()]),
        packageId: Type.Integer(),
        userId: Type.Integer(),
      }),
    ),
  },
  'POST /warehouse/service-requests/:id/done': {
    params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
    response: Type.Object({
      requestId: Type.Integer(),
      serviceId: Type.String(),
      status: Type.String(),
      price: Money,
      photoCount: Type.Integer(),
      requestedAt: Timestamp,
      doneAt: Type.Union([Timestamp, Type.Null()]),
      packageId: Type.Integer(),
      weight: Type.Integer({ description: 'the package weight after the service' }),
    }),
  },
  'GET /warehouse/figures': { response: Figures },
  'PUT /warehouse/figures': { body: Type.Partial(Figures, { additionalProperties: false, minProperties: 1 }), response: Figures },
  'GET /logistics/countries': { response: Type.Array(CountryDuty) },
  'PUT /logistics/countries/:code': {
    params: Type.Object({ code: Type.String({ minLength: 2, maxLength: 2 }) }),
    body: Type.Object(
      { deMinimis: Type.Optional(Type.Number({ minimum: 0, maximum: 100_000_000 })), dutyRatePercent: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })) },
      { additionalProperties: false, minProperties: 1 },
    ),
    response: CountryDuty,
  },
  'GET /shipping/rehearsals': {
    querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }),
    response: Type.Array(Type.Object({ ...Rehearsal.properties, userId: Type.Integer() })),
  },
  'POST /shipping/rehearsals/:id/pack': { params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }), response: Rehearsal },
};

export type AdminServiceView = Static<typeof AdminService>;
export type FiguresView = Static<typeof Figures>;
export type CountryDutyView = Static<typeof CountryDuty>;
