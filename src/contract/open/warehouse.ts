import { Type, type Static } from 'typebox';
import { Currency, CursorQuery, Grams, idParam, Money, PageQuery, Paginated, type ResponseOf, Timestamp } from '../common.js';
import { GOODS_CARGO, PACKAGE_STATUSES } from '../enums.js';

/** Warehouse packages (api-v1.md "Warehouse"; decisions.md "Warehouse packages"). */

export const PackageSchema = Type.Object({
  id: Type.Integer({ description: 'used as inventoryId when creating a shipping order' }),
  productName: Type.String(),
  weight: Grams,
  status: Type.Enum([...PACKAGE_STATUSES], { description: PACKAGE_STATUSES.join(', ') }),
  orderId: Type.String({ description: 'the purchase order number' }),
  inspectionPhotos: Type.Array(Type.String()),
  arrivedAt: Timestamp,
  storageDays: Type.Integer({ description: 'whole days since arrivedAt on the service clock' }),
  quantity: Type.Integer(),
  cargoType: Type.Enum([...GOODS_CARGO]),
  shippingOrderNo: Type.Union([Type.String(), Type.Null()], { description: 'the shipping order holding the package, if any' }),
  // v1.1 sections 4 and 6
  services: Type.Array(
    Type.Object({
      requestId: Type.Integer(),
      serviceId: Type.String(),
      status: Type.Enum(['pending', 'done']),
      price: Money,
      photoCount: Type.Integer({ description: 'photos asked for (per-photo services), else 0' }),
      requestedAt: Timestamp,
      doneAt: Type.Union([Timestamp, Type.Null()]),
    }),
  ),
  storageFee: Type.Number({ description: 'accrued storage fee: each day past the free period, per package (0 while free)' }),
  freeStorageDaysLeft: Type.Integer({ description: 'negative once overdue' }),
  freeStorageUntil: Timestamp,
  disposalAt: Timestamp,
});

export const WarehouseService = Type.Object({
  serviceId: Type.String(),
  name: Type.String(),
  description: Type.String(),
  price: Money,
  unit: Type.Enum(['package', 'photo']),
});

/** The id of a package, as the package routes take it. */
const PackageIdParam = idParam('package id (a shipping order\'s inventoryId): `id` of a package in GET /warehouse/packages');

/** The schemas of each route of open/warehouse.ts, by method and path. */
export const warehouseSchemas = {
  'GET /warehouse/packages': {
    querystring: Type.Object({
      ...PageQuery,
      ...CursorQuery,
      status: Type.Optional(
        Type.Enum([...PACKAGE_STATUSES], {
          description: 'in_warehouse (on the shelf, shippable), rehearsing, packing (in a pending shipping order), shipped, delivered, returning, returned, disposed, lost',
        }),
      ),
    }),
    response: Paginated(PackageSchema),
  },
  'GET /warehouse/packages/stats': {
    response: Type.Object({
      total: Type.Integer(),
      inWarehouse: Type.Integer(),
      shipped: Type.Integer(),
      totalWeight: Grams,
      packing: Type.Integer(),
      delivered: Type.Integer(),
      inWarehouseWeight: Grams,
    }),
  },
  'GET /warehouse/packages/shippable': { querystring: Type.Object({ ...PageQuery, ...CursorQuery }), response: Paginated(PackageSchema) },
  'GET /warehouse/packages/:id': { params: PackageIdParam, response: PackageSchema },
  'GET /warehouse/services': { response: Type.Array(WarehouseService) },
  'POST /warehouse/packages/:id/services': {
    params: PackageIdParam,
    body: Type.Object(
      {
        serviceIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
          minItems: 1,
          maxItems: 20,
          description: 'serviceIds from GET /warehouse/services, each once; a per-package service already requested for the package is a 409',
        }),
        photoCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'photos wanted, with a per-photo service (default 1)' })),
      },
      { additionalProperties: false },
    ),
    response: Type.Object({ packageId: Type.Integer(), charged: Money, currency: Currency, services: PackageSchema.properties.services }),
  },
};

/** The static types of what these routes take and answer. */
type Routes = typeof warehouseSchemas;
export type WarehousePackage = Static<typeof PackageSchema>;
export type WarehouseServiceView = Static<typeof WarehouseService>;
export type PackageStats = ResponseOf<Routes['GET /warehouse/packages/stats']>;
