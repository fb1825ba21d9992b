import { Type } from 'typebox';
import { PACKAGE_STATUSES } from '../../../warehouse/package-state.js';
import { getPackage, listPackages, packageStats } from '../../../warehouse/packages.js';
import { defineRoute } from '../../route.js';
import { Grams, IdParam, PageQuery, Paginated, Timestamp } from '../../schemas.js';
import { CursorQuery } from '../../cursor.js';

/** Warehouse packages (api-v1.md "Warehouse"; decisions.md "Warehouse packages"). */

export const PackageSchema = Type.Object({
  id: Type.Integer({ description: 'used as inventoryId when creating a shipping order' }),
  productName: Type.String(),
  weight: Grams,
  status: Type.String({ description: PACKAGE_STATUSES.join(', ') }),
  orderId: Type.String({ description: 'the purchase order number' }),
  inspectionPhotos: Type.Array(Type.String()),
  arrivedAt: Timestamp,
  storageDays: Type.Integer({ description: 'whole days since arrivedAt on the service clock' }),
  quantity: Type.Integer(),
  cargoType: Type.String({ description: 'general, battery or sensitive' }),
  shippingOrderNo: Type.Union([Type.String(), Type.Null()], { description: 'the shipping order holding the package, if any' }),
});

const page = (q: { page?: number; limit?: number; startingAfter?: string }) => ({ page: q.page ?? 1, limit: q.limit ?? 20, startingAfter: q.startingAfter });

export const warehouseRoutes = [
  defineRoute({
    method: 'GET',
    url: '/warehouse/packages',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'Warehouse packages, newest arrivals first, optionally of one status',
    schema: {
      querystring: Type.Object({ ...PageQuery, ...CursorQuery, status: Type.Optional(Type.Enum([...PACKAGE_STATUSES])) }),
      response: Paginated(PackageSchema),
    },
    handler: ({ ctx, caller, query }) => listPackages(ctx, caller.userId, { ...page(query), status: query.status }),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/packages/stats',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'Package counts by status and weights',
    schema: {
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
    handler: ({ ctx, caller }) => packageStats(ctx, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/packages/shippable',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'Packages ready to ship (in_warehouse)',
    schema: { querystring: Type.Object({ ...PageQuery, ...CursorQuery }), response: Paginated(PackageSchema) },
    handler: ({ ctx, caller, query }) => listPackages(ctx, caller.userId, { ...page(query), status: 'in_warehouse' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/packages/:id',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'One package',
    schema: { params: IdParam, response: PackageSchema },
    handler: ({ ctx, caller, params }) => getPackage(ctx, caller.userId, params.id),
  }),
];
