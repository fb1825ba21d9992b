import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrderInvariants } from '../../../src/main/core/orders/invariants.js';
import { auditLedger } from '../../../src/main/core/wallet/ledger.js';
import { writeSetting } from '../../../src/main/core/settings/settings.js';
import { addCoupon, balanceOf, couponUsedBy, line, pickSkus, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, tableCounts, type ApiResponse, type TestServer } from '../../helpers/server.js';

/** API v1.1 after-sales (extensions.md sections 1-3 and 8) over real HTTP: money checked against the ledger. */
let server: TestServer;
let skus: SkuPick[];
let other: SkuPick;

beforeAll(async () => {
  server = await startTestServer();
  skus = pickSkus(server, { platform: 'taobao', count: 4, minStock: 60, maxPriceMinor: 20_000 });
  other = pickSkus(server, { platform: '1688', count: 1, minStock: 20 })[0]!;
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
});
afterAll(() => server.close());

const db = () => server.running.core.ctx.db;
const ledger = (reference: string) =>
  db().prepare('SELECT type, amount_minor FROM wallet_entries WHERE reference = ? ORDER BY id').all(reference) as { type: string; amount_minor: number }[];
const minor = (amount: number) => Math.round(amount * 100);

async function place(items = [line(skus[0]!, 1)], headers: Record<string, string> = {}, extra: Record<string, unknown> = {}): Promise<ApiResponse> {
  return server.api('POST', '/orders', { body: { items, ...extra }, headers });
}
async function newOrder(items = [line(skus[0]!, 1)], headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  const res = await place(items, headers, extra);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { orderNo: string; totalAmount: number; items: { itemId: number; price: number; quantity: number }[] };
}
async function advance(orderNo: string, to: string) {
  const res = await server.admin('POST', `/orders/${orderNo}/advance`, { to });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const detail = async (orderNo: string) => (await server.api('GET', `/orders/${orderNo}`)).body.data;
const expectLedgerExact = () => {
  expect(auditLedger(server.running.core.ctx).every((a) => a.ok)).toBe(true);
  // doctor's order invariants: supplements on the ledger, refunds exactly the returns, price decreases or a full refund
  expect(checkOrderInvariants(server.running.core.ctx)).toEqual([]);
};

describe('v1.1 section 1: mixed orders', () => {
  it('one order for a Taobao + 1688 cart, one marketplace order number per seller group once purchased', async () => {
    const order = await newOrder([line(skus[0]!, 1), line(other, 1), line(skus[1]!, 1)]);
    const bought = await advance(order.orderNo, 'purchased');
    expect(bought.platform).toBe('mixed');
    const groups = new Map<string, string>();
    for (const item of bought.items) {
      expect(item.marketplaceOrderNo).toMatch(/^\d+$/);
      const seller = `${item.platform}/${item.shopName}`;
      if (groups.has(seller)) expect(item.marketplaceOrderNo).toBe(groups.get(seller));
      groups.set(seller, item.marketplaceOrderNo);
    }
    expect(new Set(groups.values()).size).toBe(groups.size);
  });

  it('each seller ships its own parcel: a domestic tracking number per seller group, every one in the logistics', async () => {
    const order = await newOrder([line(skus[0]!, 1), line(other, 1), line(skus[1]!, 1)]);
    const shipped = await advance(order.orderNo, 'shipped_to_warehouse');
    type Item = { platform: string; shopName: string; marketplaceOrderNo: string; domesticCarrier: string; domesticTrackingNo: string };
    const bySeller = new Map<string, Item>();
    for (const item of shipped.items as Item[]) {
      expect(item.domesticTrackingNo).toMatch(/^[A-Z0-9]{8,}$/);
      const seller = `${item.platform}/${item.shopName}`;
      const first = bySeller.get(seller);
      if (first) expect([item.domesticCarrier, item.domesticTrackingNo]).toEqual([first.domesticCarrier, first.domesticTrackingNo]);
      else bySeller.set(seller, item);
    }
    expect(bySeller.size).toBeGreaterThan(1);
    const numbers = [...bySeller.values()].map((i) => i.domesticTrackingNo);
    expect(new Set(numbers).size).toBe(numbers.length);
    const logistics = (await server.api('GET', `/orders/${order.orderNo}/logistics`)).body.data;
    expect(logistics.parcels).toEqual(
      [...bySeller.values()].map((i) => ({ platform: i.platform, shopName: i.shopName, marketplaceOrderNo: i.marketplaceOrderNo, carrier: i.domesticCarrier, trackingNo: i.domesticTrackingNo })),
    );
    // v1's single pair stays: the first seller's parcel
    expect([logistics.carrier, logistics.trackingNo]).toEqual([logistics.parcels[0].carrier, logistics.parcels[0].trackingNo]);
    expect(logistics.events.filter((e: { code: string }) => e.code === 'logistics.seller_shipped')).toHaveLength(bySeller.size);
  });

  it('QC photos are per package: each shows its own line, not the order', async () => {
    const order = await newOrder([line(skus[0]!, 1), line(skus[1]!, 2)]);
    await advance(order.orderNo, 'in_warehouse');
    const inspection = (await server.api('GET', `/orders/${order.orderNo}/inspection`)).body.data;
    const [a, b] = inspection.items;
    expect(a.photos.length).toBeGreaterThan(0);
    expect(a.photos).not.toEqual(b.photos);
    expect(a.packageId).not.toBe(b.packageId);
    const svg = await (await fetch(a.photos[0])).text();
    expect(svg).toContain(String(a.weight));
    expect(inspection.decisionDeadline).not.toBeNull();
  });
});

describe('v1.1 section 2: supplementary payments', () => {
  it('raised by the admin, shown as amountDue, blocks the purchase; paying debits supplement_payment and lets it through', async () => {
    const order = await newOrder();
    await advance(order.orderNo, 'paid');
    const raised = await server.admin('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 12.34, itemId: order.items[0]!.itemId });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const view = await detail(order.orderNo);
    expect(view.amountDue).toBe(12.34);
    const sup = view.supplements[0];
    expect(sup).toMatchObject({ reason: 'price_increase', amount: 12.34, status: 'pending', resolvedAt: null, itemId: order.items[0]!.itemId });
    expect(Date.parse(sup.expiresAt) - Date.parse(sup.createdAt)).toBe(48 * 3_600_000);
    expect((await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'purchased' })).status).toBe(409);

    const before = balanceOf(server);
    const paid = await server.api('POST', `/orders/${order.orderNo}/supplements/${sup.id}/pay`, { headers: { 'Idempotency-Key': `pay-${sup.id}` } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.status).toBe('paid');
    const again = await server.api('POST', `/orders/${order.orderNo}/supplements/${sup.id}/pay`, { headers: { 'Idempotency-Key': `pay-${sup.id}` } });
    expect(again.body).toEqual(paid.body);
    expect(balanceOf(server)).toBe(before - 1234);
    expect((await server.api('POST', `/orders/${order.orderNo}/supplements/${sup.id}/pay`)).status).toBe(409);
    expect(ledger(order.orderNo).map((e) => e.type)).toEqual(['order_payment', 'supplement_payment']);
    expect((await detail(order.orderNo)).amountDue).toBe(0);
    await advance(order.orderNo, 'purchased');
    expectLedgerExact();
  });

  it('402 when the wallet is short, writing nothing', async () => {
    const order = await newOrder();
    await advance(order.orderNo, 'paid');
    await server.admin('POST', `/orders/${order.orderNo}/supplements`, { reason: 'domestic_freight', amount: 999_999 });
    const sup = (await detail(order.orderNo)).supplements[0];
    const before = tableCounts(server);
    const res = await server.api('POST', `/orders/${order.orderNo}/supplements/${sup.id}/pay`);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({
      statusCode: 402,
      error: 'Payment Required',
      message: expect.stringMatching(/^Insufficient balance/),
      code: 'insufficient_balance',
      required: 999_999,
      available: expect.any(Number),
    });
    expect(tableCounts(server)).toEqual(before);
  });

  it('declining refunds everything paid (total + paid supplements), returns the coupon, ends refunded', async () => {
    const couponId = addCoupon(server, { type: 'fixed', value: 5 });
    const order = await newOrder([line(skus[2]!, 1)], {}, { couponId });
    await advance(order.orderNo, 'paid');
    await server.admin('POST', `/orders/${order.orderNo}/supplements`, { reason: 'domestic_freight', amount: 8 });
    const first = (await detail(order.orderNo)).supplements[0];
    await server.api('POST', `/orders/${order.orderNo}/supplements/${first.id}/pay`);
    await server.admin('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 3 });
    const second = (await detail(order.orderNo)).supplements[1];
    const before = balanceOf(server);
    const res = await server.api('POST', `/orders/${order.orderNo}/supplements/${second.id}/decline`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('declined');
    const after = await detail(order.orderNo);
    expect(after.status).toBe('refunded');
    expect(balanceOf(server) - before).toBe(minor(order.totalAmount) + 800);
    expect(couponUsedBy(server, couponId)).toBeNull();
    expect(ledger(order.orderNo).reduce((s, e) => s + e.amount_minor, 0)).toBe(0);
    expectLedgerExact();
  });

  it('expires on the service clock and acts as a decline', async () => {
    await server.admin('PUT', '/autopilot', { pace: 'realistic' });
    const order = await newOrder();
    await advance(order.orderNo, 'paid');
    await server.admin('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 5 });
    await server.admin('POST', '/clock/advance', { by: '47h' });
    expect((await detail(order.orderNo)).supplements[0].status).toBe('pending');
    await server.admin('POST', '/clock/advance', { by: '2h' });
    const after = await detail(order.orderNo);
    expect(after.supplements[0].status).toBe('expired');
    expect(after.status).toBe('refunded');
    expect(ledger(order.orderNo).reduce((s, e) => s + e.amount_minor, 0)).toBe(0);
    await server.admin('PUT', '/autopilot', { pace: 'off' });
  });

  it('cancelling or refunding the order declines its pending supplements, each with its order.supplement_resolved event', async () => {
    const resolved = (supplementId: number) =>
      (db().prepare("SELECT data FROM events WHERE type = 'order.supplement_resolved'").all() as { data: string }[])
        .map((e) => JSON.parse(e.data) as { supplementId: number; status: string })
        .filter((e) => e.supplementId === supplementId);
    for (const end of ['cancel', 'refund'] as const) {
      const order = await newOrder();
      await advance(order.orderNo, 'paid');
      await server.admin('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_increase', amount: 2 });
      const supplement = (await detail(order.orderNo)).supplements[0];
      const res = end === 'cancel' ? await server.api('POST', `/orders/${order.orderNo}/cancel`, { body: {} }) : await server.admin('POST', `/orders/${order.orderNo}/refund`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await detail(order.orderNo)).supplements[0].status).toBe('declined');
      expect(resolved(supplement.id), end).toEqual([expect.objectContaining({ status: 'declined', orderNo: order.orderNo })]);
      // Its expiry step went with it: nothing is left due for the supplement.
      expect(db().prepare("SELECT COUNT(*) FROM due_steps WHERE kind = 'order.supplement_expire' AND subject = ?").pluck().get(String(supplement.id))).toBe(0);
    }
    expectLedgerExact();
  });

  it('a price decrease is refunded at once and never beyond what was paid; a later decline refunds only the rest', async () => {
    const order = await newOrder();
    await advance(order.orderNo, 'paid');
    const res = await server.admin('POST', `/orders/${order.orderNo}/supplements`, { reason: 'price_decrease', amount: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const entries = db().prepare("SELECT amount_minor, description FROM wallet_entries WHERE reference = ? AND type = 'order_refund'").all(order.orderNo) as { amount_minor: number; description: string }[];
    expect(entries).toEqual([{ amount_minor: 100, description: expect.stringMatching(/lowered the price/) }]);
    const refund = await server.admin('POST', `/orders/${order.orderNo}/refund`, {});
    expect(refund.body.data.refundAmount).toBe(order.totalAmount - 1);
    expect(ledger(order.orderNo).reduce((s, e) => s + e.amount_minor, 0)).toBe(0);
    expectLedgerExact();
  });
});

describe('v1.1 section 3: photo requests, returns and exchanges', () => {
  it("the inspection states the operator's photo price and return fee as they are now (the UI shows these, no copy of its own)", async () => {
    const order = await newOrder();
    const prices = async () => (await server.api('GET', `/orders/${order.orderNo}/inspection`)).body.data.afterSalesPrices;
    expect(await prices()).toEqual({ photoPrice: 2, returnFee: 15 });
    writeSetting(db(), 'photoPriceMinor', 250);
    writeSetting(db(), 'returnFeeMinor', 990);
    try {
      expect(await prices()).toEqual({ photoPrice: 2.5, returnFee: 9.9 });
    } finally {
      writeSetting(db(), 'photoPriceMinor', 200);
      writeSetting(db(), 'returnFeeMinor', 1_500);
    }
  });

  it('photo requests: 409 before arrival; charged 2.00 each as service_charge; the back office adds them to the inspection', async () => {
    const order = await newOrder();
    expect((await server.api('POST', `/orders/${order.orderNo}/photo-requests`, { body: { count: 2 } })).status).toBe(409);
    expect((await server.api('POST', `/orders/${order.orderNo}/photo-requests`, { body: { count: 11 } })).status).toBe(400);
    await advance(order.orderNo, 'in_warehouse');
    const before = balanceOf(server);
    const res = await server.api('POST', `/orders/${order.orderNo}/photo-requests`, { body: { count: 2, note: 'the label please' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ count: 2, price: 4, status: 'requested', photos: [] });
    expect(balanceOf(server)).toBe(before - 400);
    const done = await server.admin('POST', `/orders/${order.orderNo}/photo-requests/${res.body.data.id}/fulfil`, {});
    expect(done.status).toBe(200);
    const requested = done.body.data.inspection.requestedPhotos;
    expect(requested).toHaveLength(2);
    expect(requested[0]).toMatchObject({ requested: true, requestId: res.body.data.id });
    expect((await fetch(requested[1].url)).status).toBe(200);
  });

  it('a return refunds the line less the fee; rejected ones go back on the shelf; every line returned ends the order returned', async () => {
    const order = await newOrder([line(skus[0]!, 1), line(skus[1]!, 2)]);
    await advance(order.orderNo, 'in_warehouse');
    const [a, b] = order.items;
    const reqA = await server.api('POST', `/orders/${order.orderNo}/returns`, { body: { itemId: a!.itemId, type: 'return', reason: 'wrong colour' } });
    expect(reqA.status, JSON.stringify(reqA.body)).toBe(201);
    expect((await server.api('POST', `/orders/${order.orderNo}/returns`, { body: { itemId: a!.itemId, type: 'return', reason: 'again' } })).status).toBe(409);
    const pkgA = (await server.api('GET', `/orders/${order.orderNo}/inspection`)).body.data.items[0];
    expect(pkgA.packageStatus).toBe('returning');

    const rejected = await server.api('POST', `/orders/${order.orderNo}/returns`, { body: { itemId: b!.itemId, type: 'return', reason: 'too big' } });
    await server.admin('POST', `/orders/${order.orderNo}/returns/${rejected.body.data.id}/decide`, { decision: 'rejected' });
    expect((await server.api('GET', `/orders/${order.orderNo}/inspection`)).body.data.items[1].packageStatus).toBe('in_warehouse');

    const before = balanceOf(server);
    const approved = await server.admin('POST', `/orders/${order.orderNo}/returns/${reqA.body.data.id}/decide`, { decision: 'approved' });
    expect(approved.status).toBe(200);
    const expected = minor(a!.price) * a!.quantity - 1500;
    expect(balanceOf(server) - before).toBe(expected);
    expect((await server.admin('POST', `/orders/${order.orderNo}/returns/${reqA.body.data.id}/decide`, { decision: 'approved' })).status).toBe(409);
    expect((await detail(order.orderNo)).status).toBe('in_warehouse');

    const reqB = await server.api('POST', `/orders/${order.orderNo}/returns`, { body: { itemId: b!.itemId, type: 'return', reason: 'changed my mind' } });
    await server.admin('POST', `/orders/${order.orderNo}/returns/${reqB.body.data.id}/decide`, { decision: 'approved' });
    const end = await detail(order.orderNo);
    expect(end.status).toBe('returned');
    expect(end.returns.map((r: { status: string }) => r.status)).toEqual(['approved', 'rejected', 'approved']);
    const list = await server.api('GET', `/orders/${order.orderNo}/returns`);
    expect(list.body.data).toEqual(end.returns);
    const refunds = ledger(order.orderNo).filter((e) => e.type === 'order_refund').reduce((s, e) => s + e.amount_minor, 0);
    expect(refunds).toBeLessThanOrEqual(minor(order.totalAmount));
    expectLedgerExact();
  });

  it('an exchange holds then charges the fee (service_charge), and a new package for the line arrives with its own inspection', async () => {
    await server.admin('PUT', '/autopilot', { pace: 'realistic' });
    const order = await newOrder([line(skus[3]!, 1)]);
    await advance(order.orderNo, 'in_warehouse');
    const before = balanceOf(server);
    const req = await server.api('POST', `/orders/${order.orderNo}/returns`, { body: { itemId: order.items[0]!.itemId, type: 'exchange', reason: 'broken zip' } });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    const oldPackage = (await server.api('GET', `/orders/${order.orderNo}/inspection`)).body.data.items[0].packageId;
    await server.admin('POST', `/orders/${order.orderNo}/returns/${req.body.data.id}/decide`, { decision: 'approved' });
    expect(balanceOf(server)).toBe(before - 1500);
    expect(db().prepare("SELECT amount_minor FROM wallet_entries WHERE type = 'service_charge' AND reference = ?").all(`RET${req.body.data.id}`)).toEqual([{ amount_minor: -1500 }]);
    await server.admin('POST', '/clock/advance', { by: '7d' });
    const item = (await server.api('GET', `/orders/${order.orderNo}/inspection`)).body.data.items[0];
    expect(item.packageId).not.toBe(oldPackage);
    expect(item.packageStatus).toBe('in_warehouse');
    expect((await detail(order.orderNo)).status).toBe('in_warehouse');
    await server.admin('PUT', '/autopilot', { pace: 'off' });
  });

  it('409 outside the decision window', async () => {
    const order = await newOrder();
    await advance(order.orderNo, 'in_warehouse');
    await server.admin('POST', '/clock/advance', { by: '6d' });
    const res = await server.api('POST', `/orders/${order.orderNo}/returns`, { body: { itemId: order.items[0]!.itemId, type: 'return', reason: 'late' } });
    expect(res.status).toBe(409);
    expect((await server.api('POST', `/orders/${order.orderNo}/photo-requests`, { body: { count: 1 } })).status).toBe(409);
  });

  it('the 409 outside the warehouse says what is true of the order: not arrived yet, never arrived, or left the warehouse', async () => {
    const refusal = async (orderNo: string, itemId: number) => {
      const photos = await server.api('POST', `/orders/${orderNo}/photo-requests`, { body: { count: 1 } });
      const ret = await server.api('POST', `/orders/${orderNo}/returns`, { body: { itemId, type: 'return', reason: 'why not' } });
      expect([photos.status, ret.status]).toEqual([409, 409]);
      expect(ret.body.message).toBe(photos.body.message);
      return photos.body.message as string;
    };
    // On its way: they start at arrival (as before).
    const coming = await newOrder();
    await advance(coming.orderNo, 'shipped_to_warehouse');
    expect(await refusal(coming.orderNo, coming.items[0]!.itemId)).toBe(`Order ${coming.orderNo} is shipped_to_warehouse; photos, returns and exchanges start once it is in the warehouse`);

    // Cancelled before it was bought: it never will be in the warehouse.
    const cancelled = await newOrder();
    expect((await server.api('POST', `/orders/${cancelled.orderNo}/cancel`)).status).toBe(200);
    expect(await refusal(cancelled.orderNo, cancelled.items[0]!.itemId)).toBe(`Order ${cancelled.orderNo} is cancelled; it never reached the warehouse, so it has no photos, returns or exchanges`);

    // Every line returned, inside the window: the goods have left the warehouse.
    const returned = await newOrder();
    await advance(returned.orderNo, 'in_warehouse');
    const itemId = returned.items[0]!.itemId;
    const req = await server.api('POST', `/orders/${returned.orderNo}/returns`, { body: { itemId, type: 'return', reason: 'wrong size' } });
    expect(req.status, JSON.stringify(req.body)).toBe(201);
    expect((await server.admin('POST', `/orders/${returned.orderNo}/returns/${req.body.data.id}/decide`, { decision: 'approved' })).status).toBe(200);
    const end = await detail(returned.orderNo);
    expect(end.status).toBe('returned');
    expect(await refusal(returned.orderNo, itemId)).toBe(`Order ${returned.orderNo} is returned; it has left the warehouse, so photos, returns and exchanges are over`);

    // And once its window has closed too, the message says so.
    await server.admin('POST', '/clock/advance', { by: '6d' });
    expect(await refusal(returned.orderNo, itemId)).toBe(
      `Order ${returned.orderNo} is returned; it has left the warehouse and its after-sales window closed at ${end.inspection.decisionDeadline}, so photos, returns and exchanges are over`,
    );
  });
});

describe('v1.1 section 8: order scenarios', () => {
  it('400 for an unknown name in Crossbuy-Scenario, writing nothing', async () => {
    const before = tableCounts(server);
    const res = await place([line(skus[0]!, 1)], { 'Crossbuy-Scenario': 'price_increase,teleport' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/teleport/);
    expect(tableCounts(server)).toEqual(before);
  });

  it.each([
    ['out_of_stock', 'refunded'],
    ['price_increase', 'paid'],
    ['domestic_freight', 'paid'],
    ['price_decrease', 'paid'],
  ])('header %s fires at the purchase step, by hand', async (name, status) => {
    const order = await newOrder([line(skus[0]!, 1)], { 'Crossbuy-Scenario': name });
    expect((await detail(order.orderNo)).scenarios).toEqual([{ name, status: 'programmed', firedAt: null }]);
    const after = await advance(order.orderNo, 'purchased');
    expect(after.status).toBe(status);
    expect(after.scenarios[0]).toMatchObject({ name, status: 'fired' });
    if (name === 'price_increase' || name === 'domestic_freight') expect(after.amountDue).toBeGreaterThan(0);
    if (name === 'price_decrease') expect(ledger(order.orderNo).map((e) => e.type)).toEqual(['order_payment', 'order_refund']);
  });

  it('qc_issue through the header marks one line issue_found at arrival; seller_delay holds the shipment once', async () => {
    const order = await newOrder([line(skus[0]!, 1), line(skus[1]!, 1)], { 'Crossbuy-Scenario': 'qc_issue, seller_delay' });
    await advance(order.orderNo, 'purchased');
    const delayed = await advance(order.orderNo, 'shipped_to_warehouse');
    expect(delayed.status).toBe('purchased');
    await advance(order.orderNo, 'in_warehouse');
    const inspection = (await server.api('GET', `/orders/${order.orderNo}/inspection`)).body.data;
    expect(inspection.result).toBe('issue_found');
    expect(inspection.items.map((i: { result: string }) => i.result)).toEqual(['issue_found', 'passed']);
    const itemId = inspection.items[0].itemId;
    expect(inspection.notesParts).toEqual([{ code: 'inspection.item_issue', params: { itemId } }]);
    expect(inspection.notes).toBe(`Issue found on item ${itemId} during inspection; the other items match the order`);
  });

  it('admin simulate fires at once; 409 when the order is not at the scenario\'s step', async () => {
    const order = await newOrder();
    expect((await server.admin('POST', `/orders/${order.orderNo}/simulate`, { scenario: 'price_increase' })).status).toBe(409);
    expect((await server.admin('POST', `/orders/${order.orderNo}/simulate`, { scenario: 'nope' })).status).toBe(400);
    await advance(order.orderNo, 'paid');
    const res = await server.admin('POST', `/orders/${order.orderNo}/simulate`, { scenario: 'price_increase' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.amountDue).toBeGreaterThan(0);
    expect((await server.admin('POST', `/orders/${order.orderNo}/simulate`, { scenario: 'price_increase' })).status).toBe(409);
    expectLedgerExact();
  });
});
