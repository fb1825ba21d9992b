import { Type, type Static } from 'typebox';
import { CursorQuery, Grams, IdParam, PageQuery, Paginated, type ResponseOf, Timestamp } from '../common.js';
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
});

/** The schemas of each route of open/warehouse.ts, by method and path. */
export const warehouseSchemas = {
  'GET /warehouse/packages': {
    querystring: Type.Object({ ...PageQuery, ...CursorQuery, status: Type.Optional(Type.Enum([...PACKAGE_STATUSES])) }),
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
  'GET /warehouse/packages/:id': { params: IdParam, response: PackageSchema },
};

/** The static types of what these routes take and answer. */
type Routes = typeof warehouseSchemas;
export type WarehousePackage = Static<typeof PackageSchema>;
export type PackageStats = ResponseOf<Routes['GET /warehouse/packages/stats']>;
