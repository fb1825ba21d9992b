import { listCountries, listShippingMethods, quoteBatch, quoteChannel } from '../../../logistics/quotes.js';
import { estimateShipping } from '../../../logistics/estimate.js';
import { defineRoute } from '../../route.js';
import { logisticsSchemas } from '../../../../../contract/open/logistics.js';

export const logisticsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/logistics/countries',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: 'Destination countries',
    schema: logisticsSchemas['GET /logistics/countries'],
    handler: ({ ctx }) => listCountries(ctx),
  }),
  defineRoute({
    method: 'GET',
    url: '/logistics/shipping-methods',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: 'Shipping channels, optionally only those serving a country, holding a weight and carrying a cargo type',
    schema: logisticsSchemas['GET /logistics/shipping-methods'],
    handler: ({ ctx, query }) => listShippingMethods(ctx, query),
  }),
  defineRoute({
    method: 'POST',
    url: '/logistics/calculate-freight-batch',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: 'Freight quotes of every channel that can carry the parcel to the country, cheapest first',
    schema: logisticsSchemas['POST /logistics/calculate-freight-batch'],
    handler: ({ ctx, body }) => quoteBatch(ctx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/logistics/calculate-freight',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: "One channel's freight quote (422 when the channel cannot carry the parcel)",
    schema: logisticsSchemas['POST /logistics/calculate-freight'],
    handler: ({ ctx, body }) => quoteChannel(ctx, body),
  }),

  defineRoute({
    method: 'POST',
    url: '/logistics/estimate',
    scope: 'logistics:read',
    tag: 'Logistics',
    summary: 'What goods not bought yet would cost to ship: weight from the catalog (else the category default), quotes cheapest first',
    schema: logisticsSchemas['POST /logistics/estimate'],
    handler: ({ ctx, caller, body }) => estimateShipping(ctx, caller.userId, body),
  }),
];
