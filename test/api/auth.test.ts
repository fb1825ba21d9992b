import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey, revokeApiKey } from '../../src/main/core/auth/api-keys.js';
import { request, startTestServer, tableCounts, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ empty: true });
});
afterAll(() => server.close());

const INVALID = { statusCode: 401, error: 'Unauthorized', message: 'Invalid API Key' };

describe('authentication', () => {
  it.each([
    ['missing', undefined],
    ['not bearer', 'Basic abc'],
    ['malformed', 'Bearer sk-short'],
    ['unknown', `Bearer sk-${'a'.repeat(48)}`],
  ])('401 for a %s key', async (_label, header) => {
    const res = await request(server.baseUrl, 'GET', '/cart', { headers: header ? { authorization: header } : {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  it('stores only a hash and a preview of a key', () => {
    const row = server.running.core.ctx.db.prepare('SELECT * FROM api_keys ORDER BY id LIMIT 1').get() as Record<string, unknown>;
    expect(row.hash).toBe(hashKey(server.key));
    expect(JSON.stringify(row)).not.toContain(server.key);
    expect(row.prefix).toBe(server.key.slice(0, 7));
    expect(row.last4).toBe(server.key.slice(-4));
    expect(server.key).toMatch(/^sk-[0-9A-Za-z]{40,}$/);
  });

  it('401 for a revoked or expired key', async () => {
    const revoked = server.makeKey();
    const id = (server.running.core.ctx.db.prepare('SELECT id FROM api_keys WHERE hash = ?').get(hashKey(revoked)) as { id: number }).id;
    expect((await server.api('GET', '/cart', { key: revoked })).status).toBe(200); // now cached as valid
    revokeApiKey(server.running.core.ctx, id);
    expect((await server.api('GET', '/cart', { key: revoked })).body).toEqual(INVALID);
    const expired = server.makeKey(undefined, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await server.api('GET', '/cart', { key: expired })).body).toEqual(INVALID);
  });

  it('403 outside the IP allowlist, 200 inside it (CIDR)', async () => {
    const outside = server.makeKey(undefined, { allowedIps: ['10.0.0.0/8'] });
    const res = await server.api('GET', '/cart', { key: outside });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'IP address 127.0.0.1 is not allowed for this API key' });
    const inside = server.makeKey(undefined, { allowedIps: ['127.0.0.0/8', '::1'] });
    expect((await server.api('GET', '/cart', { key: inside })).status).toBe(200);
  });
});

describe('revocation from another process', () => {
  it('takes effect on the next request to a running server (the CLI revokes beside it)', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const { join } = await import('node:path');
    const key = server.makeKey();
    expect((await server.api('GET', '/cart', { key })).status).toBe(200);
    const id = (server.running.core.ctx.db.prepare('SELECT id FROM api_keys WHERE hash = ?').get(hashKey(key)) as { id: number }).id;
    const cli = join(import.meta.dirname, '..', '..', 'bin', 'crossbuy.js');
    await promisify(execFile)(process.execPath, [cli, 'keys', 'revoke', String(id), '--data', server.dataDir]);
    expect((await server.api('GET', '/cart', { key })).body).toEqual(INVALID);
  });
});

describe('rate limit', () => {
  it('carries X-RateLimit-* on every authenticated response and 429s past the limit with Retry-After', async () => {
    const key = server.makeKey(undefined, { rateLimit: 3 });
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await server.api('GET', '/cart', { key });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      seen.push(Number(res.headers.get('x-ratelimit-remaining')));
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThan(Date.now() / 1000);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
    }
    expect(seen).toEqual([2, 1, 0]);
    const limited = await server.api('GET', '/cart', { key });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('Too Many Requests');
    expect(limited.body.message).toMatch(/^Rate limit exceeded\. Try again in \d+s$/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(limited.body.message).toBe(`Rate limit exceeded. Try again in ${retryAfter}s`);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    // Limits are per key: another key is unaffected.
    expect((await server.api('GET', '/cart')).status).toBe(200);
  });

  it('headers also ride on error responses after authentication', async () => {
    const res = await server.api('GET', '/products/999999');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-ratelimit-limit')).not.toBeNull();
  });
});

describe('request hygiene', () => {
  it('400 for malformed JSON, writing nothing', async () => {
    const before = tableCounts(server);
    const res = await server.api('POST', '/cart/items', { raw: '{"productId": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Request body is not valid JSON' });
    expect(tableCounts(server)).toEqual(before);
  });

  it('415 for a body that is not JSON', async () => {
    const res = await server.api('POST', '/cart/items', { raw: 'productId=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe('Unsupported Media Type');
  });

  it('413 for a body over 1 MiB', async () => {
    const res = await server.api('POST', '/cart/items', { raw: JSON.stringify({ remark: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: expect.any(String) });
  });

  it('404 in the error shape for an unknown route', async () => {
    const res = await server.api('GET', '/nowhere');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Route GET /api/v1/open/nowhere not found' });
  });

  it('refuses a Host that is not a loopback name (DNS rebinding)', async () => {
    const { request: raw } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const req = raw({ host: '127.0.0.1', port: server.running.port, path: '/api/v1/open/cart', headers: { host: 'evil.example:4680', authorization: `Bearer ${server.key}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(403);
  });

  it('binds to 127.0.0.1 only', () => {
    const address = server.running.app.server.address();
    expect(typeof address === 'object' && address?.address).toBe('127.0.0.1');
  });
});

describe('documentation', () => {
  it('serves an OpenAPI 3.1 document listing the open routes, and the docs page', async () => {
    const doc = await request(server.running.origin, 'GET', '/api/v1/open/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe('3.1.0');
    expect(doc.body.paths['/cart']).toBeDefined();
    expect(doc.body.paths['/products/{id}']).toBeDefined();
    expect(Object.keys(doc.body.paths).some((p) => p.includes('admin'))).toBe(false);
    const page = await fetch(`${server.running.origin}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
  });
});

describe('headless UI guard', () => {
  it('locks / without the token, sets a session cookie with it, and the cookie needs the UI header on the API', async () => {
    const origin = server.running.origin;
    expect((await fetch(`${origin}/`)).status).toBe(401);
    expect((await fetch(`${origin}/?token=wrong`, { redirect: 'manual' })).status).toBe(401);
    const ok = await fetch(`${origin}/?token=${server.running.sessionToken}`, { redirect: 'manual' });
    expect(ok.status).toBe(303);
    const cookie = ok.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const session = cookie.split(';')[0]!;
    expect((await fetch(`${origin}/`, { headers: { cookie: session } })).status).toBe(200);
    expect((await fetch(`${origin}/api/v1/open/cart`, { headers: { cookie: session } })).status).toBe(401);
    expect((await fetch(`${origin}/api/v1/open/cart`, { headers: { cookie: session, 'x-crossbuy-client': 'ui' } })).status).toBe(200);
  });
});
