import { adminRequestSchemas } from '../../../../../contract/admin/requests.js';
import { requestLogOf } from '../../../requests/request-log.js';
import { defineRoute } from '../../route.js';

export const adminRequestRoutes = [
  defineRoute({
    method: 'GET',
    url: '/requests',
    scope: null,
    tag: 'Admin',
    summary: 'The open API\'s request log of the selected world, newest first (filters: key, status or class like 4xx, path prefix, since)',
    schema: adminRequestSchemas['GET /requests'],
    handler: ({ ctx, query, world }) => requestLogOf(ctx).list(query, world),
  }),
  defineRoute({
    method: 'GET',
    url: '/requests/:id',
    scope: null,
    tag: 'Admin',
    summary: 'One logged request with both bodies (at most 4 KB each, API keys masked)',
    schema: adminRequestSchemas['GET /requests/:id'],
    handler: ({ ctx, params, world }) => requestLogOf(ctx).get(params.id, world),
  }),
];
