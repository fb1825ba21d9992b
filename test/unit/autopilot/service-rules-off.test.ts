import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, AutopilotTimer } from '../../../src/main/core/autopilot/autopilot.js';
import { RULE_KINDS, STEP_KINDS } from '../../../src/main/core/autopilot/steps/index.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { raiseSupplement } from '../../../src/main/core/orders/supplements.js';
import { writeSetting } from '../../../src/main/core/settings/settings.js';
import { type ServiceClock } from '../../../src/main/core/shared/service-clock.js';
import { auditLedger } from '../../../src/main/core/wallet/ledger.js';
import { createTopUp, getTopUp } from '../../../src/main/core/wallet/top-ups.js';
import { createOrder } from '../../../src/main/core/orders/create.js';
import { applyTransition } from '../../../src/main/core/orders/lifecycle.js';
import { createArrivedOrder, deposit, orderableSku } from '../../helpers/fixtures.js';

/**
 * The service's own rules run whenever its clock passes them, the autopilot off (extensions.md sections 2
 * and 6; issue 25 finding 9): the autopilot plays the staff, not the service.
 */
let core: Core;
const DAY = 86_400_000;
const HOUR = 3_600_000;
beforeEach(() => {
  core = openCore({ dataDir: ':memory:' });
  writeSetting(core.ctx.db, 'autopilotPace', 'off');
});
afterEach(() => core.close());

function createPaidOrder(ctx: Core['ctx']): { orderNo: string } {
  deposit(ctx, 1, 1_000_000);
  const order = createOrder(ctx, 1, { items: [{ ...orderableSku(ctx), quantity: 1 }] });
  ctx.db.transaction(() => applyTransition(ctx, order.orderNo, 'paid', 'admin')).immediate();
  return { orderNo: order.orderNo };
}
const clock = () => core.ctx.clock as ServiceClock;
const eventsOf = (type: string) => core.ctx.db.prepare('SELECT COUNT(*) FROM events WHERE type = ?').pluck().get(type) as number;
const packageStatus = (id: number) => core.ctx.db.prepare('SELECT status FROM packages WHERE id = ?').pluck().get(id);

describe('service rules with the autopilot off', () => {
  it('the rules are exactly expiry, storage alerts and disposal, and (v1.2) shipping supplement expiry and top-ups arriving', () => {
    expect([...RULE_KINDS].sort()).toEqual([
      'order.supplement_expire',
      'package.dispose',
      'package.storage_expiring',
      'package.storage_overdue',
      'shipping.supplement_expire',
      'wallet.top_up_settle',
    ]);
    expect(STEP_KINDS.every((k) => k.role === 'rule' || k.role === 'staff')).toBe(true);
  });

  it('v1.2: a bank transfer top-up arrives after a business day with the autopilot off', () => {
    const before = auditLedger(core.ctx).find((w) => w.userId === 1)!.ledgerSum;
    const topUp = createTopUp(core.ctx, 1, { method: 'bank_transfer', amount: 300 });
    expect(topUp.status).toBe('pending');
    advanceClock(core.ctx, clock(), 4 * DAY);
    expect(getTopUp(core.ctx, topUp.id, 1).status).toBe('succeeded');
    expect(auditLedger(core.ctx).find((w) => w.userId === 1)!.ledgerSum).toBe(before + 30_000);
  });

  it('a supplement expires 48 h after it was raised: the order is refunded', () => {
    const { orderNo } = createPaidOrder(core.ctx);
    raiseSupplement(core.ctx, orderNo, { reason: 'price_increase', amount: 500 });
    advanceClock(core.ctx, clock(), 47 * HOUR);
    expect(core.ctx.db.prepare('SELECT status FROM order_supplements WHERE order_no = ?').pluck().get(orderNo)).toBe('pending');
    advanceClock(core.ctx, clock(), 2 * HOUR);
    expect(core.ctx.db.prepare('SELECT status FROM order_supplements WHERE order_no = ?').pluck().get(orderNo)).toBe('expired');
    expect(core.ctx.db.prepare('SELECT status FROM orders WHERE order_no = ?').pluck().get(orderNo)).toBe('refunded');
    expect(auditLedger(core.ctx).every((w) => w.ok)).toBe(true);
  });

  it('storage: the expiring alert 3 days before day 90, the overdue alert after it, disposal at 180 days', () => {
    const id = createArrivedOrder(core.ctx, { userId: 1 }).packageIds[0]!;
    advanceClock(core.ctx, clock(), 86 * DAY);
    expect(eventsOf('package.storage_expiring')).toBe(0);
    advanceClock(core.ctx, clock(), 2 * DAY);
    expect(eventsOf('package.storage_expiring')).toBe(1);
    expect(eventsOf('package.storage_overdue')).toBe(0);
    advanceClock(core.ctx, clock(), 3 * DAY);
    expect(eventsOf('package.storage_overdue')).toBe(1);
    expect(packageStatus(id)).toBe('in_warehouse');
    advanceClock(core.ctx, clock(), 90 * DAY);
    expect(packageStatus(id)).toBe('disposed');
  });

  it('the wall-time timer runs a rule that fell due, the autopilot off', async () => {
    const { orderNo } = createPaidOrder(core.ctx);
    raiseSupplement(core.ctx, orderNo, { reason: 'price_increase', amount: 500 });
    // The clock passes the deadline without an advance (wall time, or an offset moved by hand).
    clock().moveTo(new Date(clock().now().getTime() + 49 * HOUR));
    expect(await new AutopilotTimer(core.ctx).tick()).toBe(1);
    expect(core.ctx.db.prepare('SELECT status FROM order_supplements WHERE order_no = ?').pluck().get(orderNo)).toBe('expired');
  });

  it('staff steps still wait for the autopilot', () => {
    const { orderNo } = createPaidOrder(core.ctx);
    advanceClock(core.ctx, clock(), 30 * DAY);
    expect(core.ctx.db.prepare('SELECT status FROM orders WHERE order_no = ?').pluck().get(orderNo)).toBe('paid');
  });
});
