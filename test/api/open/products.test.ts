import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PRODUCT_FIELDS = ['id', 'title', 'price', 'currency', 'platform', 'imageUrl', 'shopName', 'skus'];

describe('products', () => {
  it('searches the local catalog with the paginated envelope', async () => {
    const all = await server.api('GET', '/products/search');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ page: 1, limit: 20 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(200);
    expect(all.body.data.items).toHaveLength(20);
    for (const field of PRODUCT_FIELDS) expect(all.body.data.items[0]).toHaveProperty(field);
    expect(all.body.data.items[0].currency).toBe('CNY');

    const hoodies = await server.api('GET', '/products/search?q=hoodie&limit=100');
    expect(hoodies.body.data.total).toBeGreaterThan(0);
    for (const p of hoodies.body.data.items) expect(p.title.toLowerCase()).toContain('hoodie');
    const page2 = await server.api('GET', '/products/search?page=2&limit=5');
    expect(page2.body.data).toMatchObject({ page: 2, limit: 5 });
    expect(page2.body.data.items[0].id).not.toBe(all.body.data.items[0].id);
  });

  it('treats FTS syntax in a query as plain words', async () => {
    const res = await server.api('GET', `/products/search?q=${encodeURIComponent('"NEAR( * OR -')}`);
    expect(res.status).toBe(200);
  });

  it('finds nothing for a query without a letter or digit (an emoji, a dash), everything only for an empty one', async () => {
    for (const q of ['😀', '-', ' ~ ']) {
      const res = await server.api('GET', `/products/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.body.data, q).toEqual({ items: [], total: 0, page: 1, limit: 20 });
    }
    expect((await server.api('GET', '/products/search?q=')).body.data.total).toBeGreaterThan(0);
    expect((await server.api('GET', `/products/search?q=${encodeURIComponent('  ')}`)).body.data.total).toBeGreaterThan(0);
  });

  it.each(['page=0', 'limit=0', 'limit=101', 'page=abc', 'limit=2.5'])('rejects pagination %s with 400', async (q) => {
    const res = await server.api('GET', `/products/search?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Bad Request');
  });

  it('searches each platform deterministically and gives every item a stable local id', async () => {
    for (const platform of ['taobao', '1688', 'weidian']) {
      const a = await server.api('GET', `/products/platform/${platform}/search?q=backpack`);
      const b = await server.api('GET', `/products/platform/${platform}/search?q=backpack`);
      expect(a.status).toBe(200);
      expect(a.body.data.total).toBeGreaterThan(0);
      expect(b.body.data).toEqual(a.body.data);
      for (const p of a.body.data.items) expect(p.platform).toBe(platform);
    }
    const everything = await server.api('GET', '/products/platform/taobao/search?limit=1');
    expect(everything.body.data.total).toBeGreaterThanOrEqual(1000);
  });

  it('404 for an unknown platform', async () => {
    const res = await server.api('GET', '/products/platform/amazon/search?q=x');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('amazon');
  });

  it('reads one product with SKUs; 404 for an unknown id, 400 for a non-numeric one', async () => {
    const found = await server.api('GET', '/products/platform/1688/search?q=mug');
    const id = found.body.data.items[0].id;
    const res = await server.api('GET', `/products/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(found.body.data.items[0]);
    expect(res.body.data.skus.length).toBeGreaterThan(0);
    expect(res.body.data.skus[0]).toMatchObject({ skuId: expect.any(String), name: expect.any(String), price: expect.any(Number), stock: expect.any(Number) });
    expect((await server.api('GET', '/products/999999')).status).toBe(404);
    expect((await server.api('GET', '/products/abc')).status).toBe(400);
  });

  it('serves product images locally', async () => {
    const res = await server.api('GET', '/products/search?limit=1');
    const image = await fetch(res.body.data.items[0].imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(await image.text()).toContain('<svg');
  });

  it('resolves pasted marketplace links to their product', async () => {
    const sample = (await server.api('GET', '/products/platform/taobao/search?limit=1')).body.data.items[0];
    for (const url of [
      `https://item.taobao.com/item.htm?id=${sample.platformItemId}`,
      `https://detail.tmall.com/item.htm?spm=a1z10&id=${sample.platformItemId}`,
    ]) {
      const res = await server.api('GET', `/products/resolve?url=${encodeURIComponent(url)}`);
      expect(res.status).toBe(200);
      expect(res.body.data.id).toBe(sample.id);
    }
    const offer = (await server.api('GET', '/products/platform/1688/search?limit=1')).body.data.items[0];
    const r1688 = await server.api('GET', `/products/resolve?url=${encodeURIComponent(`https://detail.1688.com/offer/${offer.platformItemId}.html`)}`);
    expect(r1688.body.data.id).toBe(offer.id);
    expect((await server.api('GET', `/products/resolve?url=${encodeURIComponent('https://example.com/x')}`)).status).toBe(400);
    expect((await server.api('GET', `/products/resolve?url=${encodeURIComponent('https://item.taobao.com/item.htm?id=12345678')}`)).status).toBe(404);
  });

  it('v1.2: resolves other agents\' links and share texts, naming the source', async () => {
    const wd = (await server.api('GET', '/products/platform/weidian/search?limit=1')).body.data.items[0];
    const wdUrl = `https://weidian.com/item.html?itemID=${wd.platformItemId}`;
    for (const [url, source] of [
      [`https://www.kakobuy.com/item/details?url=${encodeURIComponent(wdUrl)}&affcode=x`, 'kakobuy'],
      [`https://cnfans.com/product?id=${wd.platformItemId}&platform=WEIDIAN`, 'cnfans'],
      [`https://www.cssbuy.com/item-micro-${wd.platformItemId}.html`, 'cssbuy'],
      [`【微店】好物分享 ${wdUrl}&wfr=wx`, 'weidian'],
    ] as const) {
      const res = await server.api('GET', `/products/resolve?url=${encodeURIComponent(url)}`);
      expect(res.status, url).toBe(200);
      expect(res.body.data).toMatchObject({ id: wd.id, source });
    }
    const empty = await server.api('GET', `/products/resolve?url=${encodeURIComponent('https://www.kakobuy.com/')}`);
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('link_no_item_id');
  });

  it('says with a stable code what is wrong with a link it cannot open', async () => {
    const resolve = async (url: string) => (await server.api('GET', `/products/resolve?url=${encodeURIComponent(url)}`)).body;
    expect(await resolve('https://example.com/x')).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: "url is not a Taobao, Tmall, 1688 or Weidian product link, nor an agent's link to one",
      code: 'link_not_marketplace',
      field: 'url',
    });
    expect(await resolve('https://m.tb.cn/h.5Xyz')).toMatchObject({ statusCode: 400, code: 'link_short' });
    expect(await resolve('https://shop123.taobao.com/')).toMatchObject({ statusCode: 400, code: 'link_no_item_id' });
    // A well-formed 1688 link to an item the marketplace does not have: a 404, not "not a 1688 link".
    expect(await resolve('https://detail.1688.com/offer/123.html')).toMatchObject({ statusCode: 404, code: 'item_not_found', field: 'url' });
  });
});
