import { Type, type Static } from 'typebox';
import { IdParam, type QueryOf, type ResponseOf, Timestamp } from '../common.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../limits.js';

/** The open API's request log (docs/API.md, "Request log"): what scripts sent and what they were answered. */

/** How many bytes of each body the log keeps (the rest is cut, `truncated` says so). */
export const REQUEST_LOG_BODY_BYTES = 4096;

const LogKey = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()], {
  description: 'the API key, or null when the caller was not authenticated or was the app\'s own UI',
});

const Caller = Type.Union([Type.Literal('key'), Type.Literal('app'), Type.Null()], {
  description:
    "who made the request: 'key' (the sk- key in `key`), 'app' (the app's own UI, with the operator's session), or null " +
    '(no valid credentials, and entries logged before the log kept this)',
});

export const RequestSummary = Type.Object({
  id: Type.Integer({ description: 'the log entry (cursor for startingAfter)' }),
  requestId: Type.String({ description: 'the X-Request-Id the response carried' }),
  at: Timestamp,
  key: LogKey,
  caller: Caller,
  method: Type.String(),
  path: Type.String({ description: 'without the query string' }),
  query: Type.String({ description: 'the query string without "?", secrets masked; "" when none' }),
  status: Type.Integer(),
  durationMs: Type.Number({ description: 'from the request\'s arrival to the last byte of the answer' }),
  mcpTool: Type.Union([Type.String(), Type.Null()], { description: 'the MCP tool that made the request (crossbuy mcp, /mcp), or null' }),
});

const Body = Type.Object({
  text: Type.Union([Type.String(), Type.Null()], { description: `the body as sent (UTF-8), at most ${REQUEST_LOG_BODY_BYTES} bytes, sk- keys masked; null when empty or not kept (the event stream)` }),
  bytes: Type.Integer({ description: 'the whole body\'s size' }),
  truncated: Type.Boolean(),
});

export const RequestDetail = Type.Object({ ...RequestSummary.properties, requestBody: Body, responseBody: Body });

export const RequestLogQuery = Type.Object({
    key: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'an API key id' })),
    caller: Type.Optional(
      Type.Union([Type.Literal('key'), Type.Literal('app'), Type.Literal('none')], {
        description: "the requests of a key ('key'), of the app's own UI ('app'), or of no valid credentials ('none')",
      }),
    ),
    status: Type.Optional(Type.String({ pattern: '^([1-5][0-9][0-9]|[1-5]xx)$', description: 'an exact status (404) or a class (4xx)' })),
    path: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'a path prefix, e.g. /api/v1/open/orders' })),
    since: Type.Optional(Type.String({ format: 'date-time', description: 'only requests at or after this time' })),
    requestId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'the X-Request-Id of one request' })),
    startingAfter: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'the entries after (older than) this id' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })),
});

/** The schemas of each route of admin/requests.ts, by method and path. */
export const adminRequestSchemas = {
  'GET /requests': {
    querystring: RequestLogQuery,
    response: Type.Object({
      items: Type.Array(RequestSummary),
      limit: Type.Integer(),
      hasMore: Type.Boolean({ description: 'walk on with startingAfter = the last item\'s id' }),
    }),
  },
  'GET /requests/:id': { params: IdParam, response: RequestDetail },
};

/** The static types of what these routes take and answer. */
type Routes = typeof adminRequestSchemas;
export type RequestSummary = Static<typeof RequestSummary>;
export type RequestDetail = Static<typeof RequestDetail>;
export type RequestLogFilter = QueryOf<Routes['GET /requests']>;
export type RequestLogPage = ResponseOf<Routes['GET /requests']>;
