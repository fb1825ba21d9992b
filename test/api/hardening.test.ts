import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STREAMS_PER_KEY } from '../../src/main/core/http/routes/events-stream.js';
import { request, startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Issue 11: the defects probing a running server found, each as it was reported. Every test here failed
 * on the code before its fix.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.admin('PUT', '/autopilot', { pace: 'off' });
});
afterAll(() => server.close());

const errorShape = (status: number) => ({ statusCode: status, error: expect.any(String), message: expect.any(String) });

async function placeOrder(key = server.key): Promise<string> {
  const product = (await server.api('GET', '/products/search?limit=5', { key })).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
  const res = await server.api('POST', '/orders', { key, body: { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] } });
  expect(res.status).toBe(201);
  return res.body.data.orderNo;
}

/** An open stream: everything it received, and whether the server ended it. */
async function openStream(key: string) {
  const controller = new AbortController();
  const response = await fetch(`${server.baseUrl}/events`, { headers: { authorization: `Bearer ${key}` }, signal: controller.signal });
  expect(response.status).toBe(200);
  const state = { text: '', ended: false };
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const done = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        state.text += decoder.decode(chunk.value, { stream: true });
      }
      state.ended = true;
    } catch {
      // aborted by the test
    }
  })();
  return {
    state,
    /** Resolves true once the server ends the stream, false after `ms`. */
    endedWithin: (ms: number) => Promise.race([done.then(() => state.ended), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]),
    close: () => controller.abort(),
  };
}

function keyIdOf(key: string): number {
  const keys = server.running.core.ctx.db.prepare('SELECT id, last4 FROM api_keys ORDER BY id').all() as { id: number; last4: string }[];
  return keys.filter((k) => key.endsWith(k.last4)).at(-1)!.id;
}

describe('1. a revoked or expired key loses its event streams', () => {
  it('revoked through the admin API: the stream ends and no later event is sent', async () => {
    const key = server.makeKey(['orders:read']);
    const stream = await openStream(key);
    try {
      expect((await server.admin('POST', `/keys/${keyIdOf(key)}/revoke`)).status).toBe(200);
      await placeOrder(); // an event the key could have read, committed after the revocation
      expect(await stream.endedWithin(3000)).toBe(true);
      expect(stream.state.text).not.toContain('order.created');
    } finally {
      stream.close();
    }
  });

  it('revoked by another process (a second connection, as the CLI): the stream ends', async () => {
    const key = server.makeKey(['orders:read']);
    const stream = await openStream(key);
    const other = new Database(join(server.dataDir, 'crossbuy.db'));
    try {
      other.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').run(new Date().toISOString(), keyIdOf(key));
      expect(await stream.endedWithin(3000)).toBe(true);
    } finally {
      other.close();
      stream.close();
    }
  });

  it('expired while open: the stream ends', async () => {
    const key = server.makeKey(['orders:read'], { expiresAt: new Date(Date.now() + 1000).toISOString() });
    const stream = await openStream(key);
    try {
      expect(await stream.endedWithin(4000)).toBe(true);
    } finally {
      stream.close();
    }
  });

  it(`caps open streams per key at ${MAX_STREAMS_PER_KEY}: 429 in the error shape`, async () => {
    const key = server.makeKey(['orders:read']);
    const streams = [];
    try {
      for (let i = 0; i < MAX_STREAMS_PER_KEY; i++) streams.push(await openStream(key));
      const refused = await server.api('GET', '/events', { key });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(errorShape(429));
      // Another key is not affected.
      const other = await openStream(server.makeKey(['orders:read']));
      other.close();
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe('2. a malformed session cookie is ignored', () => {
  for (const cookie of ['crossbuy_session=%', 'crossbuy_session=%E0%A4%A', 'a=b; crossbuy_session=%zz']) {
    it(`${cookie}: keys, the admin token and the UI still work`, async () => {
      const open = await server.api('GET', '/user/wallet/balance', { headers: { cookie } });
      expect(open.status).toBe(200);
      const admin = await request(`${server.running.origin}/api/v1/admin`, 'GET', '/settings', { bearer: server.running.core.adminToken, headers: { cookie } });
      expect(admin.status).toBe(200);
      const noKey = await server.api('GET', '/user/wallet/balance', { key: null, headers: { cookie, 'x-crossbuy-client': 'ui' } });
      expect(noKey.status).toBe(401);
      expect(noKey.body).toEqual(errorShape(401));
      const ui = await fetch(`${server.running.origin}/`, { headers: { cookie } });
      expect(ui.status).toBe(401);
      const events = await fetch(`${server.baseUrl}/events`, { headers: { cookie } });
      expect(events.status).toBe(401);
    });
  }
});

describe('3. webhooks do not follow redirects', () => {
  it('a 302 is a failed attempt, recorded, and the redirect target gets nothing', async () => {
    let targetHits = 0;
    const target: Server = createServer((_req, res) => {
      targetHits++;
      res.writeHead(200).end();
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const targetPort = (target.address() as { port: number }).port;
    const redirector: Server = createServer((_req, res) => {
      res.writeHead(302, { location: `http://127.0.0.1:${targetPort}/stolen` }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(redirector.address() as { port: number }).port}/hook`;
    try {
      const endpoint = (await server.admin('POST', '/webhooks', { url, events: ['order.created'] })).body.data;
      await placeOrder();
      let delivery: { attempts: number; lastStatusCode: number; lastError: string; attemptLog: { statusCode: number }[] } | undefined;
      const deadline = Date.now() + 5000;
      while (!delivery?.attempts && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        delivery = (await server.admin('GET', `/webhooks/${endpoint.id}/deliveries`)).body.data.items[0];
      }
      expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: 302, status: 'pending' });
      expect(delivery!.lastError).toMatch(/redirect/);
      expect(delivery!.attemptLog.map((a) => a.statusCode)).toEqual([302]);
      expect(targetHits).toBe(0);
      await server.admin('DELETE', `/webhooks/${endpoint.id}`);
    } finally {
      await new Promise<void>((r) => redirector.close(() => r()));
      await new Promise<void>((r) => target.close(() => r()));
    }
  });

  it('*.localhost is not loopback: refused while remote webhooks are off', async () => {
    for (const url of ['http://evil.localhost:9/x', 'http://a.b.localhost/x']) {
      const res = await server.admin('POST', '/webhooks', { url, events: ['*'] });
      expect(res.status, url).toBe(400);
    }
    const ok = await server.admin('POST', '/webhooks', { url: 'http://localhost:9/x', events: ['*'] });
    expect(ok.status).toBe(201);
    await server.admin('DELETE', `/webhooks/${ok.body.data.id}`);
  });
});

describe('4. integers are bounded and plain', () => {
  const lists = ['/orders', '/products/search', '/user/wallet/transactions', '/shipping/orders', '/warehouse/packages', '/user/favorites'];
  const pages = ['1e20', 'Infinity', '-Infinity', '1e400', '4611686018427387904', '9007199254740993', '0x10', '1e3', ' 1', 'NaN', '-0', '0'];
  it('page at and past every bound is the contract 400 on every list', async () => {
    for (const path of lists) {
      for (const page of pages) {
        const res = await server.api('GET', `${path}?page=${encodeURIComponent(page)}`);
        expect(res.status, `${path}?page=${page}`).toBe(400);
        expect(res.body).toEqual(errorShape(400));
      }
      expect((await server.api('GET', `${path}?page=2`)).status, path).toBe(200);
    }
    const admin = await request(`${server.running.origin}/api/v1/admin`, 'GET', '/orders?page=1e20', { bearer: server.running.core.adminToken });
    expect(admin.status).toBe(400);
  });

  it('/products/0x10 is not product 16', async () => {
    expect((await server.api('GET', '/products/16')).status).toBe(200);
    for (const id of ['0x10', '1e1', '16.0', 'Infinity']) {
      const res = await server.api('GET', `/products/${id}`);
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
      expect(res.body).toEqual(errorShape(res.status));
    }
  });

  it('integers in bodies past the exact range are 400, and 1e400 is not a number', async () => {
    const admin = `${server.running.origin}/api/v1/admin`;
    for (const raw of ['{"amount":1,"userId":4611686018427387904}', '{"amount":1,"userId":1e20}', '{"amount":1,"userId":1e400}']) {
      const res = await request(admin, 'POST', '/wallet/deposit', { bearer: server.running.core.adminToken, raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
      expect(res.body).toEqual(errorShape(400));
    }
  });
});

describe('5. HEAD on the event stream', () => {
  it('answers the headers and ends', async () => {
    const res = await fetch(`${server.baseUrl}/events`, { method: 'HEAD', headers: { authorization: `Bearer ${server.key}` }, signal: AbortSignal.timeout(3000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(await res.text()).toBe('');
  });
});

describe('also', () => {
  it('a malformed URL is a 400 in the error shape, without `code` or the URL', async () => {
    for (const path of ['/api/v1/open/orders/%E0%A4%A', '/%zz', '/api/v1/admin/keys/%']) {
      const res = await fetch(server.running.origin + path, { headers: { authorization: `Bearer ${server.key}` } });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body).toEqual(errorShape(400));
      expect(JSON.stringify(body)).not.toContain('%');
    }
  });

  it('a query string that is not valid percent-encoding is a 400 too (audit s14: `?q=%ZZ` searched for nothing)', async () => {
    for (const query of ['q=%ZZ', 'q=%FF', 'q=%E0%A4%A', 'q=%']) {
      const res = await fetch(`${server.running.origin}/api/v1/open/products/search?${query}`, { headers: { authorization: `Bearer ${server.key}` } });
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'The query string is malformed (invalid percent-encoding)' });
    }
    // Valid escapes and a literal plus still search.
    for (const query of ['q=%E8%BF%9E%E5%B8%BD', 'q=hood%20ie', 'q=a+b']) {
      expect((await fetch(`${server.running.origin}/api/v1/open/products/search?${query}`, { headers: { authorization: `Bearer ${server.key}` } })).status, query).toBe(200);
    }
  });

  it('a body that is not UTF-8 is a 400 and writes nothing; a byte-order mark is fine', async () => {
    const before = (await server.api('GET', '/user/addresses')).body.data.length;
    const address = (name: string) => JSON.stringify({ name, phone: '+1 212 555 0100', country: 'US', state: 'NY', city: 'New York', address: '1 Main St', zipCode: '10001' });
    const bad = Buffer.concat([Buffer.from(address('A').slice(0, 10)), Buffer.from([0xff, 0xfe]), Buffer.from(address('A').slice(10))]);
    const res = await fetch(`${server.running.origin}/api/v1/open/user/addresses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: bad,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Request body is not valid UTF-8' });
    expect((await server.api('GET', '/user/addresses')).body.data.length).toBe(before);
    const withBom = await fetch(`${server.running.origin}/api/v1/open/user/addresses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json' },
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(address('連帽'))]),
    });
    const added = (await withBom.json()) as { data: { name: string } };
    expect(withBom.status, JSON.stringify(added)).toBe(201);
    expect(added.data.name).toBe('連帽');
  });

  it('the headless page forbids framing and carries a policy', async () => {
    for (const path of ['/', '/?token=wrong', '/?token=test-session-token']) {
      const res = await fetch(server.running.origin + path, { redirect: 'manual' });
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
    expect((await fetch(`${server.running.origin}/?token=test-session-token`, { redirect: 'manual' })).status).toBe(303);
    expect((await fetch(`${server.running.origin}/?token=test-session-tokem`, { redirect: 'manual' })).status).toBe(401);
    expect((await fetch(`${server.running.origin}/?token=test-session-token&token=x`, { redirect: 'manual' })).status).toBe(401);
  });

  it('a body in another charset than UTF-8 is 415 and writes nothing', async () => {
    const before = (await server.api('GET', '/user/addresses')).body.data.length;
    for (const charset of ['utf-16', 'UTF-16LE', 'latin1', 'iso-8859-1']) {
      const res = await server.api('POST', '/user/addresses', {
        raw: JSON.stringify({ name: 'A', phone: '1', country: 'US', state: 'CA', city: 'X', address: 'Y', zipCode: '1' }),
        headers: { 'content-type': `application/json; charset=${charset}` },
      });
      expect(res.status, charset).toBe(415);
      expect(res.body).toEqual(errorShape(415));
    }
    expect((await server.api('GET', '/user/addresses')).body.data.length).toBe(before);
    const utf8 = await server.api('GET', '/user/wallet/balance', { headers: { 'content-type': 'application/json; charset=UTF-8' } });
    expect(utf8.status).toBe(200);
  });

  it('a path parameter longer than 100 characters reaches its route: a 400 naming it, not "Route not found"', async () => {
    const res = await server.api('GET', `/orders/${'A'.repeat(300)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual(errorShape(400));
    expect(res.body.message).toBe('id must be at most 64 characters');
    expect((await server.api('DELETE', `/user/addresses/${'9'.repeat(300)}`)).status).toBe(400);
  });

  it('a __proto__ or constructor.prototype key is refused like any unknown field, and a route without a body refuses one', async () => {
    const before = (await server.api('GET', '/cart')).body.data;
    for (const [raw, field] of [
      ['{"__proto__":{"x":1},"productId":"1","skuId":"s","quantity":1}', '__proto__'],
      ['{"constructor":{"prototype":{"x":1}},"productId":"1","skuId":"s","quantity":1}', 'constructor.prototype'],
    ] as const) {
      const res = await server.api('POST', '/cart/items', { raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
      expect(res.body.message).toBe(`${field} is not a known field`);
    }
    const cleared = await server.api('DELETE', '/cart', { body: { x: 1 } });
    expect(cleared.status).toBe(400);
    expect(cleared.body.message).toBe('x is not a known field');
    expect((await server.api('GET', '/cart')).body.data).toEqual(before);
    expect((await server.api('DELETE', '/cart', { raw: '[1]', headers: { 'content-type': 'application/json' } })).body.message).toBe('This route takes no request body');
    // An empty body, or an empty object, is no body.
    expect((await server.api('DELETE', '/cart', { body: {} })).status).toBe(200);
  });

  it('a missing field misspelt is named beside the one it stood in for; a format or pattern says what it expects (test author\'s report)', async () => {
    const before = (await server.admin('GET', '/wallet/balance')).body.data;
    const typo = await server.admin('POST', '/wallet/deposit', { amout: 5 });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe('amount is required ("amout" is not a known field)');
    const many = await server.admin('POST', '/wallet/deposit', { a: 1, b: 2, c: 3, ['d'.repeat(100)]: 4 });
    expect(many.body.message).toBe('amount is required ("a", "b", "c" and 1 more are not known fields)');
    // Nothing wrong beside it: the plain words.
    expect((await server.admin('POST', '/wallet/deposit', {})).body.message).toBe('amount is required');
    expect((await server.admin('GET', '/wallet/balance')).body.data).toEqual(before);

    const noOffset = await server.admin('POST', '/worlds', { clockStart: '2026-03-02T09:00:00' });
    expect(noOffset.status).toBe(400);
    expect(noOffset.body.message).toBe('clockStart must be an ISO 8601 date and time with its offset (Z or ±hh:mm), e.g. 2026-03-02T09:00:00Z');
    const badId = await server.admin('POST', '/worlds', { id: 'test1' });
    expect(badId.body.message).toBe('id has an invalid format (expected `w_` and 10 to 40 of [a-z0-9_-])');
    // A pattern without a description is quoted as written.
    const currency = await server.admin('PUT', '/settings', { currency: 'usd' });
    expect(currency.status).toBe(400);
    expect(currency.body.message).toBe('currency has an invalid format (expected to match ^[A-Z]{3}$)');
  });

  it('a body of the wrong JSON type is named in plain words: an object, an array', async () => {
    const asArray = await server.api('POST', '/orders', { raw: '[]', headers: { 'content-type': 'application/json' } });
    expect(asArray.status).toBe(400);
    expect(asArray.body.message).toBe('Request body must be an object');
    const itemsNotArray = await server.api('POST', '/orders', { body: { items: 'x' } });
    expect(itemsNotArray.status).toBe(400);
    expect(itemsNotArray.body.message).toBe('items must be an array');
  });

  it('deposits cannot take a wallet past the balance cap: 422, nothing written', async () => {
    const balance = (await server.api('GET', '/user/wallet/balance')).body.data.balance;
    let last = 201;
    for (let i = 0; i < 12 && last === 201; i++) last = (await server.admin('POST', '/wallet/deposit', { amount: 1_000_000_000 })).status;
    expect(last).toBe(422);
    const after = (await server.api('GET', '/user/wallet/balance')).body.data.balance;
    expect(after).toBeLessThanOrEqual(10_000_000_000);
    expect(after).toBeGreaterThan(balance);
    const refused = await server.admin('POST', '/wallet/adjust', { amount: 1_000_000_000, note: 'more' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(errorShape(422));
  });

  it('X-Request-Id on every response: a sane client one kept, else a fresh one', async () => {
    const kept = await server.api('GET', '/user/wallet/balance', { headers: { 'x-request-id': 'req-abc.123' } });
    expect(kept.headers.get('x-request-id')).toBe('req-abc.123');
    const fresh = await server.api('GET', '/user/wallet/balance', { headers: { 'x-request-id': 'bad id "quoted"' } });
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    for (const res of [await server.api('GET', '/nope'), await server.api('GET', '/user/wallet/balance', { key: null }), await server.admin('GET', '/settings')]) {
      expect(res.headers.get('x-request-id')).toMatch(/\S/);
    }
    const bad = await fetch(`${server.running.origin}/%zz`);
    expect(bad.headers.get('x-request-id')).toMatch(/\S/);
  });

  it("the server's own request ids are UUIDs of version 7: unique, and later ones sort later", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      ids.push((await server.api('GET', '/user/wallet/balance')).headers.get('x-request-id')!);
      if (i === 9) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // The first 48 bits are the time in ms: the second ten came after a pause, so all sort after the first ten.
    const time = (id: string) => id.slice(0, 13);
    expect(ids.slice(10).every((later) => ids.slice(0, 10).every((earlier) => time(later) > time(earlier)))).toBe(true);
  });
});
