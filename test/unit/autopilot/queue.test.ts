import { readScenarioRates, writeScenarioRates } from '../../../src/main/core/orders/scenarios.js';
import { afterEach, describe, expect, it } from 'vitest';
import { runDueSteps } from '../../../src/main/core/autopilot/autopilot.js';
import { drawDelay } from '../../../src/main/core/autopilot/pace.js';
import { cancelStep, findStep, nextDueStep, scheduleStep } from '../../../src/main/core/autopilot/queue.js';
import { resolveDueTimes } from '../../../src/main/core/autopilot/runner.js';
import { runSlice, newRun } from '../../../src/main/core/autopilot/runner.js';
import { STEP_KINDS } from '../../../src/main/core/autopilot/steps/index.js';
import { orderPay } from '../../../src/main/core/autopilot/steps/orders.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { createOrder } from '../../../src/main/core/orders/create.js';
import { writeSetting } from '../../../src/main/core/settings/settings.js';
import { ManualClock } from '../../../src/main/core/shared/clock.js';
import { worldIdentity } from '../../../src/main/core/world/identity.js';
import { fullScans, queryPlan, recordStatements } from '../../helpers/read-counter.js';

/**
 * The due-step queue: steps come from an index on their due time, in due order, once each; a step's
 * reads do not grow with the number of active orders.
 */
const START = Date.parse('2026-03-01T08:00:00.000Z');
const MINUTE = 60_000;
const cores: Core[] = [];
afterEach(() => {
  while (cores.length) cores.pop()!.close();
});

function freshCore(seed?: number): { core: Core; clock: ManualClock } {
  const clock = new ManualClock(START);
  const core = openCore({ dataDir: ':memory:', clock, seed });
  cores.push(core);
  core.ctx.db.transaction(() => {
    writeSetting(core.ctx.db, 'autopilotRefundBp', 0);
    writeSetting(core.ctx.db, 'autopilotPace', 'realistic');
    // No drawn after-sales cases: a supplement or a delay drawn from a random order number would change
    // how many steps run, and these tests count them.
    writeScenarioRates(core.ctx.db, Object.fromEntries(Object.keys(readScenarioRates(core.ctx.db)).map((name) => [name, 0])));
  }).immediate();
  return { core, clock };
}

function placeOrder(core: Core): string {
  const sku = core.ctx.db
    .prepare(`SELECT p.id, s.sku_id FROM products p JOIN product_skus s ON s.product_id = p.id WHERE s.stock >= 5 AND s.price_minor > 0 ORDER BY p.id LIMIT 1`)
    .get() as { id: number; sku_id: string };
  return createOrder(core.ctx, 1, { items: [{ productId: String(sku.id), skuId: sku.sku_id, quantity: 1 }] }).orderNo;
}

/** `count` pending orders written straight to the table (the triggers queue their steps), due in 30+ days. */
function fillActiveOrders(core: Core, count: number): void {
  const later = new Date(START + 30 * 86_400_000).toISOString();
  const insert = core.ctx.db.prepare(
    `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, service_fee_minor, total_minor, created_at, updated_at)
     VALUES (?, 1, 'pending', 'taobao', 'CNY', 100, 0, 100, ?, ?)`,
  );
  core.ctx.db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(`PF${String(i).padStart(8, '0')}`, later, later);
  }).immediate();
  while (resolveDueTimes(core.ctx.db, 10_000) > 0);
}

describe('the due-step queue', () => {
  it('queues one step per active order, due at its drawn delay, and follows the order as it moves', () => {
    const { core } = freshCore();
    const orderNo = placeOrder(core);
    const queued = findStep(core.ctx.db, 'order.pay', orderNo);
    expect(queued).toMatchObject({ since: new Date(START).toISOString(), dueRealistic: null });
    resolveDueTimes(core.ctx.db, 10);
    const seed = worldIdentity(core.ctx).seed;
    expect(findStep(core.ctx.db, 'order.pay', orderNo)).toMatchObject({
      dueRealistic: START + drawDelay(orderPay.delays!, 'realistic', 'order.pay', orderNo, seed),
      dueDemo: START + drawDelay(orderPay.delays!, 'demo', 'order.pay', orderNo, seed),
    });
    expect(runDueSteps(core.ctx, new Date(START + 61 * MINUTE))).toBe(1);
    expect(findStep(core.ctx.db, 'order.pay', orderNo)).toBeNull();
    expect(findStep(core.ctx.db, 'order.purchase', orderNo)).not.toBeNull();
  });

  it('runs steps in due-time order across orders, each stamped with its due time', () => {
    const { core } = freshCore();
    const orders = [placeOrder(core), placeOrder(core), placeOrder(core), placeOrder(core)];
    runDueSteps(core.ctx, new Date(START + 10 * 86_400_000));
    const rows = core.ctx.db
      .prepare(`SELECT order_no, at FROM order_timeline WHERE order_no IN (${orders.map(() => '?').join(',')}) AND status <> 'pending' ORDER BY id`)
      .all(...orders) as { order_no: string; at: string }[];
    expect(rows.length).toBe(orders.length * 4);
    // Written in the order they were due.
    const times = rows.map((r) => r.at);
    expect(times).toEqual([...times].sort());
  });

  it('runs a step at most once: a claimed row is gone, a rolled-back step leaves it queued', () => {
    const { core } = freshCore();
    const orderNo = placeOrder(core);
    resolveDueTimes(core.ctx.db, 10);
    const step = nextDueStep(core.ctx.db, 'realistic', START + 61 * MINUTE)!;
    expect(step).toMatchObject({ kind: 'order.pay', subject: orderNo });
    // Another process paid it by hand in between: the queued step moved on with the order.
    core.ctx.db.prepare("UPDATE orders SET status = 'paid', updated_at = ? WHERE order_no = ?").run(new Date(START + MINUTE).toISOString(), orderNo);
    expect(findStep(core.ctx.db, 'order.pay', orderNo)).toBeNull();
    expect(runDueSteps(core.ctx, new Date(START + 61 * MINUTE))).toBe(0);
    const timeline = core.ctx.db.prepare("SELECT COUNT(*) AS n FROM order_timeline WHERE order_no = ? AND status = 'paid'").get(orderNo) as { n: number };
    expect(timeline.n).toBe(0);
  });

  it('draws staff delays from the world\'s seed: the same seed times a row-id subject alike, another seed otherwise', () => {
    // Subjects like a service request's or a return's id are 1, 2, 3 in every world: only the seed tells the worlds apart.
    const duesOf = (seed: number) => {
      const { core } = freshCore(seed);
      for (const id of ['1', '2', '3']) scheduleStep(core.ctx.db, 'package.service', id, { since: new Date(START) });
      resolveDueTimes(core.ctx.db, 10);
      return ['1', '2', '3'].map((id) => findStep(core.ctx.db, 'package.service', id)!.dueRealistic);
    };
    expect(duesOf(7)).toEqual(duesOf(7));
    expect(duesOf(7)).not.toEqual(duesOf(8));
  });

  it('takes fixed-time steps, moves and cancels them', () => {
    const { core } = freshCore();
    const orderNo = placeOrder(core);
    const at = new Date(START + 5 * MINUTE);
    scheduleStep(core.ctx.db, 'order.pay', orderNo, at);
    expect(findStep(core.ctx.db, 'order.pay', orderNo)).toMatchObject({ dueRealistic: at.getTime(), dueDemo: at.getTime() });
    expect(runDueSteps(core.ctx, new Date(START + 4 * MINUTE))).toBe(0);
    cancelStep(core.ctx.db, 'order.pay', orderNo);
    expect(runDueSteps(core.ctx, new Date(START + 6 * MINUTE))).toBe(0);
    scheduleStep(core.ctx.db, 'order.pay', orderNo, { since: new Date(START) });
    expect(runDueSteps(core.ctx, new Date(START + 61 * MINUTE))).toBe(1);
  });

  it('skips a step that fails for the rest of the run and leaves it queued', () => {
    const { core } = freshCore();
    const orderNo = placeOrder(core);
    // A queued step whose subject does not exist: the handler throws, the row stays.
    scheduleStep(core.ctx.db, 'order.arrive', 'PO-NOPE', new Date(START + MINUTE));
    expect(runDueSteps(core.ctx, new Date(START + 61 * MINUTE))).toBe(1);
    expect(findStep(core.ctx.db, 'order.arrive', 'PO-NOPE')).not.toBeNull();
    expect(findStep(core.ctx.db, 'order.purchase', orderNo)).not.toBeNull();
  });

  it('knows every kind it may find in the queue', () => {
    expect(STEP_KINDS.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['order.pay', 'order.purchase', 'order.ship_to_warehouse', 'order.arrive', 'shipping.dispatch', 'shipping.auto_confirm']),
    );
  });
});

describe('a step costs the same with 100 or 10,000 active orders', () => {
  function oneStepReads(active: number) {
    const { core } = freshCore();
    fillActiveOrders(core, active);
    placeOrder(core);
    resolveDueTimes(core.ctx.db, 10);
    const run = newRun(core.ctx, new Date(START + 61 * MINUTE));
    const { reads } = recordStatements(core.ctx.db, () => {
      while (!run.done) runSlice(core.ctx, run);
    });
    expect(run.steps).toBe(1);
    return { core, reads };
  }

  it('reads the same rows through indexes, never a scan', () => {
    const small = oneStepReads(100);
    const large = oneStepReads(10_000);
    const shape = (reads: { sql: string; rows: number }[]) => reads.map((r) => `${r.rows} ${r.sql}`);
    expect(shape(large.reads)).toEqual(shape(small.reads));
    if (process.env.SHOW_READS) console.log(shape(large.reads).join("\n"));
    const db = large.core.ctx.db;
    for (const sql of new Set(large.reads.map((r) => r.sql))) {
      if (!/^\s*(SELECT|UPDATE|DELETE)/i.test(sql)) continue;
      expect(fullScans(queryPlan(db, sql)), sql).toEqual([]);
    }
  });
});
