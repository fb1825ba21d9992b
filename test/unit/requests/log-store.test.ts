import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BatchEncoder, type WireBatch } from '../../../src/main/core/requests/log-batch.js';
import { REQUEST_LOG_MAX_AGE_MS, RequestLogStore } from '../../../src/main/core/requests/log-store.js';

const KEY = { id: 7, name: 'script' };
const CART = '{"data":{"items":[],"total":"0.00"}}';

/** A batch as the server thread posts it, copied as postMessage copies it. */
function wire(add: (encoder: BatchEncoder) => void): WireBatch {
  const encoder = new BatchEncoder();
  add(encoder);
  return structuredClone(encoder.take());
}

function storedRows(db: Database.Database): { batches: number; entries: number } {
  return db.prepare('SELECT COUNT(*) AS batches, COALESCE(SUM(count), 0) AS entries FROM request_log_batches').get() as { batches: number; entries: number };
}

describe('the request log store', () => {
  /** Two stores on one log file, as a server and `crossbuy mcp` beside it have: `file` opens a third. */
  function sharedFile(use: (server: RequestLogStore, beside: RequestLogStore, file: string) => void): void {
    const dir = mkdtempSync(join(tmpdir(), 'crossbuy-log-'));
    try {
      const file = join(dir, 'request-log.sqlite');
      use(new RequestLogStore(new Database(file), 1000), new RequestLogStore(new Database(file), 1000), file);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const one = (id: string, at: number, tool?: string) => [wire((e) => e.add(id, at, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART, tool))];

  it('shares its file with another process\'s store: each continues after the other\'s entries, none lost', () => {
    sharedFile((server, beside, file) => {
      const at = Date.now();
      server.write(one('s-1', at));
      beside.write(one('b-1', at)); // it opened before s-1 was written: it would have taken id 1 again
      server.write(one('s-2', at));
      const reader = new RequestLogStore(new Database(file), 1000);
      expect([1, 2, 3].map((id) => reader.get(id)?.requestId)).toEqual(['s-1', 'b-1', 's-2']);
    });
  });

  it('lists what another process logged since, before it logs anything itself (assistant calls over stdio beside a server)', () => {
    sharedFile((server, beside) => {
      const at = Date.now();
      beside.write(one('mcp-1', at, 'crossbuy_cart_get'));
      expect(server.list({}, at).items.map((i) => i.requestId)).toEqual(['mcp-1']);
      beside.write(one('mcp-2', at));
      expect(server.list({}, at).items.map((i) => i.requestId)).toEqual(['mcp-2', 'mcp-1']);
    });
  });

  it('keeps every field of a request and both bodies, secrets masked', () => {
    const store = new RequestLogStore(new Database(':memory:'), 1000);
    const at = Date.now();
    store.write([
      wire((e) => {
        e.add('r-1', at, KEY, 'POST', '/api/v1/open/cart/items?x=1&k=sk-AbCdEfGhIjKl', 201, 1.5, '{"key":"sk-AbCdEfGhIjKlMnOp"}', '{"data":{}}', 'crossbuy_cart_items_add');
        e.add('r-2', at + 1, null, 'GET', '/api/v1/open/cart', 401, 0.25, undefined, Buffer.from('{"statusCode":401}'));
      }),
    ]);
    expect(store.get(1)).toEqual({
      id: 1, requestId: 'r-1', at: new Date(at).toISOString(), key: KEY, caller: 'key', method: 'POST', path: '/api/v1/open/cart/items',
      query: 'x=1&k=sk-****', status: 201, durationMs: 1.5, mcpTool: 'crossbuy_cart_items_add',
      requestBody: { text: '{"key":"sk-****"}', bytes: 29, truncated: false },
      responseBody: { text: '{"data":{}}', bytes: 11, truncated: false },
    });
    expect(store.get(2)).toMatchObject({ id: 2, key: null, caller: null, mcpTool: null, query: '', status: 401, requestBody: { text: null, bytes: 0, truncated: false }, responseBody: { text: '{"statusCode":401}', bytes: 18 } });
    expect(store.get(3)).toBeNull();
  });

  it('carries a response repeated on the same URL once per batch, and every entry reads it back', () => {
    const encoder = new BatchEncoder();
    for (let i = 0; i < 3; i++) encoder.add(`a-${i}`, Date.now(), KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART);
    encoder.add('b', Date.now(), KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, '{"data":{"items":[1]}}');
    encoder.add('c', Date.now(), KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART);
    const batch = encoder.take();
    expect(batch.filter((v) => v === CART)).toHaveLength(2);
    const db = new Database(':memory:');
    const store = new RequestLogStore(db, 1000);
    store.write([structuredClone(batch)]);
    expect([1, 2, 3, 4, 5].map((id) => store.get(id)?.responseBody.text)).toEqual([CART, CART, CART, '{"data":{"items":[1]}}', CART]);
    // Stored once as well: the row holds the answer's text twice (entries 1 and 5), not five times.
    const row = db.prepare('SELECT entries FROM request_log_batches').get() as { entries: string };
    expect(row.entries.split(JSON.stringify(CART)).length - 1).toBe(2);
  });

  it('tells a cut body from a whole one with the same head', () => {
    const store = new RequestLogStore(new Database(':memory:'), 1000);
    const long = 'x'.repeat(10_000);
    store.write([wire((e) => {
      e.add('s', Date.now(), KEY, 'GET', '/api/v1/open/x', 200, 1, undefined, long);
      e.add('t', Date.now(), KEY, 'GET', '/api/v1/open/x', 200, 1, undefined, `${long}y`);
    })]);
    expect(store.get(1)?.responseBody).toMatchObject({ bytes: 10_000, truncated: true });
    expect(store.get(2)?.responseBody).toMatchObject({ bytes: 10_001, truncated: true });
  });

  it('pages newest first through the filters, across batches, with a cursor', () => {
    const store = new RequestLogStore(new Database(':memory:'), 1000);
    const other = { id: 8, name: 'other' };
    for (let b = 0; b < 5; b++) {
      store.write([wire((e) => {
        for (let i = 0; i < 10; i++) {
          const n = b * 10 + i;
          e.add(`id-${n}`, Date.now(), n % 2 ? KEY : other, 'GET', n % 3 ? '/api/v1/open/cart' : '/api/v1/open/orders/1', n % 5 ? 200 : 404, 1, undefined, CART);
        }
      })]);
    }
    const walk = (filter: object) => {
      const seen: string[] = [];
      let startingAfter: number | undefined;
      for (;;) {
        const page = store.list({ ...filter, limit: 7, ...(startingAfter ? { startingAfter } : {}) });
        seen.push(...page.items.map((i) => i.requestId));
        if (!page.hasMore) return seen;
        startingAfter = page.items[page.items.length - 1]!.id;
      }
    };
    const all = Array.from({ length: 50 }, (_, n) => n).reverse();
    expect(walk({})).toEqual(all.map((n) => `id-${n}`));
    expect(walk({ key: KEY.id, status: '4xx' })).toEqual(all.filter((n) => n % 2 && !(n % 5)).map((n) => `id-${n}`));
    expect(walk({ path: '/api/v1/open/orders', status: '200' })).toEqual(all.filter((n) => !(n % 3) && n % 5).map((n) => `id-${n}`));
    expect(walk({ requestId: 'id-17' })).toEqual(['id-17']);
  });

  it('shows only the last `limit` entries and none older than 7 days, and deletes whole batches as they fall out', () => {
    const db = new Database(':memory:');
    const store = new RequestLogStore(db, 100);
    const now = Date.now();
    store.write([wire((e) => e.add('ancient', now - REQUEST_LOG_MAX_AGE_MS - 1000, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART))], now);
    expect(store.list({ limit: 10 }, now).items).toHaveLength(0);
    expect(store.get(1, now)).toBeNull();
    for (let b = 0; b < 40; b++) {
      store.write([wire((e) => {
        for (let i = 0; i < 7; i++) e.add(`n-${b * 7 + i}`, now, KEY, 'GET', `/api/v1/open/orders/${i}`, 200, 1, undefined, `{"order":${i}}`);
      })], now);
    }
    const shown: string[] = [];
    let page = store.list({ limit: 100 }, now);
    shown.push(...page.items.map((i) => i.requestId));
    while (page.hasMore) {
      page = store.list({ limit: 100, startingAfter: page.items[page.items.length - 1]!.id }, now);
      shown.push(...page.items.map((i) => i.requestId));
    }
    expect(shown).toHaveLength(100);
    expect(shown[0]).toBe('n-279');
    expect(shown[99]).toBe('n-180');
    const stored = storedRows(db);
    // Fewer than one batch more than the bound is stored, and the ancient one is gone.
    expect(stored.entries).toBeLessThan(100 + 7);
    expect(store.list({ requestId: 'ancient', limit: 10 }, now).items).toHaveLength(0);
  });

  it('stops a `since` walk at the first batch that ended before it', () => {
    const store = new RequestLogStore(new Database(':memory:'), 1000);
    const now = Date.now();
    store.write([wire((e) => e.add('early', now - 60_000, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART))], now);
    // A slow request that arrived before `since` but finished after it is in a later batch: still found by arrival.
    store.write([wire((e) => e.add('slow', now - 50_000, KEY, 'GET', '/api/v1/open/cart', 200, 45_000, undefined, CART))], now);
    store.write([wire((e) => e.add('late', now - 1000, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART))], now);
    expect(store.list({ since: new Date(now - 55_000).toISOString(), limit: 10 }, now).items.map((i) => i.requestId)).toEqual(['late', 'slow']);
  });

  it('goes on numbering after a restart on the same file', () => {
    const db = new Database(':memory:');
    new RequestLogStore(db, 1000).write([wire((e) => e.add('first', Date.now(), KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART))]);
    const again = new RequestLogStore(db, 1000);
    again.write([wire((e) => e.add('second', Date.now(), KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART))]);
    expect(again.list({ limit: 10 }).items.map((i) => [i.id, i.requestId])).toEqual([[2, 'second'], [1, 'first']]);
  });

  it('tells the app\'s own requests from a key\'s and from no valid key\'s, and filters by caller', () => {
    const store = new RequestLogStore(new Database(':memory:'), 1000);
    const at = Date.now();
    store.write([
      wire((e) => {
        e.add('by-key', at, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART);
        e.add('by-app', at + 1, null, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART, null, true);
        e.add('by-none', at + 2, null, 'GET', '/api/v1/open/cart', 401, 1, undefined, '{"statusCode":401}');
        // A key that was known but refused (429) is still that key's request.
        e.add('by-key-429', at + 3, KEY, 'GET', '/api/v1/open/cart', 429, 1, undefined, '{"statusCode":429}');
      }),
    ]);
    expect(store.list({}).items.map((i) => [i.requestId, i.caller])).toEqual([
      ['by-key-429', 'key'],
      ['by-none', null],
      ['by-app', 'app'],
      ['by-key', 'key'],
    ]);
    expect(store.list({ caller: 'app' }).items.map((i) => i.requestId)).toEqual(['by-app']);
    expect(store.list({ caller: 'none' }).items.map((i) => i.requestId)).toEqual(['by-none']);
    expect(store.list({ caller: 'key' }).items.map((i) => i.requestId)).toEqual(['by-key-429', 'by-key']);
    expect(store.get(2)).toMatchObject({ requestId: 'by-app', key: null, caller: 'app' });
  });

  it('upgrades a layout-5 log (12 values an entry) in place: every entry kept, none taken for the app\'s', () => {
    const db = new Database(':memory:');
    db.exec("CREATE TABLE request_log_batches (first_id INTEGER PRIMARY KEY, count INTEGER NOT NULL, last_done_ms INTEGER NOT NULL, entries TEXT NOT NULL, world TEXT NOT NULL DEFAULT 'default')");
    const now = Date.now();
    const v5 = [
      'a', now, 7, 'script', 'GET', '/api/v1/open/cart', '', 200, 1000, null, [CART, CART.length, 0], 'crossbuy_cart_get',
      'b', now + 1, null, null, 'GET', '/api/v1/open/orders', '', 200, 500, null, 0, null,
    ];
    db.prepare("INSERT INTO request_log_batches VALUES (?, ?, ?, ?, 'default')").run(3, 2, now + 2, JSON.stringify(v5));
    db.pragma('user_version = 5');
    const store = new RequestLogStore(db, 1000);
    expect(store.get(3)).toMatchObject({ requestId: 'a', key: KEY, caller: 'key', mcpTool: 'crossbuy_cart_get', responseBody: { text: CART } });
    expect(store.get(4)).toMatchObject({ requestId: 'b', key: null, caller: null, mcpTool: null, responseBody: { text: CART } });
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    store.write([wire((e) => e.add('c', now + 3, null, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART, null, true))]);
    expect(store.list({ caller: 'app' }).items.map((i) => i.requestId)).toEqual(['c']);
  });

  it('upgrades a layout-3 log (11 values an entry) in place: every entry kept, with no MCP tool', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE request_log_batches (first_id INTEGER PRIMARY KEY, count INTEGER NOT NULL, last_done_ms INTEGER NOT NULL, entries TEXT NOT NULL)');
    const now = Date.now();
    const v3 = [
      'a', now, 7, 'script', 'GET', '/api/v1/open/cart', '', 200, 1000, null, [CART, CART.length, 0],
      'b', now + 1, null, null, 'GET', '/api/v1/open/orders', 'limit=1', 401, 500, null, 0,
    ];
    db.prepare('INSERT INTO request_log_batches VALUES (?, ?, ?, ?)').run(5, 2, now + 2, JSON.stringify(v3));
    db.pragma('user_version = 3');
    const store = new RequestLogStore(db, 1000);
    expect(store.get(5)).toMatchObject({ requestId: 'a', key: KEY, status: 200, mcpTool: null, responseBody: { text: CART } });
    expect(store.get(6)).toMatchObject({ requestId: 'b', key: null, caller: null, query: 'limit=1', status: 401, mcpTool: null, responseBody: { text: CART } });
    store.write([wire((e) => e.add('c', now + 3, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART, 'crossbuy_cart_get'))]);
    expect(store.get(7)).toMatchObject({ requestId: 'c', mcpTool: 'crossbuy_cart_get' });
  });

  it('carries over the entries of a first-layout log (a row per request), ids and bodies kept', () => {
    const db = new Database(':memory:');
    const at = Date.now() - 60_000;
    db.exec(`CREATE TABLE request_log (id INTEGER PRIMARY KEY, request_id TEXT NOT NULL, at_ms INTEGER NOT NULL, key_id INTEGER, key_name TEXT,
      method TEXT NOT NULL, path TEXT NOT NULL, query TEXT NOT NULL, status INTEGER NOT NULL, duration_us INTEGER NOT NULL, request_body TEXT,
      response_body TEXT, request_bytes INTEGER NOT NULL, response_bytes INTEGER NOT NULL, request_cut INTEGER NOT NULL, response_cut INTEGER NOT NULL);
      CREATE INDEX request_log_by_key ON request_log (key_id, id);
      INSERT INTO request_log VALUES (4, 'old-4', ${at}, 7, 'script', 'POST', '/api/v1/open/orders', '', 201, 1500, '{"a":1}', '{"b":2}', 7, 9000, 0, 1);
      INSERT INTO request_log VALUES (5, 'old-5', ${at + 1}, NULL, NULL, 'GET', '/api/v1/open/cart', 'x=1', 401, 200, NULL, '{"c":3}', 0, 7, 0, 0);
      INSERT INTO request_log VALUES (9, 'old-9', ${at + 2}, 7, 'script', 'GET', '/api/v1/open/cart', '', 200, 100, NULL, NULL, 0, 0, 0, 0);`);
    const store = new RequestLogStore(db, 1000);
    expect(store.get(4)).toMatchObject({
      requestId: 'old-4', key: KEY, status: 201, durationMs: 1.5,
      requestBody: { text: '{"a":1}', bytes: 7, truncated: false },
      responseBody: { text: '{"b":2}', bytes: 9000, truncated: true },
    });
    expect(store.get(5)).toMatchObject({ key: null, query: 'x=1', requestBody: { text: null, bytes: 0, truncated: false }, responseBody: { text: '{"c":3}' } });
    expect(store.get(7)).toBeNull();
    store.write([wire((e) => e.add('new', at + 3, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART))]);
    expect(store.list({ limit: 10 }).items.map((i) => [i.id, i.requestId])).toEqual([[10, 'new'], [9, 'old-9'], [5, 'old-5'], [4, 'old-4']]);
    expect(store.list({ key: 7, limit: 10 }).items.map((i) => i.requestId)).toEqual(['new', 'old-9', 'old-4']);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'request_log%' ORDER BY name").all()).toEqual([{ name: 'request_log_batches' }]);
  });

  it('never shows again an entry it hid: raising the limit keeps more from then on', () => {
    const store = new RequestLogStore(new Database(':memory:'), 1000);
    const now = Date.now();
    for (let i = 0; i < 30; i++) store.write([wire((e) => e.add(`r-${i}`, now, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART))], now);
    store.limit = 10;
    expect(store.list({ limit: 100 }, now).items).toHaveLength(10);
    store.limit = 1000;
    expect(store.list({ limit: 100 }, now).items.map((i) => i.requestId)).toEqual(Array.from({ length: 10 }, (_, k) => `r-${29 - k}`));
    store.write([wire((e) => e.add('r-30', now, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART))], now);
    expect(store.list({ limit: 100 }, now).items).toHaveLength(11);
  });
});
