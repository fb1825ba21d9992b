import { afterEach, describe, expect, it } from 'vitest';
import { formatDoctorReport, runDoctorChecks } from '../../../src/main/cli/doctor.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { createOrder } from '../../../src/main/core/orders/create.js';
import { checkOrderInvariants } from '../../../src/main/core/orders/invariants.js';
import { recordStatements } from '../../helpers/read-counter.js';
import { orderableSku } from '../../helpers/fixtures.js';

/**
 * The doctor streams: orders merged with their ledger entries in one pass, problems counted but only the
 * first few kept. Faults written behind the core's back are all found.
 */
const cores: Core[] = [];
afterEach(() => {
  while (cores.length) cores.pop()!.close();
});

function coreWithOrders(count: number): Core {
  const core = openCore({ dataDir: ':memory:' });
  cores.push(core);
  const sku = orderableSku(core.ctx);
  for (let i = 0; i < count; i++) createOrder(core.ctx, 1, { items: [{ ...sku, quantity: 1 }] });
  return core;
}

describe('crossbuy doctor', () => {
  it('passes a sound folder', () => {
    const core = coreWithOrders(5);
    const checks = runDoctorChecks(core.ctx);
    expect(checks.every((c) => c.ok)).toBe(true);
    expect(checks.find((c) => c.name === 'orders')!.summary).toMatch(/^5 orders:/);
  });

  it('finds every fault, lists the first 20 and counts the rest', () => {
    const core = coreWithOrders(3);
    const { db } = core.ctx;
    const orderNos = db.prepare('SELECT order_no FROM orders ORDER BY order_no').pluck().all() as string[];
    db.transaction(() => {
      // A payment for an order that does not exist, sorting before, between and after the real ones.
      for (const ref of ['PO0', `${orderNos[1]}x`, 'PZ9']) {
        db.prepare(`INSERT INTO wallet_entries (user_id, type, amount_minor, balance_after_minor, currency, reference, created_at) VALUES (1, 'order_payment', -1, 0, 'CNY', ?, '2026-01-01T00:00:00.000Z')`).run(ref);
      }
      // An order whose total no longer matches its payment.
      db.prepare('UPDATE orders SET subtotal_minor = subtotal_minor + 1, total_minor = total_minor + 1 WHERE order_no = ?').run(orderNos[2]);
      // Many more orders that were never paid.
      const insert = db.prepare(
        `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, service_fee_minor, total_minor, created_at, updated_at)
         VALUES (?, 1, 'pending', 'taobao', 'CNY', 100, 0, 100, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      );
      for (let i = 0; i < 30; i++) insert.run(`PU${String(i).padStart(4, '0')}`);
    }).immediate();
    const orders = runDoctorChecks(core.ctx).find((c) => c.name === 'orders')!;
    expect(orders.ok).toBe(false);
    expect(orders.problemCount).toBe(3 + 1 + 30);
    expect(orders.problems.length).toBe(20);
    expect(formatDoctorReport('x.db', runDoctorChecks(core.ctx))).toContain('... and 14 more');
    const all = checkOrderInvariants(core.ctx).map((p) => `${p.orderNo}: ${p.problem}`);
    for (const ref of ['PO0', `${orderNos[1]}x`, 'PZ9']) expect(all).toContain(`${ref}: order_payment entry for an order that does not exist`);
    expect(all.some((p) => p.startsWith(`${orderNos[2]}: totalAmount`) || p.startsWith(`${orderNos[2]}: paid`))).toBe(true);
    expect(all.filter((p) => p.startsWith('PU')).length).toBe(30);
  });

  it('runs the same statements for 3 orders as for 25: no query per order', () => {
    const statements = (count: number) => {
      const core = coreWithOrders(count);
      return recordStatements(core.ctx.db, () => runDoctorChecks(core.ctx)).reads.map((r) => r.sql);
    };
    expect(statements(25)).toEqual(statements(3));
  });
});

describe('crossbuy doctor --timings', () => {
  it('prints how long each check took beside it, only when asked', () => {
    const core = coreWithOrders(1);
    const checks = runDoctorChecks(core.ctx);
    for (const c of checks) expect(c.ms, c.name).toBeGreaterThanOrEqual(0);
    const timed = formatDoctorReport('x.db', checks, { timings: true });
    expect(timed).toMatch(/^ok {4}orders: .* \(\d+ ms\)$/m);
    expect(timed).toMatch(/^ok {4}database integrity: .* \(\d+ ms\)$/m);
    expect(formatDoctorReport('x.db', checks)).not.toMatch(/ms\)$/m);
  });
});
