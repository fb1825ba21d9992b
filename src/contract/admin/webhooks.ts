import { Type, type Static } from 'typebox';
import { type BodyOf, CursorQuery, IdParam, Message, PageQuery, Paginated, Timestamp } from '../common.js';
import { TEST_EVENT_TYPE } from '../enums.js';

export const Endpoint = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  events: Type.Array(Type.String(), { description: 'event types, or ["*"] for all' }),
  description: Type.String(),
  active: Type.Boolean(),
  secret: Type.String({ description: 'signing secret (whsec_...): verify Crossbuy-Signature with it' }),
  createdAt: Timestamp,
});

export const Delivery = Type.Object({
  id: Type.Integer(),
  eventId: Type.Union([Type.Integer(), Type.Null()], {
    description: 'the event\'s id in the log; null for a test delivery (eventType webhook.test), whose id is testEventId',
  }),
  testEventId: Type.Union([Type.String(), Type.Null()], {
    description: 'a test delivery\'s evt_test_... id (what its Crossbuy-Event-Id carried); null for an event of the log',
  }),
  eventType: Type.String(),
  status: Type.Enum(['pending', 'succeeded', 'failed'], { description: 'failed: gave up' }),
  attempts: Type.Integer(),
  lastStatusCode: Type.Union([Type.Integer(), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  nextAttemptAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  attemptLog: Type.Array(
    Type.Object({ at: Timestamp, statusCode: Type.Union([Type.Integer(), Type.Null()]), error: Type.Union([Type.String(), Type.Null()]), durationMs: Type.Integer() }),
  ),
});

export const TestResult = Type.Object({
  deliveryId: Type.Union([Type.Integer(), Type.Null()], { description: 'the delivery that records this test in the endpoint\'s history (null if the endpoint was deleted meanwhile)' }),
  eventId: Type.String({ description: 'evt_test_...: not an event of the log' }),
  eventType: Type.Literal(TEST_EVENT_TYPE),
  succeeded: Type.Boolean({ description: 'the endpoint answered 2xx' }),
  statusCode: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  at: Timestamp,
  durationMs: Type.Integer(),
});

export const Events = Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 20 });
export const Url = Type.String({ minLength: 1, maxLength: 2048 });

/** The schemas of each route of admin/webhooks.ts, by method and path. */
export const adminWebhookSchemas = {
  'GET /event-types': { response: Type.Array(Type.String()) },
  'GET /webhooks': { response: Type.Array(Endpoint) },
  'POST /webhooks': {
    body: Type.Object({ url: Url, events: Events, description: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false }),
    response: Endpoint,
  },
  'PATCH /webhooks/:id': {
    params: IdParam,
    body: Type.Object(
      { url: Type.Optional(Url), events: Type.Optional(Events), description: Type.Optional(Type.String({ maxLength: 200 })), active: Type.Optional(Type.Boolean()) },
      { additionalProperties: false },
    ),
    response: Endpoint,
  },
  'DELETE /webhooks/:id': { params: IdParam, response: Message },
  'GET /webhooks/:id/deliveries': { params: IdParam, querystring: Type.Object({ ...PageQuery, ...CursorQuery }), response: Paginated(Delivery) },
  'POST /webhooks/:id/test': { params: IdParam, response: TestResult },
};

/** The static types of what these routes take and answer. */
type Routes = typeof adminWebhookSchemas;
export type WebhookEndpoint = Static<typeof Endpoint>;
export type WebhookDelivery = Static<typeof Delivery>;
export type WebhookTestResult = Static<typeof TestResult>;
export type NewWebhookInput = BodyOf<Routes['POST /webhooks']>;
export type WebhookPatch = BodyOf<Routes['PATCH /webhooks/:id']>;
