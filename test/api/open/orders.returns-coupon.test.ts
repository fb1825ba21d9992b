import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrderInvariants } from '../../../src/main/core/orders/invariants.js';
import { allocateDiscount } from '../../../src/main/core/orders/pricing.js';
import { allocateProportionally } from '../../../src/main/core/shared/apportion.js';
import { auditLedger } from '../../../src/main/core/wallet/ledger.js';
import { addCoupon, balanceOf, line, pickSkus, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * A return refunds what was paid for the line (extensions.md section 3: "the line's price x quantity minus
 * the return fee"): on an order bought with a coupon (walk s13 item 3), its amount less its share of the
 * coupon discount, so the fee is kept whatever the coupon and returning every line never gives back
 * everything paid; after the seller changed the price (section 2), the price as changed.
 */
let server: TestServer;
let tester: SkuPick;
let pair: SkuPick[];

beforeAll(async () => {
  server = await startTestServer();
  // The tester's SKU: product 39, 327.70 (the demo catalog's).
  tester = server.running.core.ctx.db
    .prepare("SELECT p.id AS productId, s.sku_id AS skuId, p.platform, s.price_minor AS priceMinor, s.stock FROM products p JOIN product_skus s ON s.product_id = p.id WHERE p.id = 39 AND s.sku_id = '4300095028-1'")
    .get() as SkuPick;
  expect(tester.priceMinor).toBe(32_770);
  pair = pickSkus(server, { platform: 'taobao', count: 2, minStock: 10, maxPriceMinor: 60_000 });
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
});
afterAll(() => server.close());

const db = () => server.running.core.ctx.db;
const minor = (amount: number) => Math.round(amount * 100);
const refunds = (orderNo: string) =>
  db().prepare("SELECT amount_minor, description FROM wallet_entries WHERE reference = ? AND type = 'order_refund' ORDER BY id").all(orderNo) as { amount_minor: number; description: string }[];

async function orderInWarehouse(items: ReturnType<typeof line>[], couponId: number) {
  const res = await server.api('POST', '/orders', { body: { items, couponId } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const order = res.body.data as { orderNo: string; subtotal: number; discount: number; serviceFee: number; totalAmount: number; items: { itemId: number; price: number; quantity: number }[] };
  const moved = await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return order;
}

async function returnLine(orderNo: string, itemId: number, type: 'return' | 'exchange' = 'return') {
  const req = await server.api('POST', `/orders/${orderNo}/returns`, { body: { itemId, type, reason: 'walk s13' } });
  expect(req.status, JSON.stringify(req.body)).toBe(201);
  const decided = await server.admin('POST', `/orders/${orderNo}/returns/${req.body.data.id}/decide`, { decision: 'approved' });
  expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  return req.body.data.id as number;
}

const expectDoctorHappy = () => {
  expect(auditLedger(server.running.core.ctx).every((a) => a.ok)).toBe(true);
  expect(checkOrderInvariants(server.running.core.ctx)).toEqual([]);
};

describe('a return on an order with a coupon', () => {
  it('single line, 15% coupon: refunds the line less its coupon share less the fee (the tester’s 263.54)', async () => {
    const coupon = addCoupon(server, { type: 'percentage', value: 15 });
    const order = await orderInWarehouse([line(tester, 1)], coupon);
    expect([order.subtotal, order.discount, order.serviceFee, order.totalAmount]).toEqual([327.7, 49.16, 16.39, 294.93]);
    const before = balanceOf(server);
    await returnLine(order.orderNo, order.items[0]!.itemId);
    const expected = 32_770 - 4_916 - 1_500; // 263.54
    expect(balanceOf(server) - before).toBe(expected);
    const [entry, ...more] = refunds(order.orderNo);
    expect(more).toEqual([]);
    expect(entry!.amount_minor).toBe(expected);
    expect(entry!.description).toContain(`share of the coupon discount and the 15.00 CNY return fee`);
    const detail = (await server.api('GET', `/orders/${order.orderNo}`)).body.data;
    expect(detail.status).toBe('returned');
    expect(detail.returns[0]).toMatchObject({ fee: 15, refundAmount: expected / 100 });
    expect(detail.money).toMatchObject({ paid: order.totalAmount, refunded: expected / 100 });
    // The customer keeps paying the return fee and the service fee.
    expect(minor(order.totalAmount) - expected).toBe(1_500 + minor(order.serviceFee));
    expectDoctorHappy();
  });

  it('two lines, 10% coupon, returned line by line: each keeps its fee, never 100% back', async () => {
    const coupon = addCoupon(server, { type: 'percentage', value: 10 });
    const order = await orderInWarehouse([line(pair[0]!, 1), line(pair[1]!, 2)], coupon);
    const amounts = order.items.map((i) => minor(i.price) * i.quantity);
    const shares = allocateDiscount(amounts, minor(order.discount));
    // The second line first: what each gives back does not depend on the order of the returns.
    for (const index of [1, 0]) {
      const before = balanceOf(server);
      await returnLine(order.orderNo, order.items[index]!.itemId);
      expect(balanceOf(server) - before).toBe(amounts[index]! - shares[index]! - 1_500);
    }
    const refunded = refunds(order.orderNo).reduce((s, e) => s + e.amount_minor, 0);
    expect(refunded).toBe(minor(order.subtotal) - minor(order.discount) - 2 * 1_500);
    expect(refunded).toBeLessThan(minor(order.totalAmount));
    expect((await server.api('GET', `/orders/${order.orderNo}`)).body.data.status).toBe('returned');
    expectDoctorHappy();
  });

  it('after a price decrease the refund is the price paid after it, less the coupon share and the fee', async () => {
    const coupon = addCoupon(server, { type: 'percentage', value: 15 });
    const placed = await server.api('POST', '/orders', { body: { items: [line(tester, 1)], couponId: coupon }, headers: { 'Crossbuy-Scenario': 'price_decrease' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'purchased' }); // the decrease fires: 32.77 back
    expect((await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' })).status).toBe(200);
    await returnLine(order.orderNo, order.items[0].itemId);
    const [decrease, ret] = refunds(order.orderNo);
    expect(decrease!.amount_minor).toBe(3_277);
    // 327.70 - 32.77 - 49.16 - 15.00 = 230.77: the decrease is not given back a second time (it was 262.16,
    // everything left of the order, before the line kept its decrease).
    expect(ret!.amount_minor).toBe(32_770 - 3_277 - 4_916 - 1_500);
    expect(ret!.description).toMatch(/\(294\.93 CNY after a price decrease of 32\.77 CNY, less its 49\.16 CNY share of the coupon discount and the 15\.00 CNY return fee\)$/);
    expectDoctorHappy();
  });

  it('an exchange on a coupon order still charges the fee and refunds nothing', async () => {
    const coupon = addCoupon(server, { type: 'percentage', value: 10 });
    const order = await orderInWarehouse([line(pair[0]!, 1)], coupon);
    const before = balanceOf(server);
    const id = await returnLine(order.orderNo, order.items[0]!.itemId, 'exchange');
    expect(balanceOf(server)).toBe(before - 1_500);
    expect(refunds(order.orderNo)).toEqual([]);
    expect(db().prepare("SELECT amount_minor FROM wallet_entries WHERE type = 'service_charge' AND reference = ?").all(`RET${id}`)).toEqual([{ amount_minor: -1_500 }]);
    expectDoctorHappy();
  });

  it('without a coupon the rule is unchanged: the line less the fee', async () => {
    const order = (await server.api('POST', '/orders', { body: { items: [line(pair[1]!, 1)] } })).body.data;
    await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
    const before = balanceOf(server);
    await returnLine(order.orderNo, order.items[0].itemId);
    expect(balanceOf(server) - before).toBe(pair[1]!.priceMinor - 1_500);
    expect(refunds(order.orderNo)[0]!.description).toMatch(/\(less the 15\.00 CNY return fee\)$/);
    expectDoctorHappy();
  });
});

describe('a return after the seller changed the price', () => {
  it('a price increase the customer paid is part of the line’s price: it comes back with the return', async () => {
    const placed = await server.api('POST', '/orders', { body: { items: [line(tester, 1)] }, headers: { 'Crossbuy-Scenario': 'price_increase' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'purchased' }); // the increase is asked for
    const supplement = (await server.api('GET', `/orders/${order.orderNo}/supplements`)).body.data[0] as { id: number; amount: number; itemId: number };
    expect(supplement.itemId).toBe(order.items[0].itemId);
    expect((await server.api('POST', `/orders/${order.orderNo}/supplements/${supplement.id}/pay`)).status).toBe(200);
    expect((await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' })).status).toBe(200);
    const before = balanceOf(server);
    await returnLine(order.orderNo, order.items[0].itemId);
    expect(balanceOf(server) - before).toBe(32_770 + minor(supplement.amount) - 1_500);
    expect(refunds(order.orderNo)[0]!.description).toContain(`(${((32_770 + minor(supplement.amount)) / 100).toFixed(2)} CNY after a price increase of ${supplement.amount.toFixed(2)} CNY, less the 15.00 CNY return fee)`);
    expectDoctorHappy();
  });

  it('a decrease refunded for the whole order is shared over its lines by amount', async () => {
    const order = (await server.api('POST', '/orders', { body: { items: [line(pair[0]!, 1), line(pair[1]!, 2)] } })).body.data as {
      orderNo: string;
      items: { itemId: number; price: number; quantity: number }[];
    };
    await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' });
    const decrease = 1_001;
    expect((await server.admin('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_decrease', amount: decrease / 100 })).status).toBe(201);
    expect((await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' })).status).toBe(200);
    const amounts = order.items.map((i) => minor(i.price) * i.quantity);
    const shares = allocateProportionally(amounts, decrease);
    expect(shares[0]! + shares[1]!).toBe(decrease);
    for (const index of [0, 1]) {
      const before = balanceOf(server);
      await returnLine(order.orderNo, order.items[index]!.itemId);
      expect(balanceOf(server) - before).toBe(amounts[index]! - shares[index]! - 1_500);
    }
    expectDoctorHappy();
  });
});
