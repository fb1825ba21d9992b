import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let product: { id: number; skus: { skuId: string; stock: number; price: number }[] };

beforeAll(async () => {
  server = await startTestServer();
  const search = await server.api('GET', '/products/search?limit=50');
  product = search.body.data.items.find((p: typeof product) => p.skus.length >= 2 && p.skus.every((s) => s.stock > 10));
});
afterAll(() => server.close());

describe('cart', () => {
  it('starts empty with the spec envelope', async () => {
    const res = await server.api('GET', '/cart');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { items: [], totalItems: 0, totalAmount: 0, selectedItems: 0, selectedAmount: 0, currency: 'CNY' } });
  });

  it('adds a line (201) and adding the same SKU again adds to that line', async () => {
    const sku = product.skus[0]!;
    const first = await server.api('POST', '/cart/items', { body: { productId: String(product.id), skuId: sku.skuId, quantity: 2, remark: 'gift box' } });
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual({ id: expect.any(Number), productId: product.id, skuId: sku.skuId, quantity: 2, message: expect.any(String) });
    const again = await server.api('POST', '/cart/items', { body: { productId: String(product.id), skuId: sku.skuId, quantity: 3 } });
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.quantity).toBe(5);

    const cart = await server.api('GET', '/cart');
    expect(cart.body.data.items).toHaveLength(1);
    const line = cart.body.data.items[0];
    expect(line).toMatchObject({ productId: product.id, skuId: sku.skuId, quantity: 5, selected: true, remark: 'gift box', price: sku.price });
    expect(Object.keys(line).sort()).toEqual(
      ['id', 'productId', 'title', 'skuId', 'skuName', 'price', 'quantity', 'imageUrl', 'selected', 'stock', 'remark'].sort(),
    );
    expect(cart.body.data.totalItems).toBe(5);
    expect(cart.body.data.totalAmount).toBe(Math.round(sku.price * 100 * 5) / 100);
  });

  it.each([
    [{ productId: '1', skuId: 'x', quantity: 0 }, 'quantity'],
    [{ productId: '1', skuId: 'x', quantity: 1.5 }, 'quantity'],
    [{ productId: '1', skuId: 'x', quantity: '2' }, 'quantity'],
    [{ productId: 1, skuId: 'x', quantity: 1 }, 'productId'],
    [{ skuId: 'x', quantity: 1 }, 'productId'],
    [{ productId: '1', quantity: 1 }, 'skuId'],
  ])('rejects %j with 400 naming %s, writing nothing', async (body, field) => {
    const before = tableCounts(server);
    const res = await server.api('POST', '/cart/items', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) });
    expect(tableCounts(server)).toEqual(before);
  });

  it('404 for an unknown product or SKU; 422 above stock', async () => {
    const unknownProduct = await server.api('POST', '/cart/items', { body: { productId: '999999', skuId: 'x', quantity: 1 } });
    expect(unknownProduct.status).toBe(404);
    const unknownSku = await server.api('POST', '/cart/items', { body: { productId: String(product.id), skuId: 'nope', quantity: 1 } });
    expect(unknownSku.status).toBe(404);
    const sku = product.skus[1]!;
    const tooMany = await server.api('POST', '/cart/items', { body: { productId: String(product.id), skuId: sku.skuId, quantity: sku.stock + 1 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toBe('Unprocessable Entity');
  });

  it('batch is all-or-nothing and names the bad index', async () => {
    const before = tableCounts(server);
    const sku = product.skus[1]!;
    const res = await server.api('POST', '/cart/items/batch', {
      body: { items: [{ productId: String(product.id), skuId: sku.skuId, quantity: 1 }, { productId: String(product.id), skuId: 'ghost', quantity: 1 }] },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/^items\[1\]/);
    expect(tableCounts(server)).toEqual(before);

    const ok = await server.api('POST', '/cart/items/batch', { body: { items: [{ productId: String(product.id), skuId: sku.skuId, quantity: 1 }] } });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toEqual({ added: 1, items: [{ id: expect.any(Number), productId: String(product.id) }] });

    const tooMany = await server.api('POST', '/cart/items/batch', {
      body: { items: Array.from({ length: 51 }, () => ({ productId: String(product.id), skuId: sku.skuId, quantity: 1 })) },
    });
    expect(tooMany.status).toBe(400);
  });

  it('a batch over the stock says which part was already in the cart and which came from its own earlier items', async () => {
    const sku = product.skus[1]!;
    const cart = await server.api('GET', '/cart');
    const inCart = (cart.body.data.items as { skuId: string; quantity: number }[]).find((line) => line.skuId === sku.skuId)?.quantity ?? 0;
    const fill = sku.stock - inCart; // the first item fills the stock exactly, the second goes over
    const res = await server.api('POST', '/cart/items/batch', {
      body: { items: [{ productId: String(product.id), skuId: sku.skuId, quantity: fill }, { productId: String(product.id), skuId: sku.skuId, quantity: fill }] },
    });
    expect(res.status).toBe(422);
    const already = inCart > 0 ? `, ${inCart} already in the cart` : '';
    expect(res.body.message).toBe(
      `items[1]: quantity ${inCart + 2 * fill} exceeds the stock of SKU ${sku.skuId} (${sku.stock} available${already}, ${fill} in earlier items of this batch)`,
    );
    expect((await server.api('GET', '/cart')).body.data).toEqual(cart.body.data);
  });

  it('patches quantity and selection; 404 for another id; 400 for an empty patch', async () => {
    const cart = await server.api('GET', '/cart');
    const line = cart.body.data.items[0];
    const res = await server.api('PATCH', `/cart/items/${line.id}`, { body: { quantity: 1, selected: false } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: line.id, quantity: 1, selected: false, message: expect.any(String) });
    const after = await server.api('GET', '/cart');
    expect(after.body.data.selectedItems).toBe(after.body.data.totalItems - 1);
    expect((await server.api('PATCH', '/cart/items/999999', { body: { quantity: 1 } })).status).toBe(404);
    expect((await server.api('PATCH', `/cart/items/${line.id}`, { body: {} })).status).toBe(400);
    expect((await server.api('PATCH', `/cart/items/${line.id}`, { body: { quantity: 0 } })).status).toBe(400);
  });

  it('deletes a line, then clears the cart reporting how many lines went', async () => {
    const cart = await server.api('GET', '/cart');
    const [first, ...rest] = cart.body.data.items;
    expect((await server.api('DELETE', `/cart/items/${first.id}`)).body).toEqual({ data: { message: expect.any(String) } });
    expect((await server.api('DELETE', `/cart/items/${first.id}`)).status).toBe(404);
    const cleared = await server.api('DELETE', '/cart');
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toEqual({ message: expect.any(String), removed: rest.length });
    expect((await server.api('GET', '/cart')).body.data.items).toEqual([]);
  });
});
