import { getPackage, listPackages, packageStats } from '../../../warehouse/packages.js';
import { listServices, requestServices, serviceView } from '../../../warehouse/services.js';
import { defineRoute } from '../../route.js';
import { warehouseSchemas } from '../../../../../contract/open/warehouse.js';

const page = (q: { page?: number; limit?: number; startingAfter?: string }) => ({ page: q.page ?? 1, limit: q.limit ?? 20, startingAfter: q.startingAfter });

export const warehouseRoutes = [
  defineRoute({
    method: 'GET',
    url: '/warehouse/packages',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'Warehouse packages, newest arrivals first, optionally of one status',
    schema: warehouseSchemas['GET /warehouse/packages'],
    handler: ({ ctx, caller, query }) => listPackages(ctx, caller.userId, { ...page(query), status: query.status }),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/packages/stats',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'Package counts by status and weights',
    schema: warehouseSchemas['GET /warehouse/packages/stats'],
    handler: ({ ctx, caller }) => packageStats(ctx, caller.userId),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/packages/shippable',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'Packages ready to ship (in_warehouse)',
    schema: warehouseSchemas['GET /warehouse/packages/shippable'],
    handler: ({ ctx, caller, query }) => listPackages(ctx, caller.userId, { ...page(query), status: 'in_warehouse' }),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/packages/:id',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'One package',
    schema: warehouseSchemas['GET /warehouse/packages/:id'],
    handler: ({ ctx, caller, params }) => getPackage(ctx, caller.userId, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/services',
    scope: 'warehouse:read',
    tag: 'Warehouse',
    summary: 'Warehouse services you can ask for on a package (reinforcement, vacuum packing, photos...)',
    schema: warehouseSchemas['GET /warehouse/services'],
    handler: ({ ctx }) => listServices(ctx).map(serviceView),
  }),
  defineRoute({
    method: 'POST',
    url: '/warehouse/packages/:id/services',
    scope: 'warehouse:write',
    tag: 'Warehouse',
    status: 201,
    idempotent: true,
    summary: 'Ask for services on an in_warehouse package: charged now (service_charge), done by the back office',
    schema: warehouseSchemas['POST /warehouse/packages/:id/services'],
    handler: ({ ctx, caller, params, body }) => requestServices(ctx, caller.userId, params.id, body),
  }),
];
