import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchLocalCatalog } from '../../../src/main/core/products/search.js';
import { searchFiltersOf } from '../../../src/main/core/products/search-filters.js';
import { queryPlan, recordStatements } from '../../helpers/read-counter.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

interface Item {
  id: number;
  price: number;
  sales: number;
  platform: string;
  title: string;
  skus: { stock: number }[];
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function items(path: string): Promise<{ items: Item[]; total: number }> {
  const res = await server.api('GET', path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const cents = (amount: number) => Math.round(amount * 100);
const isSorted = (values: number[], direction: 1 | -1) => values.every((v, i) => i === 0 || direction * (v - values[i - 1]!) >= 0);

describe.each(['/products/search', '/products/platform/taobao/search'])('%s sort and filters', (route) => {
  it('sorts by price both ways, by sales, and by newest', async () => {
    const asc = await items(`${route}?sort=price_asc&limit=50`);
    expect(isSorted(asc.items.map((p) => cents(p.price)), 1)).toBe(true);
    const desc = await items(`${route}?sort=price_desc&limit=50`);
    expect(isSorted(desc.items.map((p) => cents(p.price)), -1)).toBe(true);
    expect(desc.items[0]!.price).toBeGreaterThan(asc.items[0]!.price);
    const sales = await items(`${route}?sort=sales&limit=50`);
    expect(isSorted(sales.items.map((p) => p.sales), -1)).toBe(true);
    const newest = await items(`${route}?sort=newest&limit=5`);
    expect(newest.total).toBe(asc.total);
    expect(newest.items.map((p) => p.id)).not.toEqual(sales.items.slice(0, 5).map((p) => p.id));
  });

  it('filters a price range (inclusive) and in stock, and counts only what matches', async () => {
    const all = await items(`${route}?limit=1`);
    const ranged = await items(`${route}?minPrice=50&maxPrice=120.5&sort=price_asc&limit=100`);
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBeLessThan(all.total);
    for (const p of ranged.items) expect(cents(p.price) >= 5000 && cents(p.price) <= 12050).toBe(true);
    const inStock = await items(`${route}?inStock=true&limit=100`);
    for (const p of inStock.items) expect(p.skus.some((s) => s.stock > 0)).toBe(true);
    expect(inStock.total).toBeLessThanOrEqual(all.total);
    const notFiltered = await items(`${route}?inStock=false&limit=1`);
    expect(notFiltered.total).toBe(all.total);
    // Filters and a query together.
    const hoodies = await items(`${route}?q=hoodie&maxPrice=200&sort=price_desc&limit=100`);
    for (const p of hoodies.items) {
      expect(p.title.toLowerCase()).toContain('hoodie');
      expect(p.price).toBeLessThanOrEqual(200);
    }
    expect(isSorted(hoodies.items.map((p) => cents(p.price)), -1)).toBe(true);
  });

  it.each([
    ['sort=cheapest', 'sort'],
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=abc', 'maxPrice'],
    ['maxPrice=100000000', 'maxPrice'],
    ['inStock=yes', 'inStock'],
    ['minPrice=20&maxPrice=10', 'minPrice'],
  ])('rejects %s with 400 naming the field', async (query, field) => {
    const res = await server.api('GET', `${route}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(field);
    // The field as the client wrote it, never the validator's own path ("querystring/minPrice").
    expect(res.body.message).not.toContain('querystring');
  });
});

describe('local catalog platform filter', () => {
  it('keeps one platform', async () => {
    for (const platform of ['taobao', '1688', 'weidian']) {
      const page = await items(`/products/search?platform=${platform}&limit=100`);
      expect(page.total).toBeGreaterThan(0);
      for (const p of page.items) expect(p.platform).toBe(platform);
    }
    const res = await server.api('GET', '/products/search?platform=amazon');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('platform');
  });

  it('sorts by price from the index, without sorting the catalog', () => {
    const db = server.running.core.ctx.db;
    const plan = queryPlan(db, `SELECT p.* FROM products p WHERE p.source = 'local' AND p.price_minor >= ? ORDER BY p.price_minor, p.id LIMIT 20`, [0]);
    expect(plan.join('\n')).toMatch(/products_source_price/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });

  it('with a query and a price order, reads the full-text matches first (not the price index probing FTS per row)', () => {
    const { ctx } = server.running.core;
    const { reads } = recordStatements(ctx.db, () =>
      searchLocalCatalog(ctx, 'hoodie', { page: 1, limit: 24 }, searchFiltersOf({ sort: 'price_desc', maxPrice: 500 })),
    );
    const pageRead = reads.find((read) => /FROM products_fts/.test(read.sql) && /LIMIT @limit/.test(read.sql))!;
    const plan = (ctx.db.prepare(`EXPLAIN QUERY PLAN ${pageRead.sql}`).all(pageRead.args[0]) as { detail: string }[]).map((r) => r.detail);
    expect(plan[0]).toMatch(/VIRTUAL TABLE/);
    expect(plan.join('\n')).toMatch(/SEARCH p USING INTEGER PRIMARY KEY/);
  });
});
