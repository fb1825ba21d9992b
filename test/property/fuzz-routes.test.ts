import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSchema } from 'typebox';
import { adminRoutes } from '../../src/main/core/http/routes/admin/index.js';
import { openRoutes } from '../../src/main/core/http/routes/open/index.js';
import type { RouteSpec } from '../../src/main/core/http/route.js';
import { request, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * "Never a 500 for input a client can send": every route of both tables gets random path parameters,
 * query strings and JSON bodies (built from the route's own field names with values of any type), and
 * must answer below 500, in the error shape when it refuses. CROSSBUY_DEEP=1 sends many more.
 */
const RUNS_PER_ROUTE = process.env.CROSSBUY_DEEP ? 200 : 12;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.admin('PUT', '/autopilot', { pace: 'off' });
});
afterAll(() => server.close());

const scalar = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -5, max: 2_000_000 }),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', 'all', 'US', 'taobao', 'pending', '1', '3d', 'RESET', '127.0.0.1', 'http://127.0.0.1:9/x', '9'.repeat(30)),
);
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 6 }), scalar, { maxKeys: 3 }));

function fieldsOf(schema: TSchema | undefined): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

function requestFor(route: RouteSpec) {
  const params = (route.url.match(/:([A-Za-z]+)/g) ?? []).map((p) => p.slice(1));
  const queryFields = [...fieldsOf(route.schema.querystring), 'page', 'limit'];
  const bodyFields = fieldsOf(route.schema.body);
  return fc.record({
    params: fc.tuple(...params.map(() => fc.oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.integer({ min: -1, max: 1e9 }).map(String)))),
    query: fc.dictionary(fc.constantFrom(...queryFields), fc.oneof(fc.string({ maxLength: 12 }), fc.integer().map(String)), { maxKeys: 3 }),
    body: fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...(bodyFields.length ? bodyFields : ['x'])), value, { maxKeys: 5 }) },
      { weight: 1, arbitrary: value },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
  });
}

function fill(url: string, params: readonly string[]): string {
  let i = 0;
  return url.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(params[i++] ?? 'x'));
}

const tables = [
  ...openRoutes.map((r) => ['open', r] as const),
  ...adminRoutes.filter((r) => r.url !== '/data/reset').map((r) => ['admin', r] as const),
];

describe('random input never breaks a route', () => {
  it.each(tables.map(([kind, r]) => [`${kind} ${r.method} ${r.url}`, kind, r] as const))('%s', async (_name, kind, route) => {
    const base = kind === 'open' ? server.baseUrl : `${server.running.origin}/api/v1/admin`;
    const bearer = kind === 'open' ? server.key : server.running.core.adminToken;
    await fc.assert(
      fc.asyncProperty(requestFor(route), async ({ params, query, body }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const path = fill(route.url, params) + (search ? `?${search}` : '');
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await request(base, route.method, path, { bearer, body: withBody ? body : undefined });
        expect(res.status, `${route.method} ${path} ${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.body).toEqual({ statusCode: res.status, error: expect.any(String), message: expect.any(String) });
        }
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  }, 120_000);
});
