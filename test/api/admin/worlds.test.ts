import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer, type ApiResponse, type TestServer } from '../../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const adminIn = (world: string | null, method: string, path: string, body?: unknown): Promise<ApiResponse> =>
  request(`${server.running.origin}/api/v1/admin`, method, path, {
    body,
    bearer: server.running.core.adminToken,
    headers: world ? { 'crossbuy-world': world } : {},
  });

const open = (key: string, method: string, path: string, body?: unknown) => server.api(method, path, { key, body });

async function createWorld(body: Record<string, unknown> = {}) {
  const res = await server.admin('POST', '/worlds', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; key: { id: number; secret: string; scopes: string[] }; seed: number; frozen: boolean };
}

async function balance(key: string): Promise<number> {
  const res = await open(key, 'GET', '/user/wallet/balance');
  expect(res.status).toBe(200);
  return res.body.data.balance;
}

describe('POST /admin/worlds', () => {
  it('creates a world with demo data and a key of every scope, usable at once', async () => {
    const res = await server.admin('POST', '/worlds', { id: 'w_created_one', name: 'first' });
    expect(res.status).toBe(201);
    const world = res.body.data;
    expect(world).toMatchObject({ id: 'w_created_one', name: 'first', frozen: false, expiresAt: null, steps: [] });
    expect(Number.isSafeInteger(world.seed)).toBe(true);
    expect(world.key.secret).toMatch(/^sk-/);
    const scopes = (await server.admin('GET', '/scopes')).body.data.scopes;
    expect(world.key.scopes).toEqual(scopes);
    expect(existsSync(join(server.dataDir, 'worlds', 'w_created_one', 'crossbuy.db'))).toBe(true);
    // demo data: the same starting balance a fresh data folder gets
    expect(await balance(world.key.secret)).toBe(await balance(server.key));
    const products = await open(world.key.secret, 'GET', '/products/search?limit=1');
    expect(products.body.data.items).toHaveLength(1);
    // the new key's rate limit is a test key's: 6000 a minute
    expect(products.headers.get('x-ratelimit-limit')).toBe('6000');
  });

  it('answers 409 for a taken id and 400 for a malformed one, making nothing', async () => {
    await createWorld({ id: 'w_taken_12345' });
    const again = await server.admin('POST', '/worlds', { id: 'w_taken_12345' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ statusCode: 409, error: 'Conflict' });
    for (const id of ['w_short', 'x_not_a_world_id', 'w_UPPER_case_id', `w_${'a'.repeat(41)}`]) {
      expect((await server.admin('POST', '/worlds', { id })).status, id).toBe(400);
    }
    expect((await server.admin('POST', '/worlds', { seed: -1 })).status).toBe(400);
    expect((await server.admin('POST', '/worlds', { seed: 2 ** 53 })).status).toBe(400);
    expect((await server.admin('POST', '/worlds', { ttl: '2 hours' })).status).toBe(400);
    expect((await server.admin('POST', '/worlds', { surprise: 1 })).status).toBe(400);
  });

  it('freezes a world by default when a seed is given, and keeps the seed', async () => {
    const world = await createWorld({ seed: 42 });
    expect(world).toMatchObject({ seed: 42, frozen: true });
    const unfrozen = await createWorld({ seed: 7, frozen: false });
    expect(unfrozen.frozen).toBe(false);
  });
});

describe('seeds', () => {
  it('two worlds made with one seed and clock start answer alike; another seed differs', async () => {
    const body = { seed: 4242, clockStart: '2026-03-02T09:00:00Z' };
    const [a, b, c] = [await createWorld(body), await createWorld(body), await createWorld({ ...body, seed: 4243 })];
    const place = async (key: string) => {
      const product = (await open(key, 'GET', '/products/search?limit=10')).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
      return (await open(key, 'POST', '/orders', { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] })).body.data;
    };
    // A world's own id is in its media URLs (and its events): masked, like key ids, for the comparison.
    const masked = (value: unknown, id: string) => JSON.parse(JSON.stringify(value).replaceAll(id, 'w_WORLD'));
    const [oa, ob, oc] = [await place(a.key.secret), await place(b.key.secret), await place(c.key.secret)];
    expect(masked(oa, a.id)).toEqual(masked(ob, b.id));
    expect(oa.orderNo).not.toBe(oc.orderNo);
    const statement = async (key: string) => (await open(key, 'GET', '/user/wallet/transactions?limit=50')).body.data;
    expect(await statement(a.key.secret)).toEqual(await statement(b.key.secret));
    expect((await server.admin('GET', `/worlds/${a.id}`)).body.data).toMatchObject({ seed: 4242, frozen: true, clock: '2026-03-02T09:00:00.000Z' });
  });
});

describe('maxWorlds', () => {
  it('refuses a world past the setting (the default world counts) with 409, and allows it again when raised', async () => {
    const total = (await server.admin('GET', '/worlds')).body.data.total as number;
    expect((await server.admin('PUT', '/settings', { maxWorlds: total + 2 })).body.data.maxWorlds).toBe(total + 2);
    await createWorld();
    const refused = await server.admin('POST', '/worlds', {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(String(total + 2));
    expect((await server.admin('GET', '/worlds')).body.data.total).toBe(total + 1);
    expect((await server.admin('PUT', '/settings', { maxWorlds: 10_001 })).status).toBe(400);
    await server.admin('PUT', '/settings', { maxWorlds: 10_000 });
    expect((await server.admin('POST', '/worlds', {})).status).toBe(201);
  });
});

describe('isolation between worlds', () => {
  it('a key reaches only its own world: 401 elsewhere, and nothing crosses', async () => {
    const a = await createWorld();
    const b = await createWorld();
    // A's key is unknown in B and in the default world, and the default key in A: the key selects the world.
    const before = { a: await balance(a.key.secret), b: await balance(b.key.secret), d: await balance(server.key) };
    expect((await adminIn(a.id, 'POST', '/wallet/deposit', { amount: 123.45 })).status).toBe(201);
    expect(await balance(a.key.secret)).toBeCloseTo(before.a + 123.45, 2);
    expect(await balance(b.key.secret)).toBe(before.b);
    expect(await balance(server.key)).toBe(before.d);

    // orders: one placed in A is not seen in B nor in the default world
    const product = (await open(a.key.secret, 'GET', '/products/search?limit=10')).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
    const placed = await open(a.key.secret, 'POST', '/orders', { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] });
    expect(placed.status).toBe(201);
    const orderNo = placed.body.data.orderNo;
    expect((await open(a.key.secret, 'GET', `/orders/${orderNo}`)).status).toBe(200);
    expect((await open(b.key.secret, 'GET', `/orders/${orderNo}`)).status).toBe(404);
    expect((await server.api('GET', `/orders/${orderNo}`)).status).toBe(404);

    // a key made in world A through the admin API (Crossbuy-World) belongs to A only
    const made = await adminIn(a.id, 'POST', '/keys', { name: 'second', scopes: ['all'] });
    expect(made.status).toBe(201);
    expect((await open(made.body.data.key, 'GET', `/orders/${orderNo}`)).status).toBe(200);
    const keysOfDefault = (await server.admin('GET', '/keys')).body.data as { name: string }[];
    expect(keysOfDefault.some((k) => k.name === 'second')).toBe(false);

    // events: A's order event is in A's log, not in the default world's
    const world = server.running.worlds.runtime(a.id)!;
    const typesA = (world.ctx.db.prepare('SELECT type FROM events').all() as { type: string }[]).map((r) => r.type);
    expect(typesA).toContain('order.created');
    const defaultOrders = server.running.core.ctx.db.prepare('SELECT COUNT(*) AS n FROM orders WHERE order_no = ?').get(orderNo) as { n: number };
    expect(defaultOrders.n).toBe(0);
  });

  it('rate-limit windows are per world: a key id of one world never spends another\'s', async () => {
    const a = await createWorld({ keyRateLimit: 2 });
    const b = await createWorld({ keyRateLimit: 2 });
    // Both keys are id 1 of their world; B's window is untouched by A's requests.
    expect(a.key.id).toBe(b.key.id);
    expect((await open(a.key.secret, 'GET', '/cart')).status).toBe(200);
    expect((await open(a.key.secret, 'GET', '/cart')).status).toBe(200);
    expect((await open(a.key.secret, 'GET', '/cart')).status).toBe(429);
    const inB = await open(b.key.secret, 'GET', '/cart');
    expect(inB.status).toBe(200);
    expect(inB.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('the request log of each world holds its own requests only', async () => {
    const a = await createWorld();
    await open(a.key.secret, 'GET', '/cart?from=world-a');
    await server.api('GET', '/cart?from=default-world');
    const inA = await adminIn(a.id, 'GET', '/requests?limit=100');
    expect(inA.status).toBe(200);
    const queriesA = (inA.body.data.items as { query: string }[]).map((i) => i.query);
    expect(queriesA).toContain('from=world-a');
    expect(queriesA).not.toContain('from=default-world');
    const inDefault = (await server.admin('GET', '/requests?limit=100')).body.data.items as { query: string }[];
    expect(inDefault.map((i) => i.query)).toContain('from=default-world');
    expect(inDefault.map((i) => i.query)).not.toContain('from=world-a');
    // an entry of A is not found through the default world
    const entryOfA = (inA.body.data.items as { id: number; query: string }[]).find((i) => i.query === 'from=world-a')!;
    expect((await server.admin('GET', `/requests/${entryOfA.id}`)).status).toBe(404);
    expect((await adminIn(a.id, 'GET', `/requests/${entryOfA.id}`)).status).toBe(200);
  });

  it('a deleted world\'s requests go with it: a new world of the same id starts with an empty log', async () => {
    const first = await createWorld({ id: 'w_log_reused_id' });
    await open(first.key.secret, 'GET', '/cart?from=first-life');
    const before = await adminIn(first.id, 'GET', '/requests?limit=100');
    const entryOfFirst = (before.body.data.items as { id: number; query: string }[]).find((i) => i.query === 'from=first-life')!;
    expect(entryOfFirst).toBeDefined();
    expect((await server.admin('DELETE', `/worlds/${first.id}`)).status).toBe(204);
    const second = await createWorld({ id: 'w_log_reused_id' });
    const after = await adminIn(second.id, 'GET', '/requests?limit=100');
    expect((after.body.data.items as { query: string }[]).map((i) => i.query)).not.toContain('from=first-life');
    // the first world's key 1 is not the second's: a recording of key 1 must not mix them either
    expect((await adminIn(second.id, 'GET', `/requests/${entryOfFirst.id}`)).status).toBe(404);
  });
});

describe('Crossbuy-World on the admin API', () => {
  it('selects the world; absent or `default` is the default world; unknown is 404 in the error shape', async () => {
    const a = await createWorld();
    const inA = await adminIn(a.id, 'GET', '/settings');
    expect(inA.status).toBe(200);
    expect((await adminIn(a.id, 'PUT', '/settings', { lowBalanceThreshold: 4321 })).status).toBe(200);
    expect((await adminIn(a.id, 'GET', '/settings')).body.data.lowBalanceThreshold).toBe(4321);
    expect((await adminIn('default', 'GET', '/settings')).body.data.lowBalanceThreshold).not.toBe(4321);
    expect((await adminIn(null, 'GET', '/settings')).body.data.lowBalanceThreshold).not.toBe(4321);
    const unknown = await adminIn('w_no_such_world', 'GET', '/settings');
    expect(unknown.status).toBe(404);
    // Coded, so a page on a world deleted elsewhere tells it from a 404 about something inside its world.
    expect(unknown.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'world_not_found' });
    expect(unknown.body.message).toContain('w_no_such_world');
    // A world named in a path is another matter (the registry's own 404): not coded.
    expect((await server.admin('GET', '/worlds/w_no_such_world')).body.code).toBeUndefined();
    // the admin token is checked before the world
    const noToken = await request(`${server.running.origin}/api/v1/admin`, 'GET', '/settings', { headers: { 'crossbuy-world': 'w_no_such_world' } });
    expect(noToken.status).toBe(401);
  });
});

describe('the operator\'s UI session', () => {
  it('works on the world Crossbuy-World names (its event stream: ?world=), on both APIs', async () => {
    const w = await createWorld();
    const session = { cookie: 'crossbuy_session=test-session-token', 'x-crossbuy-client': 'ui' };
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 55.5 });
    const inWorld = await request(server.baseUrl, 'GET', '/user/wallet/balance', { headers: { ...session, 'crossbuy-world': w.id } });
    expect(inWorld.status).toBe(200);
    expect(inWorld.body.data.balance).toBe(await balance(w.key.secret));
    const inDefault = await request(server.baseUrl, 'GET', '/user/wallet/balance', { headers: session });
    expect(inDefault.body.data.balance).toBe(await balance(server.key));
    expect((await request(server.baseUrl, 'GET', '/cart', { headers: { ...session, 'crossbuy-world': 'w_no_such_world' } })).status).toBe(404);
    const keys = await request(`${server.running.origin}/api/v1/admin`, 'GET', '/keys', { headers: { ...session, 'crossbuy-world': w.id } });
    expect((keys.body.data as { name: string }[]).map((k) => k.name)).toEqual(['world key']);

    // The page's EventSource sends the cookie alone: the world is in the query.
    const controller = new AbortController();
    const stream = await fetch(`${server.baseUrl}/events?world=${w.id}`, { headers: { cookie: session.cookie }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 3 });
    let text = '';
    const deadline = Date.now() + 5000;
    while (!text.includes('"world"') && Date.now() < deadline) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text).toContain(`"world":"${w.id}"`);
  });
});

describe('GET and DELETE /admin/worlds', () => {
  it('describes a world and lists worlds with cursor paging', async () => {
    const w = await createWorld({ name: 'described', ttl: '2h' });
    const one = await server.admin('GET', `/worlds/${w.id}`);
    expect(one.status).toBe(200);
    expect(Object.keys(one.body.data).sort()).toEqual(['clock', 'createdAt', 'expiresAt', 'frozen', 'id', 'keyCount', 'lastUsedAt', 'name', 'seed', 'sizeBytes'].sort());
    expect(one.body.data).toMatchObject({ id: w.id, name: 'described', keyCount: 1 });
    expect(one.body.data.sizeBytes).toBeGreaterThan(0);
    expect(Date.parse(one.body.data.expiresAt) - Date.now()).toBeGreaterThan(1.9 * 3_600_000);
    expect((await server.admin('GET', '/worlds/w_no_such_world')).status).toBe(404);
    expect((await server.admin('GET', '/worlds/default')).body.data).toMatchObject({ id: 'default', expiresAt: null });

    const all: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await server.admin('GET', `/worlds?limit=2${after ? `&startingAfter=${after}` : ''}`);
      expect(page.status).toBe(200);
      const ids = (page.body.data.items as { id: string }[]).map((i) => i.id);
      all.push(...ids);
      if (ids.length < 2) break;
      after = ids[ids.length - 1];
    }
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(w.id);
    const total = (await server.admin('GET', '/worlds?limit=1')).body.data.total;
    expect(all).toHaveLength(total);
    expect((await server.admin('GET', '/worlds?startingAfter=w_no_such_world')).status).toBe(400);
    // It pages by cursor only: page=1 is accepted, another page points at the cursor (it was ignored).
    expect((await server.admin('GET', '/worlds?page=1&limit=2')).status).toBe(200);
    const paged = await server.admin('GET', '/worlds?page=2');
    expect(paged.status).toBe(400);
    expect(paged.body.message).toBe('The world list pages by cursor: pass startingAfter=<the last world id of the page> instead of page');
  });

  it('deletes a world: its keys are 401 at once, its folder goes; the default world is 409', async () => {
    const w = await createWorld();
    expect((await open(w.key.secret, 'GET', '/cart')).status).toBe(200);
    const deleted = await server.admin('DELETE', `/worlds/${w.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await open(w.key.secret, 'GET', '/cart')).status).toBe(401);
    expect((await adminIn(w.id, 'GET', '/settings')).status).toBe(404);
    expect((await server.admin('GET', `/worlds/${w.id}`)).status).toBe(404);
    expect(existsSync(join(server.dataDir, 'worlds', w.id))).toBe(false);
    expect((await server.admin('DELETE', `/worlds/${w.id}`)).status).toBe(404);
    expect((await server.admin('DELETE', '/worlds/default')).status).toBe(409);
    // the id is free again
    expect((await server.admin('POST', '/worlds', { id: w.id })).status).toBe(201);
  });
});
