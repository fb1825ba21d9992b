import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_LOG_FILE } from '../../../src/main/core/requests/request-log.js';
import { request, startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const log = async (query = '') => (await server.admin('GET', `/requests${query}`)).body.data;

describe('the request log', () => {
  it('records a keyed request with its id, key, status, query and bodies', async () => {
    const key = server.makeKey(['products:read']);
    const sent = await server.api('GET', '/products/search?q=nothing-matches-this&limit=3', { key, headers: { 'x-request-id': 'log-test-1' } });
    expect(sent.status).toBe(200);
    const page = await log('?requestId=log-test-1');
    expect(page.items).toHaveLength(1);
    const entry = page.items[0];
    expect(entry).toMatchObject({
      requestId: 'log-test-1',
      method: 'GET',
      path: '/api/v1/open/products/search',
      query: 'q=nothing-matches-this&limit=3',
      status: 200,
      key: { name: 'test' },
    });
    expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    const detail = (await server.admin('GET', `/requests/${entry.id}`)).body.data;
    expect(detail.requestBody).toEqual({ text: null, bytes: 0, truncated: false });
    expect(JSON.parse(detail.responseBody.text)).toEqual(sent.body);
  });

  it('records failures too: 401 without a key (key null), 403 scope and 404 unknown route with the key', async () => {
    const key = server.makeKey(['cart:read']);
    await server.api('GET', '/cart', { key: null, headers: { 'x-request-id': 'log-401' } });
    await server.api('GET', '/orders', { key, headers: { 'x-request-id': 'log-403' } });
    await server.api('GET', '/no-such-route', { key, headers: { 'x-request-id': 'log-404' } });
    const byId = async (id: string) => (await log(`?requestId=${id}`)).items[0];
    expect(await byId('log-401')).toMatchObject({ status: 401, key: null });
    expect(await byId('log-403')).toMatchObject({ status: 403, key: { name: 'test' } });
    expect(await byId('log-404')).toMatchObject({ status: 404, path: '/api/v1/open/no-such-route' });
    const error = await server.admin('GET', `/requests/${(await byId('log-401')).id}`);
    expect(JSON.parse(error.body.data.responseBody.text)).toMatchObject({ statusCode: 401 });
  });

  it('tells the app\'s own UI (the operator\'s session) from a key and from no valid key, and filters by it', async () => {
    const key = server.makeKey(['cart:read']);
    const ui = { cookie: `crossbuy_session=${server.running.sessionToken}`, 'x-crossbuy-client': 'ui' };
    await server.api('GET', '/cart', { key: null, headers: { ...ui, 'x-request-id': 'log-by-app' } });
    await server.api('GET', '/cart', { key, headers: { 'x-request-id': 'log-by-key' } });
    await server.api('GET', '/cart', { key: null, headers: { 'x-request-id': 'log-by-none' } });
    // The session cookie without the UI's header is not the UI (and is refused): no valid credentials.
    await server.api('GET', '/cart', { key: null, headers: { cookie: ui.cookie, 'x-request-id': 'log-cookie-only' } });
    const byId = async (id: string) => (await log(`?requestId=${id}`)).items[0];
    expect(await byId('log-by-app')).toMatchObject({ status: 200, key: null, caller: 'app' });
    expect(await byId('log-by-key')).toMatchObject({ status: 200, key: { name: 'test' }, caller: 'key' });
    expect(await byId('log-by-none')).toMatchObject({ status: 401, key: null, caller: null });
    expect(await byId('log-cookie-only')).toMatchObject({ status: 401, caller: null });
    const ids = async (caller: string) => (await log(`?caller=${caller}&limit=100`)).items.map((i: { requestId: string }) => i.requestId);
    expect(await ids('app')).toContain('log-by-app');
    expect(await ids('app')).not.toContain('log-by-key');
    expect(await ids('key')).toContain('log-by-key');
    expect(await ids('key')).not.toContain('log-by-app');
    expect(await ids('none')).toEqual(expect.arrayContaining(['log-by-none', 'log-cookie-only']));
    expect(await ids('none')).not.toContain('log-by-app');
    expect((await server.admin('GET', '/requests?caller=robot')).status).toBe(400);
  });

  it('never records the admin API, nor the Authorization header', async () => {
    const page = await log('?limit=100');
    expect(page.items.every((e: { path: string }) => e.path.startsWith('/api/v1/open'))).toBe(true);
    expect(JSON.stringify(page)).not.toContain(server.key);
  });

  it('masks API keys in bodies and query strings', async () => {
    const leaked = server.makeKey(['cart:read']);
    await server.api('POST', '/cart/items', { body: { productId: '1', skuId: 'x', quantity: 1, remark: `my key is ${leaked}` }, headers: { 'x-request-id': 'log-secret' } });
    await server.api('GET', `/products/search?q=${leaked}`, { headers: { 'x-request-id': 'log-secret-q' } });
    const body = (await server.admin('GET', `/requests/${(await log('?requestId=log-secret')).items[0].id}`)).body.data;
    expect(body.requestBody.text).toContain('my key is sk-****');
    expect(JSON.stringify(body)).not.toContain(leaked);
    const query = (await log('?requestId=log-secret-q')).items[0];
    expect(query.query).toBe('q=sk-****');
  });

  it('keeps at most 4 KB of a body and says it cut it', async () => {
    const remark = 'é'.repeat(3000);
    await server.api('POST', '/cart/items', { body: { productId: '1', skuId: 'x', quantity: 1, remark }, headers: { 'x-request-id': 'log-big' } });
    const detail = (await server.admin('GET', `/requests/${(await log('?requestId=log-big')).items[0].id}`)).body.data;
    expect(detail.requestBody.truncated).toBe(true);
    expect(detail.requestBody.bytes).toBeGreaterThan(6000);
    expect(Buffer.byteLength(detail.requestBody.text)).toBeLessThanOrEqual(4096);
    expect(detail.requestBody.text).not.toContain('\uFFFD');
  });

  it('filters by key, status, class, path prefix and time, newest first, with cursor paging', async () => {
    const key = server.makeKey(['cart:read']);
    const keyId = (await server.admin('GET', '/keys')).body.data.at(-1).id;
    const before = new Date().toISOString();
    for (let i = 0; i < 5; i++) await server.api('GET', '/cart', { key, headers: { 'x-request-id': `walk-${i}` } });
    await server.api('GET', '/orders', { key, headers: { 'x-request-id': 'walk-403' } });

    const mine = await log(`?key=${keyId}`);
    expect(mine.items.map((e: { requestId: string }) => e.requestId)).toEqual(['walk-403', 'walk-4', 'walk-3', 'walk-2', 'walk-1', 'walk-0']);
    expect((await log(`?key=${keyId}&status=403`)).items.map((e: { requestId: string }) => e.requestId)).toEqual(['walk-403']);
    expect((await log(`?key=${keyId}&status=2xx`)).items).toHaveLength(5);
    expect((await log(`?key=${keyId}&path=/api/v1/open/ord`)).items).toHaveLength(1);
    expect((await log(`?since=${encodeURIComponent(before)}&key=${keyId}`)).items).toHaveLength(6);
    expect((await log(`?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).items).toHaveLength(0);

    const walked: string[] = [];
    let cursor = '';
    for (;;) {
      const page = await log(`?key=${keyId}&limit=4${cursor}`);
      walked.push(...page.items.map((e: { requestId: string }) => e.requestId));
      if (!page.hasMore) break;
      cursor = `&startingAfter=${page.items.at(-1).id}`;
    }
    expect(walked).toEqual(mine.items.map((e: { requestId: string }) => e.requestId));
  });

  it('records a streamed answer and the event stream when they close, their durations covering the stream', async () => {
    // A CSV export is a stream: logged once its response closes, without a body.
    const exported = await fetch(`${server.baseUrl}/exports/orders.csv`, { headers: { authorization: `Bearer ${server.key}`, 'x-request-id': 'log-export' } });
    expect(exported.status).toBe(200);
    await exported.text();
    // The event stream writes to the socket itself (no onSend): logged when the client hangs up.
    const controller = new AbortController();
    const opened = await fetch(`${server.baseUrl}/events`, { headers: { authorization: `Bearer ${server.key}`, 'x-request-id': 'log-stream' }, signal: controller.signal });
    expect(opened.status).toBe(200);
    const reader = opened.body!.getReader();
    await reader.read(); // the stream's first comment: it is open
    expect((await log('?requestId=log-stream')).items).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    controller.abort();
    await reader.read().catch(() => undefined);
    const byId = async (id: string) => {
      for (let tries = 0; tries < 50; tries++) {
        const found = (await log(`?requestId=${id}`)).items[0];
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return undefined;
    };
    expect(await byId('log-export')).toMatchObject({ method: 'GET', path: '/api/v1/open/exports/orders.csv', status: 200 });
    const stream = await byId('log-stream');
    expect(stream).toMatchObject({ method: 'GET', path: '/api/v1/open/events', status: 200 });
    expect(stream.durationMs).toBeGreaterThanOrEqual(250);
    const detail = (await server.admin('GET', `/requests/${stream.id}`)).body.data;
    expect(detail.responseBody).toEqual({ text: null, bytes: 0, truncated: false });
  });

  it('refuses bad filters and unknown ids in the error shape', async () => {
    expect((await server.admin('GET', '/requests?status=4x')).status).toBe(400);
    expect((await server.admin('GET', '/requests?since=yesterday')).status).toBe(400);
    // A date-time the schema's format accepts but Date cannot read (a leap second): 400, not every entry.
    const leap = await server.admin('GET', '/requests?since=2026-06-30T23:59:60Z');
    expect(leap.status).toBe(400);
    expect(leap.body.message).toMatch(/since/);
    expect((await server.admin('GET', '/requests?limit=0')).status).toBe(400);
    const missing = await server.admin('GET', '/requests/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('is not reachable with an API key', async () => {
    expect((await request(server.running.origin, 'GET', '/api/v1/admin/requests', { bearer: server.key })).status).toBe(401);
  });

  it('keeps only the last requestLogLimit entries, dropping the oldest', async () => {
    expect((await server.admin('PUT', '/settings', { requestLogLimit: 100 })).body.data.requestLogLimit).toBe(100);
    for (let i = 0; i < 130; i++) await server.api('GET', '/cart', { headers: { 'x-request-id': `bound-${i}` } });
    const shown: { id: number; requestId: string }[] = [];
    for (let page = await log('?limit=100'); ; page = await log(`?limit=100&startingAfter=${shown[shown.length - 1]!.id}`)) {
      shown.push(...page.items);
      if (!page.hasMore) break;
    }
    expect(shown).toHaveLength(100);
    expect(shown[0]!.requestId).toBe('bound-129');
    expect(shown[99]!.requestId).toBe('bound-30');
    expect((await log('?requestId=bound-129')).items).toHaveLength(1);
    expect((await log('?requestId=bound-0')).items).toHaveLength(0);
    // On disk too: every batch (what the server posted at once) wholly past the bound is gone; the one
    // that straddles it stays until it is wholly past (how many that is depends on how requests batched).
    const db = new Database(join(server.dataDir, REQUEST_LOG_FILE), { readonly: true });
    const batches = db.prepare('SELECT first_id, count FROM request_log_batches ORDER BY first_id').all() as { first_id: number; count: number }[];
    db.close();
    const newest = batches[batches.length - 1]!;
    const floor = newest.first_id + newest.count - 100;
    expect(batches[0]!.first_id + batches[0]!.count).toBeGreaterThan(floor);
    expect(batches[0]!.first_id).toBeGreaterThan(1);
    expect((await server.admin('PUT', '/settings', { requestLogLimit: 99 })).status).toBe(400);
  });
});
