import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderableSku } from '../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * A kept view (an unchanged cart or search page) is serialized once per route (http/server.ts): its
 * answers must be the route's own JSON, with the same headers, and follow every change of the data.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function raw(path: string): Promise<{ status: number; type: string | null; text: string; headers: Headers }> {
  const res = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${server.key}` } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text(), headers: res.headers };
}

describe('answers of kept views', () => {
  it('repeat the same JSON with the same headers, and follow a change of the cart', async () => {
    const { productId, skuId } = orderableSku(server.running.core.ctx);
    expect((await server.api('POST', '/cart/items', { body: { productId: String(productId), skuId, quantity: 1 } })).status).toBe(201);
    const first = await raw('/cart');
    const second = await raw('/cart');
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/json; charset=utf-8');
    expect(second.text).toBe(first.text);
    expect(second.headers.get('x-ratelimit-limit')).toBe(first.headers.get('x-ratelimit-limit'));
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    expect(JSON.parse(first.text).data.items).toHaveLength(1);
    expect(Object.keys(JSON.parse(first.text).data.items[0]).sort()).toEqual(
      ['id', 'productId', 'title', 'skuId', 'skuName', 'price', 'quantity', 'imageUrl', 'selected', 'stock', 'remark'].sort(),
    );

    const line = JSON.parse(first.text).data.items[0];
    expect((await server.api('PATCH', `/cart/items/${line.id}`, { body: { quantity: 2 } })).status).toBe(200);
    const changed = await raw('/cart');
    expect(JSON.parse(changed.text).data.items[0].quantity).toBe(2);
    expect(JSON.parse(changed.text).data.totalItems).toBe(2);
  });

  it('serve a search page as the route serializes it, and a changed product at once', async () => {
    const first = await raw('/products/search?q=hoodie');
    const again = await raw('/products/search?q=hoodie');
    expect(first.type).toBe('application/json; charset=utf-8');
    expect(again.text).toBe(first.text);
    const item = JSON.parse(first.text).data.items[0];
    expect(item).toBeDefined();
    server.running.core.ctx.db.prepare('UPDATE products SET sales = sales + 7 WHERE id = ?').run(item.id);
    const changed = JSON.parse((await raw('/products/search?q=hoodie')).text).data.items.find((p: { id: number }) => p.id === item.id);
    expect(changed.sales).toBe(item.sales + 7);
  });
});
