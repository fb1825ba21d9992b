import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoupon, addUser, balanceOf, couponUsedBy, halfUp, line, pickSkus, stockOf, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, tableCounts, type ApiResponse, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let skus: SkuPick[];
let otherPlatform: SkuPick;

const DETAIL_FIELDS = [
  'orderNo', 'status', 'totalAmount', 'serviceFee', 'subtotal', 'discount', 'couponId', 'currency', 'platform', 'remark', 'items',
  'logistics', 'inspection', 'timeline', 'marketplaceOrderNo', 'createdAt', 'updatedAt',
  // v1.1 after-sales
  'supplements', 'amountDue', 'returns', 'photoRequests', 'scenarios',
  // added: money after sales and how the goods ended
  'money', 'outcome',
].sort();
const ORDER_NO = /^PO\d{8}[23456789A-HJ-NP-Z]{8}$/;

beforeAll(async () => {
  server = await startTestServer();
  skus = pickSkus(server, { platform: 'taobao', count: 6, minStock: 30, maxPriceMinor: 20_000 });
  otherPlatform = pickSkus(server, { platform: '1688', count: 1 })[0]!;
});
afterAll(() => server.close());

const placeOrder = (body: unknown, options: { key?: string | null; headers?: Record<string, string> } = {}) =>
  server.api('POST', '/orders', { body, ...options });

/** Writes nothing: every table has the same row count, and the wallet the same balance. */
async function expectNothingWritten(run: () => Promise<ApiResponse>, status: number, message?: RegExp | string) {
  const before = tableCounts(server);
  const balance = balanceOf(server);
  const res = await run();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  // A short wallet's refusal also says how much was needed and available (code insufficient_balance).
  const amounts = status === 402 ? { code: 'insufficient_balance', required: expect.any(Number), available: expect.any(Number) } : {};
  expect(res.body).toEqual({ statusCode: status, error: expect.any(String), message: expect.any(String), ...amounts });
  if (message) expect(res.body.message).toMatch(message);
  expect(tableCounts(server)).toEqual(before);
  expect(balanceOf(server)).toBe(balance);
  return res;
}

describe('POST /orders', () => {
  it('creates a pending order priced from the SKUs, pays its whole total from the wallet and takes the stock', async () => {
    const [a, b] = skus as [SkuPick, SkuPick];
    const stockA = stockOf(server, a);
    const balance = balanceOf(server);
    const res = await placeOrder({ items: [line(a, 2, 'blue please'), line(b, 1)], remark: 'gift' });
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(Object.keys(order).sort()).toEqual(DETAIL_FIELDS);
    expect(order.orderNo).toMatch(ORDER_NO);
    expect(order.orderNo.slice(2, 10)).toBe(order.createdAt.slice(0, 10).replaceAll('-', ''));

    const subtotal = a.priceMinor * 2 + b.priceMinor;
    const fee = halfUp(subtotal * 500, 10_000);
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: subtotal / 100,
      discount: 0,
      serviceFee: fee / 100,
      totalAmount: (subtotal + fee) / 100,
      couponId: null,
      currency: 'CNY',
      platform: 'taobao',
      remark: 'gift',
      logistics: { trackingNo: '', carrier: '' },
      inspection: { result: 'pending', weight: 0, photos: [], decisionDeadline: null, requestedPhotos: [] },
      marketplaceOrderNo: null,
    });
    expect(order.items).toEqual([
      { productId: a.productId, skuId: a.skuId, title: expect.any(String), skuName: expect.any(String), price: a.priceMinor / 100, quantity: 2, remark: 'blue please', imageUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/media\//),
        itemId: expect.any(Number), platform: 'taobao', shopName: expect.any(String), marketplaceOrderNo: null,
        domesticCarrier: null, domesticTrackingNo: null },
      expect.objectContaining({ productId: b.productId, quantity: 1, price: b.priceMinor / 100 }),
    ]);
    expect(order.timeline).toEqual([{ status: 'pending', at: order.createdAt, note: expect.stringContaining('paid from the wallet'), parts: [{ code: 'order.placed', params: { amount: order.totalAmount, currency: order.currency } }] }]);

    expect(balanceOf(server)).toBe(balance - subtotal - fee);
    expect(stockOf(server, a)).toBe(stockA - 2);
    const entry = server.running.core.ctx.db.prepare("SELECT * FROM wallet_entries WHERE reference = ? AND type = 'order_payment'").all(order.orderNo);
    expect(entry).toEqual([expect.objectContaining({ amount_minor: -(subtotal + fee), balance_after_minor: balance - subtotal - fee })]);

    const detail = await server.api('GET', `/orders/${order.orderNo}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toEqual(order);
  });

  it('takes the ordered quantities off matching cart lines in the same transaction', async () => {
    const sku = skus[2]!;
    await server.api('DELETE', '/cart');
    expect((await server.api('POST', '/cart/items', { body: line(sku, 5) })).status).toBe(201);
    expect((await placeOrder({ items: [line(sku, 2)] })).status).toBe(201);
    expect((await server.api('GET', '/cart')).body.data.items).toEqual([expect.objectContaining({ productId: sku.productId, quantity: 3 })]);
    expect((await placeOrder({ items: [line(sku, 3)] })).status).toBe(201);
    expect((await server.api('GET', '/cart')).body.data.items).toEqual([]);
  });

  it.each([
    [{}, 'items'],
    [{ items: [] }, 'items'],
    [{ items: 'x' }, 'items'],
    [{ items: [{ productId: '1', skuId: 'x', quantity: 0 }] }, 'items[0].quantity'],
    [{ items: [{ productId: '1', skuId: 'x', quantity: 1.5 }] }, 'items[0].quantity'],
    [{ items: [{ productId: '1', skuId: 'x', quantity: '2' }] }, 'items[0].quantity'],
    [{ items: [{ productId: 1, skuId: 'x', quantity: 1 }] }, 'items[0].productId'],
    [{ items: [{ productId: '1', quantity: 1 }] }, 'items[0].skuId'],
    [{ items: [{ productId: '1', skuId: 'x', quantity: 1, colour: 'red' }] }, 'items[0].colour'],
    [{ items: [{ productId: '1', skuId: 'x', quantity: 1 }], couponId: '3' }, 'couponId'],
    [{ items: [{ productId: '1', skuId: 'x', quantity: 1 }], remark: 'r'.repeat(501) }, 'remark'],
    [{ items: [{ productId: '1', skuId: 'x', quantity: 1, remark: 'r'.repeat(501) }] }, 'items[0].remark'],
    [{ items: [{ productId: '1', skuId: 'x', quantity: 1 }], extra: true }, 'extra'],
  ])('400 for %j, naming %s, writing nothing', async (body, field) => {
    const res = await expectNothingWritten(() => placeOrder(body), 400);
    expect(res.body.error).toBe('Bad Request');
    expect(res.body.message).toContain(field);
  });

  it('400 for more than 50 lines and for a body that is not JSON', async () => {
    await expectNothingWritten(() => placeOrder({ items: Array.from({ length: 51 }, () => line(skus[0]!, 1)) }), 400, /items/);
    await expectNothingWritten(() => server.api('POST', '/orders', { raw: '{"items": [', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('404 for an unknown product or SKU, naming the line', async () => {
    await expectNothingWritten(() => placeOrder({ items: [line(skus[0]!, 1), { productId: '999999', skuId: 'x', quantity: 1 }] }), 404, /^items\[1\]: Product 999999/);
    await expectNothingWritten(() => placeOrder({ items: [{ productId: String(skus[0]!.productId), skuId: 'ghost', quantity: 1 }] }), 404, /^items\[0\]: SKU ghost/);
  });

  it('422 above stock, counting the same SKU over several lines', async () => {
    const sku = skus[3]!;
    const stock = stockOf(server, sku);
    await expectNothingWritten(() => placeOrder({ items: [line(sku, stock + 1)] }), 422, /^items\[0\]: .*stock/);
    const half = Math.ceil((stock + 1) / 2);
    await expectNothingWritten(() => placeOrder({ items: [line(sku, half), line(sku, half)] }), 422, /^items\[1\]: .*across the order's lines/);
  });

  it('v1.1: accepts lines from two platforms as one mixed order, each line with its seller', async () => {
    const res = await placeOrder({ items: [line(skus[0]!, 1), line(otherPlatform, 1)] });
    expect(res.status).toBe(201);
    const order = res.body.data;
    expect(order.platform).toBe('mixed');
    expect(order.items.map((i: { platform: string }) => i.platform)).toEqual(['taobao', '1688']);
    expect(new Set(order.items.map((i: { itemId: number }) => i.itemId)).size).toBe(2);
    expect(order.totalAmount).toBe(order.subtotal + order.serviceFee);
  });

  it('402 with the exact message and amounts when the wallet is short, writing nothing', async () => {
    const user = addUser(server, 'shortwallet');
    const sku = skus[4]!;
    const subtotal = sku.priceMinor * 3;
    const total = subtotal + halfUp(subtotal * 500, 10_000);
    const fmt = (minor: number) => `${(minor / 100).toFixed(2)} CNY`;
    await expectNothingWritten(() => placeOrder({ items: [line(sku, 3)] }, { key: user.key }), 402, `Insufficient balance. Required: ${fmt(total)}. Available: 0.00 CNY`);
    expect((await server.admin('POST', '/wallet/deposit', { amount: (total - 1) / 100, userId: user.userId })).status).toBe(201);
    const res = await expectNothingWritten(() => placeOrder({ items: [line(sku, 3)] }, { key: user.key }), 402);
    // The amounts come as numbers too (code insufficient_balance), so a client words them in its own format.
    expect(res.body).toEqual({
      statusCode: 402,
      error: 'Payment Required',
      message: `Insufficient balance. Required: ${fmt(total)}. Available: ${fmt(total - 1)}`,
      code: 'insufficient_balance',
      required: total / 100,
      available: (total - 1) / 100,
    });
    expect((await server.admin('POST', '/wallet/deposit', { amount: 0.01, userId: user.userId })).status).toBe(201);
    const paid = await placeOrder({ items: [line(sku, 3)] }, { key: user.key });
    expect(paid.status).toBe(201);
    expect(balanceOf(server, user.userId)).toBe(0);

    // Orders belong to their user: another key sees a 404, never the order.
    expect((await server.api('GET', `/orders/${paid.body.data.orderNo}`)).status).toBe(404);
    expect((await server.api('POST', `/orders/${paid.body.data.orderNo}/cancel`)).status).toBe(404);
    const mine = await server.api('GET', '/orders?limit=100');
    expect(mine.body.data.items.map((o: { orderNo: string }) => o.orderNo)).not.toContain(paid.body.data.orderNo);
  });

  it('needs orders:write', async () => {
    const readOnly = server.makeKey(['orders:read']);
    await expectNothingWritten(() => placeOrder({ items: [line(skus[0]!, 1)] }, { key: readOnly }), 403, 'Insufficient scope. Required: orders:write. Your key has: orders:read');
    await expectNothingWritten(() => placeOrder({ items: [line(skus[0]!, 1)] }, { key: null }), 401, 'Invalid API Key');
  });
});

describe('coupons on orders', () => {
  it('takes a percentage coupon off the subtotal (half up), marks it used, and refuses it a second time', async () => {
    const sku = skus[0]!;
    const couponId = addCoupon(server, { type: 'percentage', value: 15 });
    const res = await placeOrder({ items: [line(sku, 3)], couponId });
    expect(res.status).toBe(201);
    const subtotal = sku.priceMinor * 3;
    const discount = halfUp(subtotal * 15, 100);
    const fee = halfUp(subtotal * 500, 10_000);
    expect(res.body.data).toMatchObject({ couponId, subtotal: subtotal / 100, discount: discount / 100, serviceFee: fee / 100, totalAmount: (subtotal - discount + fee) / 100 });
    expect(couponUsedBy(server, couponId)).toBe(res.body.data.orderNo);
    // The answer is built in memory (orders/create.ts): it must be what a read of the order gives.
    expect((await server.api('GET', `/orders/${res.body.data.orderNo}`)).body.data).toEqual(res.body.data);
    await expectNothingWritten(() => placeOrder({ items: [line(sku, 3)], couponId }), 422, `Coupon ${couponId} was already used on order ${res.body.data.orderNo}`);

    // Cancelling gives it back, and it can be redeemed again.
    expect((await server.api('POST', `/orders/${res.body.data.orderNo}/cancel`)).status).toBe(200);
    expect(couponUsedBy(server, couponId)).toBeNull();
    const again = await placeOrder({ items: [line(sku, 1)], couponId });
    expect(again.status).toBe(201);
    expect(couponUsedBy(server, couponId)).toBe(again.body.data.orderNo);
  });

  it('caps a fixed coupon at the subtotal, so the total is the service fee', async () => {
    const sku = skus[1]!;
    const couponId = addCoupon(server, { type: 'fixed', value: sku.priceMinor * 10 });
    const res = await placeOrder({ items: [line(sku, 1)], couponId });
    expect(res.status).toBe(201);
    expect(res.body.data.discount).toBe(sku.priceMinor / 100);
    expect(res.body.data.totalAmount).toBe(res.body.data.serviceFee);
  });

  it('404 for an unknown coupon; 422 when not claimed, expired, or under the minimum, writing nothing', async () => {
    const sku = skus[1]!;
    const items = [line(sku, 1)];
    await expectNothingWritten(() => placeOrder({ items, couponId: 987_654 }), 404, 'Coupon 987654 not found');
    const unclaimed = addCoupon(server, { type: 'fixed', value: 100, claimFor: null });
    await expectNothingWritten(() => placeOrder({ items, couponId: unclaimed }), 422, /has not been claimed/);
    const now = server.running.core.ctx.clock.now().getTime();
    const expired = addCoupon(server, { type: 'fixed', value: 100, expiresAt: new Date(now - 1000).toISOString() });
    await expectNothingWritten(() => placeOrder({ items, couponId: expired }), 422, /expired/);
    // Expired and never claimed: it cannot be claimed either, so the answer says it expired, not "claim it first".
    const expiredUnclaimed = addCoupon(server, { type: 'fixed', value: 100, claimFor: null, expiresAt: new Date(now - 1000).toISOString() });
    await expectNothingWritten(() => placeOrder({ items, couponId: expiredUnclaimed }), 422, `Coupon ${expiredUnclaimed} expired at ${new Date(now - 1000).toISOString()}`);
    const big = addCoupon(server, { type: 'percentage', value: 10, minOrderMinor: sku.priceMinor + 1 });
    await expectNothingWritten(() => placeOrder({ items, couponId: big }), 422, /needs a goods subtotal of at least/);
    // Exactly the minimum is enough.
    const exact = addCoupon(server, { type: 'percentage', value: 10, minOrderMinor: sku.priceMinor });
    expect((await placeOrder({ items, couponId: exact })).status).toBe(201);
  });
});

describe('GET /orders', () => {
  it('lists the user\'s orders newest first with the spec fields, 20 per page by default', async () => {
    const res = await server.api('GET', '/orders');
    expect(res.status).toBe(200);
    const { items, total, page, limit } = res.body.data;
    expect({ page, limit }).toEqual({ page: 1, limit: 20 });
    expect(total).toBeGreaterThanOrEqual(5);
    expect(Object.keys(items[0]).sort()).toEqual(['amountDue', 'createdAt', 'currency', 'itemCount', 'orderNo', 'status', 'totalAmount', 'unitCount']);
    const created = items.map((o: { createdAt: string }) => o.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const first = await server.api('GET', `/orders/${items[0].orderNo}`);
    expect(items[0].itemCount).toBe(first.body.data.items.length);
    // unitCount: the units ordered (the lines' quantities summed), what a shopper calls items.
    for (const listed of items.slice(0, 5)) {
      const detail = (await server.api('GET', `/orders/${listed.orderNo}`)).body.data as { items: { quantity: number }[] };
      expect(listed.unitCount).toBe(detail.items.reduce((sum, line) => sum + line.quantity, 0));
    }
    expect(items[0].totalAmount).toBe(first.body.data.totalAmount);
  });

  it('pages and filters by status, refunded included', async () => {
    const all = (await server.api('GET', '/orders?limit=100')).body.data;
    const page2 = (await server.api('GET', '/orders?page=2&limit=2')).body.data;
    expect(page2.items.map((o: { orderNo: string }) => o.orderNo)).toEqual(all.items.slice(2, 4).map((o: { orderNo: string }) => o.orderNo));
    const cancelled = (await server.api('GET', '/orders?status=cancelled&limit=100')).body.data;
    expect(cancelled.total).toBe(all.items.filter((o: { status: string }) => o.status === 'cancelled').length);
    expect(cancelled.items.every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    const refunded = await server.api('GET', '/orders?status=refunded');
    expect(refunded.status).toBe(200);
  });

  it.each(['status=lost', 'page=0', 'limit=101', 'limit=x'])('400 for %s', async (q) => {
    const res = await server.api('GET', `/orders?${q}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(q.split('=')[0]);
  });
});

describe('order sub-resources', () => {
  let orderNo: string;
  beforeAll(async () => {
    orderNo = (await placeOrder({ items: [line(skus[5]!, 2)] })).body.data.orderNo;
  });

  it('status for polling', async () => {
    const res = await server.api('GET', `/orders/${orderNo}/status`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orderNo, status: 'pending', updatedAt: expect.stringMatching(/Z$/) });
  });

  it('logistics before the seller ships: no carrier, no events', async () => {
    const res = await server.api('GET', `/orders/${orderNo}/logistics`);
    expect(res.body.data).toEqual({
      orderNo, carrier: '', trackingNo: '', status: 'pending', events: [],
      parcels: [expect.objectContaining({ platform: 'taobao', marketplaceOrderNo: null, carrier: null, trackingNo: null })],
    });
  });

  it('inspection before arrival: pending, for every line', async () => {
    const res = await server.api('GET', `/orders/${orderNo}/inspection`);
    expect(res.body.data).toEqual({
      orderNo,
      result: 'pending',
      weight: 0,
      photos: [],
      notes: '',
      notesParts: null,
      inspectedAt: null,
      items: [{ productId: skus[5]!.productId, title: expect.any(String), skuName: expect.any(String), quantity: 2, result: 'pending',
        itemId: expect.any(Number), packageId: null, packageStatus: null, weight: 0, photos: [] }],
      decisionDeadline: null,
      requestedPhotos: [],
      afterSalesPrices: { photoPrice: 2, returnFee: 15 },
    });
  });

  it.each(['', '/status', '/logistics', '/inspection'])('404 for an unknown order on GET /orders/:id%s', async (suffix) => {
    const res = await server.api('GET', `/orders/PO20990101AAAAAAAA${suffix}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Order PO20990101AAAAAAAA not found' });
  });
});

describe('POST /orders/:id/cancel', () => {
  it('cancels a pending order: full refund, stock back, timeline with the reason', async () => {
    const sku = skus[2]!;
    const order = (await placeOrder({ items: [line(sku, 4)] })).body.data;
    const stock = stockOf(server, sku);
    const balance = balanceOf(server);
    const res = await server.api('POST', `/orders/${order.orderNo}/cancel`, { body: { reason: 'changed my mind' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orderNo: order.orderNo, status: 'cancelled', refundAmount: order.totalAmount, message: expect.stringContaining('cancelled') });
    expect(balanceOf(server)).toBe(balance + Math.round(order.totalAmount * 100));
    expect(stockOf(server, sku)).toBe(stock + 4);
    const detail = (await server.api('GET', `/orders/${order.orderNo}`)).body.data;
    expect(detail.status).toBe('cancelled');
    expect(detail.timeline.map((t: { status: string }) => t.status)).toEqual(['pending', 'cancelled']);
    expect(detail.timeline[1].note).toContain('changed my mind');
    const refunds = server.running.core.ctx.db.prepare("SELECT amount_minor FROM wallet_entries WHERE reference = ? AND type = 'order_refund'").all(order.orderNo);
    expect(refunds).toEqual([{ amount_minor: Math.round(order.totalAmount * 100) }]);
  });

  it('cancels a paid order without a body', async () => {
    const order = (await placeOrder({ items: [line(skus[2]!, 1)] })).body.data;
    expect((await server.admin('POST', `/orders/${order.orderNo}/advance`)).body.data.status).toBe('paid');
    const res = await server.api('POST', `/orders/${order.orderNo}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.data.refundAmount).toBe(order.totalAmount);
  });

  it('409 naming the status for a second cancel and for a purchased order, writing nothing', async () => {
    const order = (await placeOrder({ items: [line(skus[2]!, 1)] })).body.data;
    expect((await server.api('POST', `/orders/${order.orderNo}/cancel`)).status).toBe(200);
    await expectNothingWritten(() => server.api('POST', `/orders/${order.orderNo}/cancel`), 409, /is cancelled and cannot be cancelled/);

    const bought = (await placeOrder({ items: [line(skus[2]!, 1)] })).body.data;
    expect((await server.admin('POST', `/orders/${bought.orderNo}/advance`, { to: 'purchased' })).status).toBe(200);
    const res = await expectNothingWritten(() => server.api('POST', `/orders/${bought.orderNo}/cancel`, { body: { reason: 'too late?' } }), 409);
    expect(res.body).toEqual({ statusCode: 409, error: 'Conflict', message: expect.stringContaining('is purchased') });
  });

  it('400 for a reason over 500 characters or a malformed body; 404 for an unknown order', async () => {
    const order = (await placeOrder({ items: [line(skus[2]!, 1)] })).body.data;
    await expectNothingWritten(() => server.api('POST', `/orders/${order.orderNo}/cancel`, { body: { reason: 'x'.repeat(501) } }), 400, /reason/);
    await expectNothingWritten(() => server.api('POST', `/orders/${order.orderNo}/cancel`, { body: { reason: 42 } }), 400, /reason/);
    await expectNothingWritten(() => server.api('POST', `/orders/${order.orderNo}/cancel`, { body: [1] }), 400);
    await expectNothingWritten(() => server.api('POST', '/orders/PO20990101AAAAAAAA/cancel'), 404, 'Order PO20990101AAAAAAAA not found');
    expect((await server.api('POST', `/orders/${order.orderNo}/cancel`, { body: { reason: 'x'.repeat(500) } })).status).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  it('a retry of POST /orders returns the first response and writes nothing; another body under the key is 422', async () => {
    const body = { items: [line(skus[0]!, 1)], remark: 'idem' };
    const headers = { 'Idempotency-Key': 'order-retry-1' };
    const first = await placeOrder(body, { headers });
    expect(first.status).toBe(201);
    const before = tableCounts(server);
    const balance = balanceOf(server);
    const retry = await placeOrder({ remark: 'idem', items: [{ quantity: 1, skuId: skus[0]!.skuId, productId: String(skus[0]!.productId) }] }, { headers });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(tableCounts(server)).toEqual(before);
    expect(balanceOf(server)).toBe(balance);

    await expectNothingWritten(() => placeOrder({ ...body, remark: 'other' }, { headers }), 422, /Idempotency-Key/);
  });

  it('a retried cancel returns the first 200 (not a 409) and refunds once', async () => {
    const order = (await placeOrder({ items: [line(skus[1]!, 1)] })).body.data;
    const headers = { 'Idempotency-Key': `cancel-${order.orderNo}` };
    const first = await server.api('POST', `/orders/${order.orderNo}/cancel`, { body: { reason: 'r' }, headers });
    expect(first.status).toBe(200);
    const before = tableCounts(server);
    const balance = balanceOf(server);
    const retry = await server.api('POST', `/orders/${order.orderNo}/cancel`, { body: { reason: 'r' }, headers });
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(tableCounts(server)).toEqual(before);
    expect(balanceOf(server)).toBe(balance);
    await expectNothingWritten(() => server.api('POST', `/orders/${order.orderNo}/cancel`, { body: { reason: 'other' }, headers }), 422);
  });

  it('a failed request stores nothing, so its retry runs again', async () => {
    const headers = { 'Idempotency-Key': 'fails-first' };
    const sku = skus[3]!;
    await expectNothingWritten(() => placeOrder({ items: [line(sku, stockOf(server, sku) + 1)] }, { headers }), 422);
    await expectNothingWritten(() => placeOrder({ items: [line(sku, stockOf(server, sku) + 1)] }, { headers }), 422);
  });

  it('400 for a malformed key, writing nothing', async () => {
    await expectNothingWritten(() => placeOrder({ items: [line(skus[0]!, 1)] }, { headers: { 'Idempotency-Key': 'k'.repeat(256) } }), 400, /Idempotency-Key/);
  });
});
