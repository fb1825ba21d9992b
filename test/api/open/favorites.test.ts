import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let products: { id: number; title: string; price: number; imageUrl: string; currency: string }[];

const FAVORITE_KEYS = ['id', 'productId', 'title', 'price', 'currency', 'imageUrl', 'addedAt'].sort();
const SPEC_KEYS = ['id', 'productId', 'title', 'price', 'imageUrl', 'addedAt'];

async function expectNoWrite(run: () => Promise<void>): Promise<void> {
  const counts = tableCounts(server);
  await run();
  expect(tableCounts(server)).toEqual(counts);
}

beforeAll(async () => {
  server = await startTestServer();
  products = (await server.api('GET', '/products/search?limit=5')).body.data.items;
});
afterAll(() => server.close());

describe('favorites', () => {
  it('starts empty with exactly the { items, total } envelope', async () => {
    const res = await server.api('GET', '/user/favorites');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { items: [], total: 0 } });
  });

  it('POST favorites a product (201) with the product title, price and image', async () => {
    const p = products[0]!;
    const res = await server.api('POST', '/user/favorites', { body: { productId: String(p.id) } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body.data).sort()).toEqual(FAVORITE_KEYS);
    for (const key of SPEC_KEYS) expect(res.body.data).toHaveProperty(key);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      productId: p.id,
      title: p.title,
      price: p.price,
      currency: p.currency,
      imageUrl: p.imageUrl,
      addedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    expect(res.body.data.imageUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
  });

  it('POST of a product already favorited returns the existing favorite with 200 and writes nothing', async () => {
    const list = (await server.api('GET', '/user/favorites')).body.data;
    await expectNoWrite(async () => {
      const res = await server.api('POST', '/user/favorites', { body: { productId: String(products[0]!.id) } });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(list.items[0]);
    });
  });

  it.each([
    [{ productId: 1 }, 'productId'],
    [{ productId: 'abc' }, 'productId'],
    [{ productId: '' }, 'productId'],
    [{ productId: '01' }, 'productId'],
    [{}, 'productId'],
    [{ productId: '1', note: 'x' }, 'note'],
  ])('POST %j: 400 naming %s, writing nothing', async (body, field) => {
    await expectNoWrite(async () => {
      const res = await server.api('POST', '/user/favorites', { body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) });
    });
  });

  it('POST of an unknown product: 404, writing nothing', async () => {
    await expectNoWrite(async () => {
      const res = await server.api('POST', '/user/favorites', { body: { productId: '999999' } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Product 999999 not found' });
    });
  });

  it('lists newest first; page and limit pick the slice while total counts them all', async () => {
    for (const p of products.slice(1, 4)) {
      expect((await server.api('POST', '/user/favorites', { body: { productId: String(p.id) } })).status).toBe(201);
    }
    const all = await server.api('GET', '/user/favorites');
    expect(Object.keys(all.body.data).sort()).toEqual(['items', 'total']);
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.items.map((f: { productId: number }) => f.productId)).toEqual([products[3]!.id, products[2]!.id, products[1]!.id, products[0]!.id]);
    const slice = await server.api('GET', '/user/favorites?page=2&limit=3');
    expect(slice.body.data).toEqual({ items: [all.body.data.items[3]], total: 4 });
    const past = await server.api('GET', '/user/favorites?page=5&limit=3');
    expect(past.body.data).toEqual({ items: [], total: 4 });
  });

  it.each(['page=0', 'limit=0', 'limit=101', 'page=x'])('GET ?%s: 400', async (query) => {
    const res = await server.api('GET', `/user/favorites?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(query.split('=')[0]);
  });

  it('DELETE by favorite id (200 { message }); again 404; a bad id 400; nothing written on failure', async () => {
    const first = (await server.api('GET', '/user/favorites')).body.data.items[0];
    const res = await server.api('DELETE', `/user/favorites/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: expect.any(String) } });
    expect((await server.api('GET', '/user/favorites')).body.data.total).toBe(3);
    await expectNoWrite(async () => {
      const again = await server.api('DELETE', `/user/favorites/${first.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ statusCode: 404, error: 'Not Found', message: `Favorite ${first.id} not found` });
      expect((await server.api('DELETE', '/user/favorites/abc')).status).toBe(400);
    });
    // Favoriting it again makes a fresh favorite.
    const back = await server.api('POST', '/user/favorites', { body: { productId: String(first.productId) } });
    expect(back.status).toBe(201);
    expect(back.body.data.productId).toBe(first.productId);
  });

  it('scopes: favorites:read lists, favorites:write changes (403 otherwise, nothing written)', async () => {
    const reader = server.makeKey(['favorites:read']);
    expect((await server.api('GET', '/user/favorites', { key: reader })).status).toBe(200);
    const writer = server.makeKey(['favorites:write']);
    const denied = await server.api('GET', '/user/favorites', { key: writer });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Insufficient scope. Required: favorites:read. Your key has: favorites:write');
    await expectNoWrite(async () => {
      expect((await server.api('POST', '/user/favorites', { key: reader, body: { productId: String(products[4]!.id) } })).status).toBe(403);
      expect((await server.api('DELETE', '/user/favorites/1', { key: reader })).status).toBe(403);
      expect((await server.api('GET', '/user/favorites', { key: null })).status).toBe(401);
    });
  });
});
