import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctorChecks } from '../../../src/main/cli/doctor.js';
import { runMoneyChecks } from '../../../src/main/core/data/money-checks.js';
import { createArrivedOrder, US_RECIPIENT } from '../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * A shipping order that used a shipping coupon (extensions.md section 11) is sound money: `crossbuy doctor`
 * passes, and a backup taken after it restores (a restore refuses a file any money check fails on, so a
 * coupon check that only knew purchase orders made every such backup unrestorable).
 */
let server: TestServer;
const ctx = () => server.running.core.ctx;
const failing = () => runDoctorChecks(ctx()).filter((c) => !c.ok).map((c) => `${c.name}: ${c.problems.join('; ')}`);
const moneyProblems = () => {
  const problems: string[] = [];
  runMoneyChecks(ctx(), (check, problem) => problems.push(`${check}: ${problem}`));
  return problems;
};

beforeAll(async () => {
  server = await startTestServer();
  await server.admin('POST', '/wallet/deposit', { amount: 20_000 });
});
afterAll(() => server.close());

describe('a shipping order with a shipping coupon', () => {
  let orderNo: string;
  let couponId: number;

  it('passes the doctor once created and once dispatched', async () => {
    const available = (await server.api('GET', '/user/coupons/available')).body.data as { id: number; appliesTo: string; channelIds: string[] | null }[];
    couponId = available.find((c) => c.appliesTo === 'shipping' && c.channelIds !== null)!.id;
    expect((await server.api('POST', `/user/coupons/${couponId}/claim`)).status).toBe(201);
    const pkg = createArrivedOrder(ctx(), { inspectedWeightGrams: 1500 }).packageIds[0]!;
    const created = await server.api('POST', '/shipping/create', {
      body: { items: [{ inventoryId: pkg, quantity: 1 }], logisticsChannelId: 'economy-air', ...US_RECIPIENT, couponId },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.couponDiscount).toBeGreaterThan(0);
    orderNo = created.body.data.orderNo;
    expect(failing()).toEqual([]);
    expect((await server.admin('POST', `/shipping/orders/${orderNo}/dispatch`)).status).toBe(200);
    expect(failing()).toEqual([]);
  });

  it('a backup taken now restores (200, not 422), and the restored folder is sound', async () => {
    const backup = (await server.admin('POST', '/data/backup')).body.data;
    const restored = await server.admin('POST', '/data/restore', { backupId: backup.id, confirm: 'RESTORE' });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    const mine = (await server.api('GET', '/user/coupons/my')).body.data.find((c: { id: number }) => c.id === couponId);
    expect(mine).toMatchObject({ status: 'used', usedOrderNo: orderNo });
    expect(failing()).toEqual([]);
  });

  it('still flags a coupon marked used by a shipping order that did not redeem it, or kept by a cancelled one', () => {
    const db = ctx().db;
    const coupon = db.prepare('SELECT coupon_id FROM shipping_orders WHERE order_no = ?').pluck().get(orderNo) as number;
    // The shipping order forgets the coupon it used: the coupon names an order that did not redeem it.
    db.prepare('UPDATE shipping_orders SET coupon_id = NULL WHERE order_no = ?').run(orderNo);
    expect(moneyProblems()).toEqual([`orders: ${orderNo}: a coupon is marked used by an order that did not redeem it`]);
    db.prepare('UPDATE shipping_orders SET coupon_id = ? WHERE order_no = ?').run(coupon, orderNo);
    expect(moneyProblems()).toEqual([]);
    // Another user's coupon cannot be used by this order.
    db.prepare("INSERT INTO users (id, username, email, avatar, language, created_at) VALUES (77, 'other', 'o@example.test', '', 'en', '2026-01-01T00:00:00.000Z')").run();
    db.prepare("INSERT INTO user_coupons (user_id, coupon_id, claimed_at, used_order_no, used_at) VALUES (77, ?, '2026-01-01T00:00:00.000Z', ?, '2026-01-01T00:00:00.000Z')").run(coupon, orderNo);
    expect(moneyProblems()).toEqual([`orders: ${orderNo}: a coupon is marked used by an order that did not redeem it`]);
    db.prepare('DELETE FROM user_coupons WHERE user_id = 77').run();
    db.prepare('DELETE FROM users WHERE id = 77').run();
    expect(moneyProblems()).toEqual([]);
    // The coupon given back while the order stands: the order redeemed a coupon that is not marked used.
    db.prepare('UPDATE user_coupons SET used_order_no = NULL WHERE used_order_no = ?').run(orderNo);
    expect(moneyProblems()).toEqual([`orders: ${orderNo}: redeemed coupon ${coupon}, which is not marked used by it`]);
    db.prepare('UPDATE user_coupons SET used_order_no = ? WHERE coupon_id = ? AND user_id = 1').run(orderNo, coupon);
    expect(moneyProblems()).toEqual([]);
  });

  it('a cancelled shipping order gives its coupon back; one still marked used by it is flagged', async () => {
    const available = (await server.api('GET', '/user/coupons/available')).body.data as { id: number; appliesTo: string; channelIds: string[] | null }[];
    const other = available.find((c) => c.appliesTo === 'shipping' && c.channelIds === null)!.id;
    expect((await server.api('POST', `/user/coupons/${other}/claim`)).status).toBe(201);
    const pkg = createArrivedOrder(ctx(), { inspectedWeightGrams: 4000 }).packageIds[0]!;
    const created = await server.api('POST', '/shipping/create', {
      body: { items: [{ inventoryId: pkg, quantity: 1 }], logisticsChannelId: 'ems', ...US_RECIPIENT, couponId: other },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const so = created.body.data.orderNo as string;
    expect(moneyProblems()).toEqual([]);
    expect((await server.api('POST', `/shipping/orders/${so}/cancel`)).status).toBe(200);
    expect(moneyProblems()).toEqual([]);
    ctx().db.prepare('UPDATE user_coupons SET used_order_no = ? WHERE coupon_id = ? AND user_id = 1').run(so, other);
    expect(moneyProblems()).toEqual([`orders: ${so}: a coupon is marked used by an order that did not redeem it`]);
    ctx().db.prepare('UPDATE user_coupons SET used_order_no = NULL WHERE coupon_id = ? AND user_id = 1').run(other);
    expect(failing()).toEqual([]);
  });
});
