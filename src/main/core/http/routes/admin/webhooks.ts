import { EVENT_TYPES } from '../../../events/catalog.js';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, updateEndpoint } from '../../../webhooks/endpoints.js';
import { sendTestEvent } from '../../../webhooks/test-event.js';
import { defineRoute } from '../../route.js';
import { adminWebhookSchemas } from '../../../../../contract/admin/webhooks.js';

export const adminWebhookRoutes = [
  defineRoute({
    method: 'GET',
    url: '/event-types',
    scope: null,
    tag: 'Admin',
    summary: 'Every event type the service emits',
    schema: adminWebhookSchemas['GET /event-types'],
    handler: () => [...EVENT_TYPES],
  }),
  defineRoute({
    method: 'GET',
    url: '/webhooks',
    scope: null,
    tag: 'Admin',
    summary: 'Webhook endpoints',
    schema: adminWebhookSchemas['GET /webhooks'],
    handler: ({ ctx }) => listEndpoints(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/webhooks',
    scope: null,
    tag: 'Admin',
    status: 201,
    summary: 'Register a webhook endpoint (loopback URLs unless remote ones are allowed)',
    schema: adminWebhookSchemas['POST /webhooks'],
    handler: ({ ctx, body }) => createEndpoint(ctx, body),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/webhooks/:id',
    scope: null,
    tag: 'Admin',
    summary: 'Change a webhook endpoint (url, events, description, active)',
    schema: adminWebhookSchemas['PATCH /webhooks/:id'],
    handler: ({ ctx, params, body }) => updateEndpoint(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/webhooks/:id',
    scope: null,
    tag: 'Admin',
    summary: 'Delete a webhook endpoint and its delivery records',
    schema: adminWebhookSchemas['DELETE /webhooks/:id'],
    handler: ({ ctx, params }) => deleteEndpoint(ctx, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/webhooks/:id/deliveries',
    scope: null,
    tag: 'Admin',
    summary: 'Deliveries to an endpoint (test events included), newest first, with every attempt; page or cursor (startingAfter)',
    schema: adminWebhookSchemas['GET /webhooks/:id/deliveries'],
    handler: ({ ctx, params, query }) => listDeliveries(ctx, params.id, { page: query.page ?? 1, limit: query.limit ?? 20, startingAfter: query.startingAfter }),
  }),
  defineRoute({
    method: 'POST',
    url: '/webhooks/:id/test',
    scope: null,
    tag: 'Admin',
    summary: 'Send a signed webhook.test event to the endpoint now and answer what it replied',
    schema: adminWebhookSchemas['POST /webhooks/:id/test'],
    handler: ({ ctx, params, world }) => sendTestEvent(ctx, params.id, undefined, world),
  }),
];
