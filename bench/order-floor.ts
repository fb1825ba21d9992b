import { groupCommit } from '../src/main/core/db/group-commit.js';
import { openCore, type Core } from '../src/main/core/index.js';
import { createOrder } from '../src/main/core/orders/create.js';
import { depositToWallet } from '../src/main/core/wallet/admin.js';

/**
 * The floor of POST /orders: the order's own SQL and nothing else, in this process, with no HTTP, no key,
 * no validation of a body and no request log. Each order is `createOrder` in a savepoint of the connection's
 * group commit, exactly as the server runs it, and a batch commits (one fsync, synchronous = FULL) every
 * `batch` orders: the most the server can put in one commit when `batch` clients each wait for their answer
 * before sending the next order (the bench's 16 connections). Whatever the HTTP layer costs comes on top, so
 * POST /orders cannot beat this rate on the same machine and schema.
 */
export class OrderFloor {
  private readonly core: Core;
  private readonly skus: { productId: string; skuId: string }[];
  private next = 0;

  constructor(dataDir: string, private readonly batch: number) {
    this.core = openCore({ dataDir });
    const { db } = this.core.ctx;
    // As the bench's servers: ample stock and money, so every order succeeds.
    db.prepare('UPDATE product_skus SET stock = 1000000000 WHERE stock > 50').run();
    depositToWallet(this.core.ctx, { userId: 1, amount: 90_000_000_000, note: 'bench floor' });
    this.skus = (
      db.prepare(`SELECT s.product_id, s.sku_id FROM product_skus s JOIN products p ON p.id = s.product_id WHERE p.source = 'local' AND s.stock > 50`).all() as {
        product_id: number;
        sku_id: string;
      }[]
    ).map((s) => ({ productId: String(s.product_id), skuId: s.sku_id }));
  }

  /** Orders a second, placing orders for `seconds` (whole batches). */
  rate(seconds: number): number {
    const gc = groupCommit(this.core.ctx.db);
    const started = performance.now();
    let orders = 0;
    while (performance.now() - started < seconds * 1000) {
      for (let i = 0; i < this.batch; i++) {
        const sku = this.skus[this.next++ % this.skus.length]!;
        gc.run(() => createOrder(this.core.ctx, 1, { items: [{ ...sku, quantity: 1 }] }));
        orders++;
      }
      gc.flush();
    }
    return Math.round(orders / ((performance.now() - started) / 1000));
  }

  close(): void {
    this.core.close();
  }
}
