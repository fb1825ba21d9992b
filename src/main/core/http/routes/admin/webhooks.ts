import { Type } from 'typebox';
import { EVENT_TYPES } from '../../../events/catalog.js';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, updateEndpoint } from '../../../webhooks/endpoints.js';
import { defineRoute } from '../../route.js';
import { IdParam, Message, PageQuery, Paginated, Timestamp } from '../../schemas.js';

const Endpoint = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String(), { description: 'event types, or ["*"] for all' }),
  description: Type.String(),
  active: Type.Boolean(),
  secret: Type.String({ description: 'signing secret (whsec_...): verify Crossbuy-Signature with it' }),
  createdAt: Timestamp,
});

const Delivery = Type.Object({
  id: Type.Integer(),
  eventId: Type.Integer(),
  eventType: Type.String(),
  status: Type.String({ description: 'pending, succeeded or failed (gave up)' }),
  attempts: Type.Integer(),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  attemptLog: Type.Array(
    Type.Object({ at: Timestamp, statusCode: Type.Union([Type.Integer(), Type.Null()]), error: Type.Union([Type.String(), Type.Null()]), durationMs: Type.Integer() }),
  ),
});

const Events = Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 20 });
const Url = Type.String({ minLength: 1, maxLength: 2048 });

export const adminWebhookRoutes = [
  defineRoute({
    method: 'GET',
    url: '/event-types',
    scope: null,
    tag: 'Back office',
    summary: 'Every event type the service emits',
    schema: { response: Type.Array(Type.String()) },
    handler: () => [...EVENT_TYPES],
  }),
  defineRoute({
    method: 'GET',
    url: '/webhooks',
    scope: null,
    tag: 'Back office',
    summary: 'Webhook endpoints',
    schema: { response: Type.Array(Endpoint) },
    handler: ({ ctx }) => listEndpoints(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/webhooks',
    scope: null,
    tag: 'Back office',
    status: 201,
    summary: 'Register a webhook endpoint (loopback URLs unless remote ones are allowed)',
    schema: {
      body: Type.Object({ url: Url, events: Events, description: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
      response: Endpoint,
    },
    handler: ({ ctx, body }) => createEndpoint(ctx, body),
  }),
  defineRoute({
    method: 'PATCH',
    url: '/webhooks/:id',
    scope: null,
    tag: 'Back office',
    summary: 'Change a webhook endpoint (url, events, description, active)',
    schema: {
      params: IdParam,
      body: Type.Object(
        { url: Type.Optional(Url), events: Type.Optional(Events), description: Type.Optional(Type.String({ maxLength: 200 })), active: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
      response: Endpoint,
    },
    handler: ({ ctx, params, body }) => updateEndpoint(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/webhooks/:id',
    scope: null,
    tag: 'Back office',
    summary: 'Delete a webhook endpoint and its delivery records',
    schema: { params: IdParam, response: Message },
    handler: ({ ctx, params }) => deleteEndpoint(ctx, params.id),
  }),
  defineRoute({
    method: 'GET',
    url: '/webhooks/:id/deliveries',
    scope: null,
    tag: 'Back office',
    summary: 'Deliveries to an endpoint, newest first, with every attempt',
    schema: { params: IdParam, querystring: Type.Object(PageQuery), response: Paginated(Delivery) },
    handler: ({ ctx, params, query }) => listDeliveries(ctx, params.id, { page: query.page ?? 1, limit: query.limit ?? 20 }),
  }),
];
