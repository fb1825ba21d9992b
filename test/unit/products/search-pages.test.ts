import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { groupCommit } from '../../../src/main/core/db/group-commit.js';
import { openCore } from '../../../src/main/core/index.js';
import { skusOfSql } from '../../../src/main/core/products/catalog.js';
import { searchLocalCatalog } from '../../../src/main/core/products/search.js';
import { searchFiltersOf } from '../../../src/main/core/products/search-filters.js';
import { fullScans, queryPlan, recordStatements } from '../../helpers/read-counter.js';
import { nextRun } from '../../helpers/next-run.js';

/**
 * A search page is kept while nothing changed and rebuilt after any change (db/kept-views.ts); a cold page
 * reads its SKUs in one statement and counts the matches only when its own rows cannot tell the total.
 */
describe('local catalog search pages', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-search-pages-'));
  const core = openCore({ dataDir });
  const { ctx } = core;
  afterAll(() => {
    core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const hoodies = () => searchLocalCatalog(ctx, 'hoodie', { page: 1, limit: 20 });
  const firstHoodie = () => hoodies().items[0]!;
  const matchCount = (q: string) =>
    ctx.db.prepare("SELECT COUNT(*) FROM products_fts f JOIN products p ON p.id = f.rowid WHERE p.source = 'local' AND products_fts MATCH ?").pluck().get(`"${q}"*`) as number;

  it('hands back the same frozen page while nothing changed, one per query, page and filters', () => {
    const first = hoodies();
    expect(first.items.length).toBeGreaterThan(0);
    expect(hoodies()).toBe(first);
    expect(searchLocalCatalog(ctx, 'hoodie', { page: 1, limit: 19 })).not.toBe(first);
    expect(searchLocalCatalog(ctx, 'hoodie', { page: 1, limit: 20 }, searchFiltersOf({ inStock: true }))).not.toBe(first);
    expect(searchLocalCatalog(ctx, '  HOODIE ', { page: 1, limit: 20 })).toEqual(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.items) && Object.isFrozen(first.items[0]!.skus[0])).toBe(true);
  });

  it('shows a write of this connection at once (price, stock)', () => {
    const product = firstHoodie();
    ctx.db.prepare('UPDATE product_skus SET stock = stock + 5 WHERE product_id = ? AND sku_id = ?').run(product.id, product.skus[0]!.skuId);
    expect(firstHoodie().skus[0]!.stock).toBe(product.skus[0]!.stock + 5);
  });

  it("shows another connection's commit (the CLI) from the next run on", async () => {
    const product = firstHoodie();
    const other = openCore({ dataDir, empty: true });
    try {
      other.ctx.db.prepare('UPDATE products SET title = ? WHERE id = ?').run(`${product.title} (renamed)`, product.id);
    } finally {
      other.close();
    }
    await nextRun();
    expect(hoodies().items.find((p) => p.id === product.id)!.title).toBe(`${product.title} (renamed)`);
  });

  it('builds, but does not keep, a page read inside an open batch', async () => {
    const product = firstHoodie();
    const gc = groupCommit(ctx.db);
    gc.run(() => ctx.db.prepare('UPDATE products SET sales = sales + 1 WHERE id = ?').run(product.id));
    const inside = hoodies();
    expect(inside.items.find((p) => p.id === product.id)!.sales).toBe(product.sales + 1);
    await gc.settled();
    const after = hoodies();
    expect(after).not.toBe(inside);
    expect(after.items.find((p) => p.id === product.id)!.sales).toBe(product.sales + 1);
    expect(hoodies()).toBe(after);
  });

  it('reads the SKUs of a page in one statement that follows the position index without sorting', () => {
    const { result, reads } = recordStatements(ctx.db, () => searchLocalCatalog(ctx, '', { page: 1, limit: 37 }));
    expect(result.items).toHaveLength(37);
    const skuReads = reads.filter((read) => /FROM product_skus/.test(read.sql));
    expect(skuReads).toHaveLength(1);
    expect(skuReads[0]!.rows).toBe(result.items.reduce((n, p) => n + p.skus.length, 0));
    for (const size of [1, 2, 64, 128]) {
      const plan = queryPlan(ctx.db, skusOfSql(size), Array.from({ length: size }, (_, i) => i + 1));
      expect(plan.join('\n')).toMatch(/product_skus_position/);
      expect(fullScans(plan)).toEqual([]);
    }
  });

  it('counts only when the page is full or past the end, and the total is the count either way', () => {
    const total = matchCount('hoodie');
    expect(total).toBeGreaterThan(1);
    const count = (q: string, page: number, limit: number, sort?: 'price_asc') => {
      const { result, reads } = recordStatements(ctx.db, () => searchLocalCatalog(ctx, q, { page, limit }, searchFiltersOf({ sort })));
      return { total: result.total, items: result.items.length, counted: reads.some((read) => /COUNT\(\*\)/.test(read.sql)) };
    };
    expect(count('hoodie', 1, total + 1)).toEqual({ total, items: total, counted: false });
    const catalog = ctx.db.prepare("SELECT COUNT(*) FROM products WHERE source = 'local'").pluck().get() as number;
    const lastPage = Math.ceil(catalog / 100);
    expect(catalog % 100).toBeGreaterThan(0);
    expect(count('', lastPage, 100)).toEqual({ total: catalog, items: catalog % 100, counted: false });
    expect(count('hoodie', 1, total - 1)).toEqual({ total, items: total - 1, counted: true });
    expect(count('hoodie', 9, total, 'price_asc')).toEqual({ total, items: 0, counted: true });
    expect(count('no-such-word-anywhere', 1, 20)).toEqual({ total: 0, items: 0, counted: false });
  });
});
