import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addToCart, getCart } from '../../../src/main/core/cart/cart.js';
import { groupCommit } from '../../../src/main/core/db/group-commit.js';
import { openCore } from '../../../src/main/core/index.js';

/** GET /cart serves an unchanged cart from the views already built; any change anywhere rebuilds it. */
describe('cart views', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-cartview-'));
  const core = openCore({ dataDir });
  const ctx = core.ctx;
  afterAll(() => {
    core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const skus = ctx.db
    .prepare('SELECT s.product_id AS productId, s.sku_id AS skuId FROM product_skus s WHERE s.stock > 20 ORDER BY s.product_id LIMIT 3')
    .all() as { productId: number; skuId: string }[];
  const add = (i: number, quantity = 1) => addToCart(ctx, 1, { productId: String(skus[i]!.productId), skuId: skus[i]!.skuId, quantity });
  const stockOf = (i: number) => getCart(ctx, 1).items.find((item) => item.skuId === skus[i]!.skuId)!.stock;

  it('hands back the same view while nothing changed, and a new one after a write of this connection', () => {
    add(0);
    add(1);
    const first = getCart(ctx, 1);
    expect(getCart(ctx, 1)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.items)).toBe(true);
    add(2);
    const second = getCart(ctx, 1);
    expect(second).not.toBe(first);
    expect(second.items).toHaveLength(3);
  });

  it('sees a change another connection (the CLI) committed, and a change to a row outside the cart (stock)', async () => {
    const before = stockOf(0);
    const other = openCore({ dataDir });
    try {
      other.ctx.db.prepare('UPDATE product_skus SET stock = stock - 1 WHERE product_id = ? AND sku_id = ?').run(skus[0]!.productId, skus[0]!.skuId);
    } finally {
      other.close();
    }
    // Another process's commit is seen from the next synchronous run on (db/data-version.ts), as the
    // next request would see it.
    await new Promise((resolve) => setImmediate(resolve));
    expect(stockOf(0)).toBe(before - 1);
    ctx.db.prepare('UPDATE product_skus SET stock = stock - 1 WHERE product_id = ? AND sku_id = ?').run(skus[0]!.productId, skus[0]!.skuId);
    expect(stockOf(0)).toBe(before - 2);
  });

  it('builds, but does not keep, a view read inside an open batch', async () => {
    const committed = getCart(ctx, 1);
    const gc = groupCommit(ctx.db);
    gc.run(() => add(0, 2));
    const inside = getCart(ctx, 1);
    expect(inside.totalItems).toBe(committed.totalItems + 2);
    await gc.settled();
    const after = getCart(ctx, 1);
    expect(after).not.toBe(inside);
    expect(after.totalItems).toBe(committed.totalItems + 2);
  });
});
