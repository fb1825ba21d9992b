import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/main/core/db/database.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { cancelOrder } from '../../../src/main/core/orders/cancel.js';
import { createOrder } from '../../../src/main/core/orders/create.js';
import { checkOrderInvariants } from '../../../src/main/core/orders/invariants.js';
import { applyTransition } from '../../../src/main/core/orders/lifecycle.js';
import { getOrderDetail, getOrderInspection, getOrderLogistics } from '../../../src/main/core/orders/views.js';
import { writeSetting } from '../../../src/main/core/settings/settings.js';
import { ManualClock } from '../../../src/main/core/shared/clock.js';
import { ApiError } from '../../../src/main/core/shared/errors.js';
import { orderableSku } from '../../helpers/fixtures.js';

/**
 * The lifecycle as the autopilot drives it: one applyTransition per step, on the service clock, outside
 * any HTTP request.
 */
let core: Core;
const clock = new ManualClock(Date.parse('2026-03-01T08:00:00.000Z'));
const HOUR = 3_600_000;
let sku: { productId: string; skuId: string };

beforeAll(() => {
  core = openCore({ dataDir: ':memory:', clock });
  sku = orderableSku(core.ctx);
});
afterAll(() => core.close());

describe('lifecycle on the service clock', () => {
  it('writes timeline, logistics trail, inspection and packages at the times the steps happen', () => {
    const ctx = core.ctx;
    const order = createOrder(ctx, 1, { items: [{ ...sku, quantity: 2 }] });
    expect(order.orderNo.slice(0, 10)).toBe('PO20260301');
    clock.advance(HOUR);
    applyTransition(ctx, order.orderNo, 'paid', 'admin');
    clock.advance(5 * HOUR);
    applyTransition(ctx, order.orderNo, 'purchased', 'admin', { marketplaceOrderNo: '123' });
    clock.advance(24 * HOUR);
    const shippedAt = ctx.nowIso();
    applyTransition(ctx, order.orderNo, 'shipped_to_warehouse', 'admin', { carrier: 'SF Express' });
    clock.advance(48 * HOUR);
    const arrivedAt = ctx.nowIso();
    applyTransition(ctx, order.orderNo, 'in_warehouse', 'admin', { inspection: { weight: 900 } });

    const detail = getOrderDetail(ctx, order.orderNo, 1);
    expect(detail.timeline.map((t) => [t.status, t.at])).toEqual([
      ['pending', '2026-03-01T08:00:00.000Z'],
      ['paid', '2026-03-01T09:00:00.000Z'],
      ['purchased', '2026-03-01T14:00:00.000Z'],
      ['shipped_to_warehouse', shippedAt],
      ['in_warehouse', arrivedAt],
    ]);
    expect(detail.updatedAt).toBe(arrivedAt);
    expect(detail.logistics.trackingNo).toMatch(/^SF\d{13}$/);
    const trail = getOrderLogistics(ctx, order.orderNo, 1);
    expect(trail.events.map((e) => e.at)).toEqual([shippedAt, '2026-03-03T14:00:00.000Z', arrivedAt]);
    expect(getOrderInspection(ctx, order.orderNo, 1)).toMatchObject({ result: 'passed', weight: 900, inspectedAt: arrivedAt });
    const packages = ctx.db.prepare('SELECT arrived_at, weight_g FROM packages WHERE order_no = ?').all(order.orderNo);
    expect(packages).toEqual([{ arrived_at: arrivedAt, weight_g: 900 }]);

    // Completion belongs to the system (the last package delivered), not to the back office or the user.
    expect(() => applyTransition(ctx, order.orderNo, 'completed', 'admin')).toThrow(ApiError);
    applyTransition(ctx, order.orderNo, 'completed', 'system');
    expect(getOrderDetail(ctx, order.orderNo, 1).status).toBe('completed');
    expect(checkOrderInvariants(ctx)).toEqual([]);
  });

  it('refuses a step for the wrong actor or from the wrong status with 409, writing nothing', () => {
    const ctx = core.ctx;
    const order = createOrder(ctx, 1, { items: [{ ...sku, quantity: 1 }] });
    const timeline = () => ctx.db.prepare('SELECT COUNT(*) AS n FROM order_timeline').get();
    const before = timeline();
    for (const [to, actor] of [['paid', 'user'], ['purchased', 'admin'], ['refunded', 'admin'], ['completed', 'system']] as const) {
      try {
        applyTransition(ctx, order.orderNo, to, actor);
        expect.unreachable();
      } catch (error) {
        expect((error as ApiError).statusCode).toBe(409);
      }
    }
    expect(timeline()).toEqual(before);
    expect(() => applyTransition(ctx, 'PO00000000NOPE', 'paid', 'admin')).toThrow(/not found/);
  });

  it('handles an order whose total is zero: no ledger entry to pay or refund', () => {
    const ctx = core.ctx;
    inTransaction(ctx.db, () => writeSetting(ctx.db, 'serviceFeeBp', 0));
    try {
      const couponId = inTransaction(ctx.db, () => {
        const id = Number(
          ctx.db
            .prepare(`INSERT INTO coupons (name, type, value, min_order_minor, expires_at, created_at) VALUES ('all of it', 'percentage', 100, 0, '2027-01-01T00:00:00.000Z', ?)`)
            .run(ctx.nowIso()).lastInsertRowid,
        );
        ctx.db.prepare('INSERT INTO user_coupons (user_id, coupon_id, claimed_at) VALUES (1, ?, ?)').run(id, ctx.nowIso());
        return id;
      });
      const entries = () => (ctx.db.prepare('SELECT COUNT(*) AS n FROM wallet_entries').get() as { n: number }).n;
      const before = entries();
      const order = createOrder(ctx, 1, { items: [{ ...sku, quantity: 1 }], couponId });
      expect(order.totalAmount).toBe(0);
      expect(order.discount).toBe(order.subtotal);
      const cancelled = cancelOrder(ctx, 1, order.orderNo);
      expect(cancelled.refundAmount).toBe(0);
      expect(entries()).toBe(before);
      expect(checkOrderInvariants(ctx)).toEqual([]);
    } finally {
      inTransaction(ctx.db, () => writeSetting(ctx.db, 'serviceFeeBp', 500));
    }
  });
});

describe('orders in progress (the tray count)', () => {
  it('counts pending to shipped_to_warehouse orders, not the ones in the warehouse or closed', async () => {
    const { countOrdersInProgress } = await import('../../../src/main/core/orders/views.js');
    const core = openCore({ dataDir: ':memory:', empty: true });
    const insert = core.ctx.db.prepare(
      `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, service_fee_minor, total_minor, created_at, updated_at)
       VALUES (?, 1, ?, 'taobao', 'CNY', 100, 5, 105, 't', 't')`,
    );
    ['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse', 'completed', 'cancelled', 'refunded', 'paid'].forEach((status, i) => insert.run(`PO${i}`, status));
    expect(countOrdersInProgress(core.ctx)).toBe(5);
    core.close();
  });
});
