import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { BatchEncoder, decodeBatch } from '../../../src/main/core/requests/log-batch.js';
import { RequestLogStore, type FinishedRequest } from '../../../src/main/core/requests/log-store.js';

const KEY = { id: 7, name: 'script' };
const CART = '{"data":{"items":[],"total":"0.00"}}';

/** Encodes the requests as the server thread does, copies them as postMessage does, decodes them. */
function overTheWire(add: (encoder: BatchEncoder) => void): FinishedRequest[] {
  const encoder = new BatchEncoder();
  add(encoder);
  return decodeBatch(structuredClone(encoder.take()));
}

function bodyRows(db: Database.Database): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM request_log_bodies').get() as { n: number }).n;
}

describe('the request log store', () => {
  it('crosses threads as a flat batch and comes back as the same requests', () => {
    const entries = overTheWire((e) => {
      e.add('r-1', 1000, KEY, 'POST', '/api/v1/open/cart/items?x=1', 201, 1.5, '{"quantity":1}', '{"data":{}}');
      e.add('r-2', 1001, null, 'GET', '/api/v1/open/cart', 401, 0.25, undefined, Buffer.from('{"statusCode":401}'));
    });
    expect(entries).toEqual([
      {
        requestId: 'r-1', atMs: 1000, key: KEY, method: 'POST', path: '/api/v1/open/cart/items', query: 'x=1', status: 201, durationMs: 1.5,
        requestBody: { head: '{"quantity":1}', bytes: null, whole: true },
        responseBody: { head: '{"data":{}}', bytes: null, whole: true },
      },
      {
        requestId: 'r-2', atMs: 1001, key: null, method: 'GET', path: '/api/v1/open/cart', query: '', status: 401, durationMs: 0.25,
        requestBody: null,
        responseBody: { head: '{"statusCode":401}', bytes: 18, whole: true },
      },
    ]);
  });

  it('sends a response repeated on the same URL once per batch, and each batch stands alone', () => {
    const encoder = new BatchEncoder();
    for (let i = 0; i < 3; i++) encoder.add(`a-${i}`, i, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART);
    encoder.add('b', 3, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, '{"data":{"items":[1]}}');
    const first = encoder.take();
    expect(first.filter((v) => v === CART)).toHaveLength(1);
    const decoded = decodeBatch(structuredClone(first));
    expect(decoded.map((e) => e.responseBody?.head)).toEqual([CART, CART, CART, '{"data":{"items":[1]}}']);
    encoder.add('c', 4, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART);
    expect(decodeBatch(structuredClone(encoder.take()))[0]!.responseBody?.head).toBe(CART);
  });

  it('keeps a body repeated across entries and batches once, and every entry reads it back', () => {
    const db = new Database(':memory:');
    const store = new RequestLogStore(db, 1000);
    for (let batch = 0; batch < 3; batch++) {
      store.write(overTheWire((e) => {
        for (let i = 0; i < 5; i++) e.add(`r-${batch}-${i}`, Date.now(), KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART);
      }));
    }
    expect(bodyRows(db)).toBe(1);
    const page = store.list({ limit: 100 });
    expect(page.items).toHaveLength(15);
    for (const item of page.items) expect(store.get(item.id)?.responseBody).toEqual({ text: CART, bytes: CART.length, truncated: false });
  });

  it('masks secrets in a kept body, and tells a cut body from a whole one with the same head', () => {
    const db = new Database(':memory:');
    const store = new RequestLogStore(db, 1000);
    const secret = '{"key":"sk-AbCdEfGhIjKlMnOp"}';
    const long = 'x'.repeat(10_000);
    store.write(overTheWire((e) => {
      e.add('s', Date.now(), KEY, 'POST', '/api/v1/open/x', 200, 1, secret, long);
      e.add('t', Date.now(), KEY, 'POST', '/api/v1/open/x', 200, 1, secret, `${long}y`);
    }));
    const [t, s] = store.list({ limit: 10 }).items.map((item) => store.get(item.id)!);
    expect(s!.requestBody.text).toBe('{"key":"sk-****"}');
    expect(s!.responseBody).toMatchObject({ bytes: 10_000, truncated: true });
    expect(t!.responseBody).toMatchObject({ bytes: 10_001, truncated: true });
  });

  it('drops the bodies no entry names any more as the oldest entries go, and still reuses a live one', () => {
    const db = new Database(':memory:');
    const store = new RequestLogStore(db, 100);
    for (let i = 0; i < 400; i++) {
      store.write(overTheWire((e) => {
        e.add(`u-${i}`, Date.now(), KEY, 'GET', `/api/v1/open/orders/${i}`, 200, 1, undefined, `{"order":${i}}`);
        e.add(`c-${i}`, Date.now(), KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART);
      }));
    }
    const entries = (db.prepare('SELECT COUNT(*) AS n FROM request_log').get() as { n: number }).n;
    expect(entries).toBeLessThanOrEqual(100);
    // One body per order still logged, and the cart's single body (kept alive by its newest entry).
    expect(bodyRows(db)).toBeLessThanOrEqual(entries / 2 + 2);
    const dangling = db
      .prepare('SELECT COUNT(*) AS n FROM request_log l LEFT JOIN request_log_bodies b ON b.id = l.response_body WHERE l.response_body IS NOT NULL AND b.id IS NULL')
      .get() as { n: number };
    expect(dangling.n).toBe(0);
    const newest = store.list({ limit: 1 }).items[0]!;
    expect(store.get(newest.id)?.responseBody.text).toBe(CART);
  });

  it('moves the entries of a first-layout log over with their bodies', () => {
    const db = new Database(':memory:');
    const at = Date.now() - 60_000;
    db.exec(`CREATE TABLE request_log (id INTEGER PRIMARY KEY, request_id TEXT NOT NULL, at_ms INTEGER NOT NULL, key_id INTEGER, key_name TEXT,
      method TEXT NOT NULL, path TEXT NOT NULL, query TEXT NOT NULL, status INTEGER NOT NULL, duration_us INTEGER NOT NULL, request_body TEXT,
      response_body TEXT, request_bytes INTEGER NOT NULL, response_bytes INTEGER NOT NULL, request_cut INTEGER NOT NULL, response_cut INTEGER NOT NULL);
      CREATE INDEX request_log_by_key ON request_log (key_id, id);
      CREATE INDEX request_log_by_request_id ON request_log (request_id);
      INSERT INTO request_log VALUES (1, 'old-1', ${at}, 7, 'script', 'POST', '/api/v1/open/orders', '', 201, 1500, '{"a":1}', '{"b":2}', 7, 9000, 0, 1);
      INSERT INTO request_log VALUES (2, 'old-2', ${at + 1}, NULL, NULL, 'GET', '/api/v1/open/cart', 'x=1', 401, 200, NULL, '{"c":3}', 0, 7, 0, 0);`);
    const store = new RequestLogStore(db, 1000);
    expect(store.get(1)).toMatchObject({
      requestId: 'old-1', key: KEY, status: 201, durationMs: 1.5,
      requestBody: { text: '{"a":1}', bytes: 7, truncated: false },
      responseBody: { text: '{"b":2}', bytes: 9000, truncated: true },
    });
    expect(store.get(2)).toMatchObject({ key: null, query: 'x=1', requestBody: { text: null, bytes: 0, truncated: false }, responseBody: { text: '{"c":3}' } });
    store.write(overTheWire((e) => e.add('new', at + 2, KEY, 'GET', '/api/v1/open/cart', 200, 1, undefined, CART)));
    expect(store.list({ limit: 10 }).items.map((i) => [i.id, i.requestId])).toEqual([[3, 'new'], [2, 'old-2'], [1, 'old-1']]);
    expect(store.list({ requestId: 'old-2', limit: 10 }).items).toHaveLength(1);
    expect(store.get(3)?.responseBody.text).toBe(CART);
  });
});
