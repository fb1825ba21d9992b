import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoutes } from '../../src/main/core/http/routes/admin/index.js';
import { openRoutes } from '../../src/main/core/http/routes/open/index.js';
import type { RouteSpec } from '../../src/main/core/http/route.js';
import { request, startTestServer, type TestServer } from '../helpers/server.js';

/** The two OpenAPI documents (server.ts): each describes exactly its own route table. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Fastify's /orders/:id as OpenAPI's /orders/{id}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const operations = (table: readonly RouteSpec[]) => table.map((r) => [r.method, openApiPath(r.url)] as const);

describe('admin OpenAPI document', () => {
  it('needs the admin token (or the operator session); an sk- key or nothing is 401', async () => {
    const origin = server.running.origin;
    expect((await request(origin, 'GET', '/api/v1/admin/openapi.json')).status).toBe(401);
    expect((await request(origin, 'GET', '/api/v1/admin/openapi.json', { bearer: server.key })).status).toBe(401);
    const withToken = await request(origin, 'GET', '/api/v1/admin/openapi.json', { bearer: server.running.core.adminToken });
    expect(withToken.status).toBe(200);
    expect(withToken.body.openapi).toBe('3.1.0');
    expect(withToken.body.servers).toEqual([{ url: '/api/v1/admin' }]);
    const withCookie = await request(origin, 'GET', '/api/v1/admin/openapi.json', {
      headers: { cookie: `crossbuy_session=${server.running.sessionToken}` },
    });
    expect(withCookie.status).toBe(200);
  });

  it('documents every admin route, and no open route', async () => {
    const doc = (await request(server.running.origin, 'GET', '/api/v1/admin/openapi.json', { bearer: server.running.core.adminToken })).body;
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const [method, path] of operations(adminRoutes)) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(operations(adminRoutes).map(([m, p]) => `${m} ${p}`).sort());
  });
});

describe('open OpenAPI document', () => {
  it('documents every open route and none of the back office', async () => {
    const doc = (await request(server.running.origin, 'GET', '/api/v1/open/openapi.json')).body;
    for (const [method, path] of operations(openRoutes)) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    const adminOnly = operations(adminRoutes).filter(([m, p]) => !operations(openRoutes).some(([om, op]) => om === m && op === p));
    for (const [method, path] of adminOnly) expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeUndefined();
  });

  it('lists the answers a route can give: a 404 for a body naming an unknown record, no 402 for a refund, the scenario header', async () => {
    const doc = (await request(server.running.origin, 'GET', '/api/v1/open/openapi.json')).body;
    const op = (method: string, path: string) => doc.paths[path][method] as { responses: Record<string, unknown>; parameters?: { in: string; name: string }[] };
    // Each of these answered 404 for an unknown product, SKU, coupon, channel or package, and listed none.
    for (const [method, path] of [['post', '/orders'], ['post', '/cart/items'], ['post', '/cart/items/batch'], ['post', '/user/favorites'], ['post', '/shipping/create'], ['post', '/shipping/rehearsals']]) {
      expect(Object.keys(op(method!, path!).responses), `${method} ${path}`).toContain('404');
    }
    // A cancel only gives money back: it can never be short.
    expect(Object.keys(op('post', '/shipping/orders/{id}/cancel').responses)).not.toContain('402');
    expect(Object.keys(op('post', '/orders').responses)).toContain('402');
    for (const path of ['/orders', '/shipping/create', '/user/wallet/top-ups', '/user/wallet/top-ups/preview']) {
      expect(op('post', path).parameters?.map((p) => `${p.in}:${p.name}`), path).toContain('header:Crossbuy-Scenario');
    }
    expect(op('post', '/cart/items').parameters?.map((p) => p.name) ?? []).not.toContain('Crossbuy-Scenario');
  });
});

describe('/docs', () => {
  it('offers both documents', async () => {
    const init = await fetch(`${server.running.origin}/docs/static/swagger-initializer.js`);
    expect(init.status).toBe(200);
    const text = await init.text();
    expect(text).toContain('/api/v1/open/openapi.json');
    expect(text).toContain('/api/v1/admin/openapi.json');
  });

  it('runs only its own scripts, allows inline styles, and loads nothing from outside this machine', async () => {
    const page = await fetch(`${server.running.origin}/docs/static/index.html`);
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy') ?? '';
    const directives = new Map(policy.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
    // Scripts only from the service itself (swagger-ui's initializer is a file of its own): nothing inline.
    expect(directives.get('script-src')).toEqual(["'self'"]);
    // swagger-ui writes style attributes as it renders: each was blocked, an error in the console.
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(policy).not.toMatch(/https:|validator\.swagger\.io|upgrade-insecure-requests/);
  });
});
