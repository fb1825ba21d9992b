import { openCore } from '../src/main/core/index.js';

/**
 * Fills a data folder with `count` purchase orders for the list benchmark: real rows (order, one line,
 * timeline, the payment in the ledger), written in one transaction with raw inserts, because placing them
 * one by one through the API would take minutes. The ledger stays consistent (doctor passes).
 */
const STATUSES = ['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse', 'completed', 'cancelled'] as const;
/** The statuses the autopilot still has work for. */
export const ACTIVE_STATUSES = ['pending', 'paid', 'purchased', 'shipped_to_warehouse'] as const;

export interface SeedOptions {
  /** Spread the orders over the `spanMs` before this instant (one a minute otherwise, from 2025-01-01). */
  endingAt?: Date;
  spanMs?: number;
  /** Statuses to cycle through (default: every status, cancelled ones refunded). */
  statuses?: readonly (typeof STATUSES)[number][];
}

export function seedOrders(dataDir: string, count: number, options: SeedOptions = {}): void {
  const core = openCore({ dataDir });
  const { db } = core.ctx;
  try {
    const skus = db.prepare(`SELECT s.product_id, s.sku_id, s.name, s.price_minor, p.title, p.platform, p.weight_g, p.cargo_type FROM product_skus s JOIN products p ON p.id = s.product_id WHERE p.source = 'local'`).all() as {
      product_id: number; sku_id: string; name: string; price_minor: number; title: string; platform: string; weight_g: number; cargo_type: string;
    }[];
    db.transaction(() => {
      const insertOrder = db.prepare(
        `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, discount_minor, service_fee_minor, total_minor, created_at, updated_at)
         VALUES (?, 1, ?, ?, 'CNY', ?, 0, ?, ?, ?, ?)`,
      );
      const insertItem = db.prepare(
        `INSERT INTO order_items (order_no, product_id, sku_id, title, sku_name, price_minor, quantity, weight_g, cargo_type) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
      );
      const insertTimeline = db.prepare(`INSERT INTO order_timeline (order_no, status, at, note) VALUES (?, ?, ?, '')`);
      const insertEntry = db.prepare(
        `INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, reference, description, created_at) VALUES (1, ?, ?, ?, 'CNY', ?, '', ?)`,
      );
      let balance = (db.prepare('SELECT balance_minor FROM wallets WHERE user_id = 1').get() as { balance_minor: number }).balance_minor;
      const statuses = options.statuses ?? STATUSES;
      const draw = core.ctx.random.draw(); // one step of the world's stream gives every seeded order number
      const step = options.endingAt ? (options.spanMs ?? 10 * 86_400_000) / count : 60_000;
      const start = options.endingAt ? options.endingAt.getTime() - step * count : Date.parse('2025-01-01T00:00:00Z');
      for (let i = 0; i < count; i++) {
        const sku = skus[i % skus.length]!;
        const status = statuses[i % statuses.length]!;
        const at = new Date(Math.floor(start + i * step)).toISOString();
        const orderNo = `PO${at.slice(0, 10).replaceAll('-', '')}${draw.code(8)}`;
        const fee = Math.round(sku.price_minor / 20);
        const total = sku.price_minor + fee;
        balance += total;
        insertEntry.run('deposit', total, balance, `BENCH-${i}`, at);
        balance -= total;
        insertEntry.run('order_payment', -total, balance, orderNo, at);
        insertOrder.run(orderNo, status, sku.platform, sku.price_minor, fee, total, at, at);
        insertItem.run(orderNo, sku.product_id, sku.sku_id, sku.title, sku.name, sku.price_minor, sku.weight_g, sku.cargo_type);
        insertTimeline.run(orderNo, 'pending', at);
        if (status === 'cancelled') {
          balance += total;
          insertEntry.run('order_refund', total, balance, orderNo, at);
        }
      }
      db.prepare('UPDATE wallets SET balance_minor = ? WHERE user_id = 1').run(balance);
    })();
  } finally {
    core.close();
  }
}
