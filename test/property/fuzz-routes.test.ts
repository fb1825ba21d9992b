import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { TSchema } from 'typebox';
import { ERROR_CODES } from '../../src/contract/error-codes.js';
import { adminRoutes } from '../../src/main/core/http/routes/admin/index.js';
import { openRoutes } from '../../src/main/core/http/routes/open/index.js';
import { servedRoutesOf, type ServedRoute } from '../../src/main/core/http/server.js';
import { request, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * "Never a 500 for input a client can send": every API route the server serves (its route tables, the CSV
 * exports, and whatever another module mounts: worlds, MCP, imports, read from the server itself, so a
 * new route is fuzzed the day it lands) gets random path parameters, query strings and JSON bodies (built
 * from the route's own field names with values of any type), and must answer below 500, in the error
 * shape when it refuses. CROSSBUY_DEEP=1 sends many more.
 */
const RUNS_PER_ROUTE = process.env.CROSSBUY_DEEP ? 200 : 12;

// Started while the file is collected: the cases are the routes this very server serves.
const server: TestServer = await startTestServer();
await server.admin('PUT', '/autopilot', { pace: 'off' });
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

function fieldsOf(schema: TSchema | unknown): string[] {
  const properties = (schema as { properties?: Record<string, unknown> } | undefined)?.properties;
  return properties ? Object.keys(properties) : [];
}

function requestFor(route: ServedRoute) {
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

/**
 * The error shape: statusCode, error and message, plus only the documented additive fields (`code` one of
 * ERROR_CODES, `field` a name; `required` and `available` amounts beside insufficient_balance), so no
 * internal ever rides along.
 */
function expectErrorShape(body: unknown, status: number, seen?: string): void {
  const { code, field, required, available, ...base } = body as Record<string, unknown>;
  expect(base, seen).toEqual({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  if (code !== undefined) expect(ERROR_CODES, seen).toContain(code);
  if (field !== undefined) expect(field, seen).toMatch(/^[A-Za-z][\w.[\]]*$/);
  const amounts = code === 'insufficient_balance' ? { required: expect.any(Number), available: expect.any(Number) } : { required: undefined, available: undefined };
  expect({ required, available }, seen).toEqual(amounts);
}

/**
 * Every API route served, but the demo reset (it replaces the data the other routes are fuzzed on) and the
 * event stream (it never ends; its own edge test is below). HEAD routes come with their GETs.
 */
const NOT_FUZZED = new Set(['POST /api/v1/admin/data/reset', 'GET /api/v1/open/events']);
function fuzzedRoutes(): (readonly ['open' | 'admin', ServedRoute])[] {
  return servedRoutesOf(server.running.app)
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !NOT_FUZZED.has(`${r.method} ${r.url}`))
    .map((r) => [r.url.startsWith('/api/v1/admin') ? 'admin' : 'open', r] as const);
}
/** The tables' routes, as served: each must be among the fuzzed ones. */
const tables = [
  ...openRoutes.map((r) => ['open', `/api/v1/open${r.url}`, r.method] as const),
  ...adminRoutes.filter((r) => r.url !== '/data/reset').map((r) => ['admin', `/api/v1/admin${r.url}`, r.method] as const),
];

it('fuzzes every served API route: the route tables and every route mounted beside them', () => {
  const served = new Set(fuzzedRoutes().map(([, r]) => `${r.method} ${r.url}`));
  for (const [, url, method] of tables) expect(served.has(`${method} ${url}`), `${method} ${url}`).toBe(true);
  // The CSV exports are served beside the tables: fuzzed too.
  expect([...served].some((r) => r.includes('/exports/'))).toBe(true);
});

/** The cases: one per served route, named by method and URL. */
const cases = () => fuzzedRoutes().map(([kind, r]) => [`${kind} ${r.method} ${r.url}`, kind, r] as const);

describe('random input never breaks a route', () => {
  it.each(cases())('%s', async (_name, kind, route) => {
    const base = server.running.origin;
    const bearer = kind === 'open' ? server.key : server.running.core.adminToken;
    await fc.assert(
      fc.asyncProperty(requestFor(route), async ({ params, query, body }) => {
        const search = new URLSearchParams(query as Record<string, string>).toString();
        const path = fill(route.url, params) + (search ? `?${search}` : '');
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await request(base, route.method, path, { bearer, body: withBody ? body : undefined });
        expect(res.status, `${route.method} ${path} ${JSON.stringify(body)} -> ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expectErrorShape(res.body, res.status);
        }
      }),
      { numRuns: RUNS_PER_ROUTE },
    );
  }, 120_000);
});

/**
 * What the probing of issue 11 found: cookies and arbitrary headers, HEAD and OPTIONS, numbers at and past
 * every bound (and in every spelling: 1e20, Infinity, -0, 2^53+1, hex, exponents), non-UTF-8 charsets. Every
 * served API route; CROSSBUY_DEEP=1 with the property above sends well over 20,000 inputs.
 */
const CLI = resolve(import.meta.dirname, '../../bin/crossbuy.js');
const EDGE_RUNS_PER_ROUTE = process.env.CROSSBUY_DEEP ? 240 : 4;

const edgeNumber = fc.constantFrom(
  '1e20', 'Infinity', '-Infinity', '1e400', '-0', '0', '-1', '1', '100', '101', '4611686018427387904', '9007199254740991',
  '9007199254740992', '9007199254740993', '0x10', '1e3', '1.5', 'NaN', '1_000', ' 1', '%00', '99999999999999999999',
);
const edgeJsonNumber = fc.constantFrom('1e20', '1e400', '-1e400', '-0', '0', '4611686018427387904', '9007199254740993', '1.5', '100000', '1000000', '0.001');
const cookieValue = fc.oneof(fc.constantFrom('%', '%E0%A4%A', '%zz', '"', 'a=b=c', ''), fc.string({ maxLength: 8 }));
const headerName = fc.constantFrom('x-request-id', 'accept', 'accept-encoding', 'range', 'if-none-match', 'last-event-id', 'idempotency-key', 'x-crossbuy-client', 'origin', 'x-forwarded-for');
const headerValue = fc.oneof(fc.string({ maxLength: 20 }).filter((v) => /^[\x20-\x7e]*$/.test(v)), fc.constantFrom('ui', 'bytes=0-0', '*', 'null', '\t'));
const charset = fc.constantFrom('utf-8', 'UTF-8', 'utf-16', 'utf-16le', 'latin1', 'iso-8859-1', 'x-unknown', '"utf-8"');
const method = fc.constantFrom('SAME', 'SAME', 'HEAD', 'OPTIONS');

function edgeRequestFor(route: ServedRoute) {
  const params = (route.url.match(/:([A-Za-z]+)/g) ?? []).map((p) => p.slice(1));
  const queryFields = [...fieldsOf(route.schema.querystring), 'page', 'limit'];
  const bodyFields = fieldsOf(route.schema.body);
  return fc.record({
    method,
    params: fc.tuple(...params.map(() => edgeNumber)),
    query: fc.dictionary(fc.constantFrom(...queryFields), edgeNumber, { maxKeys: 3 }),
    body: fc.dictionary(fc.constantFrom(...(bodyFields.length ? bodyFields : ['x'])), edgeJsonNumber, { maxKeys: 4 }),
    cookie: fc.option(fc.tuple(fc.constantFrom('crossbuy_session', 'other'), cookieValue)),
    headers: fc.dictionary(headerName, headerValue, { maxKeys: 3 }),
    charset: fc.option(charset),
  });
}

describe('edges never break a route', () => {
  it.each(cases())('%s', async (_name, kind, route) => {
    const base = server.running.origin;
    const bearer = kind === 'open' ? server.key : server.running.core.adminToken;
    await fc.assert(
      fc.asyncProperty(edgeRequestFor(route), async (input) => {
        const search = Object.entries(input.query).map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        const path = fill(route.url, input.params) + (search ? `?${search}` : '');
        const verb = input.method === 'SAME' ? route.method : input.method;
        const headers: Record<string, string> = { ...input.headers };
        if (input.cookie) headers.cookie = `${input.cookie[0]}=${input.cookie[1]}`;
        const withBody = verb !== 'GET' && verb !== 'DELETE' && verb !== 'HEAD' && verb !== 'OPTIONS';
        let raw: string | undefined;
        if (withBody) {
          raw = `{${Object.entries(input.body).map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
          headers['content-type'] = `application/json${input.charset ? `; charset=${input.charset}` : ''}`;
        }
        const res = await request(base, verb, path, { bearer, raw, headers });
        const seen = `${verb} ${path} ${JSON.stringify(headers)} ${raw ?? ''} -> ${res.status} ${JSON.stringify(res.body)}`;
        expect(res.status, seen).toBeLessThan(500);
        expect(res.headers.get('x-request-id'), seen).toBeTruthy();
        if (res.status >= 400 && verb !== 'HEAD') {
          expectErrorShape(res.body, res.status, seen);
        }
      }),
      { numRuns: EDGE_RUNS_PER_ROUTE },
    );
  }, 300_000);

  it('HEAD and OPTIONS on the event stream answer and end', async () => {
    for (const verb of ['HEAD', 'OPTIONS']) {
      const res = await fetch(`${server.baseUrl}/events`, { method: verb, headers: { authorization: `Bearer ${server.key}`, cookie: 'crossbuy_session=%' }, signal: AbortSignal.timeout(5000) });
      expect(res.status, verb).toBeLessThan(500);
      await res.text();
    }
  });

  it('doctor finds nothing wrong after the fuzz', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'doctor', '--data', server.dataDir], { timeout: 60_000 });
    expect(stdout).toContain('all checks passed');
  }, 90_000);
});
