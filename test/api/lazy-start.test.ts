import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LOG_FILE } from '../../src/main/core/requests/request-log.js';
import { responseSerializersOf } from '../../src/main/core/http/server.js';
import { adminRoutes } from '../../src/main/core/http/routes/admin/index.js';
import { openRoutes } from '../../src/main/core/http/routes/open/index.js';
import { request, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * What a server start leaves for later (docs/PERFORMANCE.md, "Cold start"): response serializers are
 * compiled on a route's first answer, and the request log's thread starts with the first entry. Both
 * must still be what they were when made at start-up.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('the request log, started with its first entry', () => {
  it('has no thread nor database before a request, and logs the first one', async () => {
    const fresh = await startTestServer();
    try {
      const file = join(fresh.dataDir, REQUEST_LOG_FILE);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(file)).toBe(false);
      expect((await fresh.api('GET', '/cart', { headers: { 'x-request-id': 'first-of-all' } })).status).toBe(200);
      const page = (await fresh.admin('GET', '/requests?requestId=first-of-all')).body.data;
      expect(page.items).toHaveLength(1);
      expect(existsSync(file)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});

describe('response serializers, compiled on first use', () => {
  it('every route table entry has its serializers (its status and 4xx), and every one compiles', () => {
    const serializers = responseSerializersOf(server.running.app);
    const tableUrls = new Set([...openRoutes.map((r) => `${r.method} /api/v1/open${r.url}`), ...adminRoutes.map((r) => `${r.method} /api/v1/admin${r.url}`)]);
    const made = new Set(serializers.map((s) => `${s.route.method} ${s.route.url}`));
    for (const route of tableUrls) expect(made.has(route), route).toBe(true);
    for (const serializer of serializers) expect(() => serializer.compile(), `${serializer.route.method} ${serializer.route.url}`).not.toThrow();
  });

  it('a route answers through its schema: fields outside it are left out, as before', async () => {
    const cart = await request(server.running.origin, 'GET', '/api/v1/open/cart', { bearer: server.key });
    expect(cart.status).toBe(200);
    expect(Object.keys(cart.body)).toEqual(['data']);
    const missing = await request(server.running.origin, 'GET', '/api/v1/open/orders/PO-NOPE', { bearer: server.key });
    expect(missing.status).toBe(404);
    expect(Object.keys(missing.body).sort()).toEqual(['error', 'message', 'statusCode']);
  });
});
