import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../src/main/core/auth/scopes.js';
import { adminRoutes } from '../../src/main/core/http/routes/admin/index.js';
import { openRoutes } from '../../src/main/core/http/routes/open/index.js';
import { request, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Walks the registered route tables, so every route added later is covered without new test code:
 * a key lacking the route's scope gets the contract's exact 403; no key gets 401; the admin API never
 * accepts an sk- key and the open API never accepts the admin token.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ empty: true });
});
afterAll(() => server.close());

const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('route table', () => {
  it('every open route names a scope from the list', () => {
    expect(openRoutes.length).toBeGreaterThan(0);
    for (const route of openRoutes) expect(SCOPES).toContain(route.scope);
  });

  it('has no two routes with the same method and path', () => {
    const seen = new Set<string>();
    for (const route of [...openRoutes.map((r) => `open ${r.method} ${r.url}`), ...adminRoutes.map((r) => `admin ${r.method} ${r.url}`)]) {
      expect(seen.has(route), route).toBe(false);
      seen.add(route);
    }
  });

  it.each(openRoutes.map((r) => [r.method, r.url, r.scope!] as const))('%s %s needs %s', async (method, url, scope) => {
    const others = SCOPES.filter((s) => s !== scope);
    const key = server.makeKey(others);
    const res = await server.api(method, concrete(url), { key, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: `Insufficient scope. Required: ${scope}. Your key has: ${others.join(', ')}`,
    });
  });

  it.each(openRoutes.map((r) => [r.method, r.url] as const))('%s %s without a key is 401', async (method, url) => {
    const res = await server.api(method, concrete(url), { key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid API Key' });
  });

  it.each(adminRoutes.map((r) => [r.method, r.url] as const))('admin %s %s refuses an sk- key', async (method, url) => {
    const res = await request(`${server.running.origin}/api/v1/admin`, method, concrete(url), { bearer: server.key });
    expect(res.status).toBe(401);
  });

  it('the open API refuses the admin token', async () => {
    const res = await server.api('GET', '/cart', { key: server.running.core.adminToken });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Invalid API Key');
  });
});
