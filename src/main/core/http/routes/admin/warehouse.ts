import { listCountryDuties, updateCountryDuty } from '../../../logistics/countries.js';
import { packRehearsal, requestedRehearsals } from '../../../shipping/rehearsals.js';
import { readFigures, writeFigures } from '../../../warehouse/figures.js';
import { adminServiceView, completeService, listServices, pendingServiceRequests, updateService } from '../../../warehouse/services.js';
import { defineRoute } from '../../route.js';
import { adminWarehouseSchemas as S } from '../../../../../contract/admin/warehouse.js';

/** v1.1 back office: services catalog and work list, figures, duty data, rehearsal packing. */
export const adminWarehouseRoutes = [
  defineRoute({
    method: 'GET',
    url: '/warehouse/services',
    scope: null,
    tag: 'Admin',
    summary: 'The warehouse service catalog, inactive services included, with their weight and volume effects',
    schema: S['GET /warehouse/services'],
    handler: ({ ctx }) => listServices(ctx, { includeInactive: true }).map(adminServiceView),
  }),
  defineRoute({
    method: 'PUT',
    url: '/warehouse/services/:serviceId',
    scope: null,
    tag: 'Admin',
    summary: 'Edit a warehouse service (price, text, effects, active); requests already made keep their price',
    schema: S['PUT /warehouse/services/:serviceId'],
    handler: ({ ctx, params, body }) => adminServiceView(updateService(ctx, params.serviceId, body)),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/service-requests',
    scope: null,
    tag: 'Admin',
    summary: 'Requested services not done yet, oldest first (the warehouse work list)',
    schema: S['GET /warehouse/service-requests'],
    handler: ({ ctx, query }) => pendingServiceRequests(ctx, query.limit ?? 50),
  }),
  defineRoute({
    method: 'POST',
    url: '/warehouse/service-requests/:id/done',
    scope: null,
    tag: 'Admin',
    summary: 'Mark a requested service done: its weight effect applies to the package (package.service_done)',
    schema: S['POST /warehouse/service-requests/:id/done'],
    handler: ({ ctx, params }) => completeService(ctx, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/warehouse/figures',
    scope: null,
    tag: 'Admin',
    summary: 'Storage, insurance, rehearsal and scenario figures',
    schema: S['GET /warehouse/figures'],
    handler: ({ ctx }) => readFigures(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/warehouse/figures',
    scope: null,
    tag: 'Admin',
    summary: 'Change some of the storage, insurance, rehearsal and scenario figures',
    schema: S['PUT /warehouse/figures'],
    handler: ({ ctx, body }) => writeFigures(ctx, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/logistics/countries',
    scope: null,
    tag: 'Admin',
    summary: 'Destination countries with their duty data (de minimis, rate)',
    schema: S['GET /logistics/countries'],
    handler: ({ ctx }) => listCountryDuties(ctx),
  }),
  defineRoute({
    method: 'PUT',
    url: '/logistics/countries/:code',
    scope: null,
    tag: 'Admin',
    summary: "Edit a country's duty data (informational estimates only)",
    schema: S['PUT /logistics/countries/:code'],
    handler: ({ ctx, params, body }) => updateCountryDuty(ctx, params.code, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/shipping/rehearsals',
    scope: null,
    tag: 'Admin',
    summary: 'Rehearsals waiting to be packed, oldest first (the packing work list)',
    schema: S['GET /shipping/rehearsals'],
    handler: ({ ctx, query }) => requestedRehearsals(ctx, query.limit ?? 50),
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping/rehearsals/:id/pack',
    scope: null,
    tag: 'Admin',
    summary: 'Pack a requested rehearsal: packed weight, dimensions and photos (shipping.rehearsal_packed)',
    schema: S['POST /shipping/rehearsals/:id/pack'],
    handler: ({ ctx, params }) => packRehearsal(ctx, params.id),
  }),
];
