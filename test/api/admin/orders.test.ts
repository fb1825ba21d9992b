import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCoupon, addUser, balanceOf, couponUsedBy, line, pickSkus, stockOf, type SkuPick } from '../../helpers/order-setup.js';
import { request, startTestServer, tableCounts, type ApiResponse, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let skus: SkuPick[];

beforeAll(async () => {
  server = await startTestServer();
  skus = pickSkus(server, { platform: 'weidian', count: 3, minStock: 40, maxPriceMinor: 20_000 });
});
afterAll(() => server.close());

async function newOrder(lines = [line(skus[0]!, 1), line(skus[1]!, 2)], couponId?: number): Promise<ApiResponse['body']> {
  const res = await server.api('POST', '/orders', { body: { items: lines, ...(couponId ? { couponId } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function expectNothingWritten(run: () => Promise<ApiResponse>, status: number, message?: RegExp | string) {
  const before = tableCounts(server);
  const balance = balanceOf(server);
  const res = await run();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toEqual({ statusCode: status, error: expect.any(String), message: expect.any(String) });
  if (message) expect(res.body.message).toMatch(message);
  expect(tableCounts(server)).toEqual(before);
  expect(balanceOf(server)).toBe(balance);
  return res;
}

const ledger = (reference: string) =>
  server.running.core.ctx.db.prepare('SELECT type, amount_minor FROM wallet_entries WHERE reference = ? ORDER BY id').all(reference);

describe('admin API access', () => {
  it('refuses an sk- key and a missing token with 401', async () => {
    const adminBase = `${server.running.origin}/api/v1/admin`;
    await expectNothingWritten(() => request(adminBase, 'POST', '/wallet/deposit', { body: { amount: 10 }, bearer: server.key }), 401);
    await expectNothingWritten(() => request(adminBase, 'GET', '/orders', {}), 401);
  });
});

describe('POST /wallet/deposit and /wallet/adjust', () => {
  it('deposits: a ledger entry, the new balance in the response', async () => {
    const balance = balanceOf(server);
    const res = await server.admin('POST', '/wallet/deposit', { amount: 129.5, note: 'bank transfer 42' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      transactionId: expect.any(Number),
      userId: 1,
      type: 'deposit',
      amount: 129.5,
      balance: (balance + 12_950) / 100,
      frozenBalance: 0,
      availableBalance: (balance + 12_950) / 100,
      currency: 'CNY',
    });
    const entry = server.running.core.ctx.db.prepare('SELECT type, amount_minor, description FROM wallet_entries WHERE id = ?').get(res.body.data.transactionId);
    expect(entry).toEqual({ type: 'deposit', amount_minor: 12_950, description: 'bank transfer 42' });
  });

  it.each([
    [{ amount: 12.345 }, 'two decimals'],
    [{ amount: 0.1 + 0.2 }, 'two decimals'],
    [{ amount: 0 }, 'greater than 0'],
    [{ amount: -5 }, 'greater than 0'],
    [{ amount: '10' }, 'amount'],
    [{}, 'amount'],
    [{ amount: 10, userId: 0 }, 'userId'],
    [{ amount: 10, colour: 'x' }, 'colour'],
    [{ amount: 10_000_000_000 }, 'at most'],
  ])('deposit 400 for %j, writing nothing', async (body, message) => {
    await expectNothingWritten(() => server.admin('POST', '/wallet/deposit', body), 400, message);
  });

  it('deposit 404 for an unknown user; to another user when named', async () => {
    await expectNothingWritten(() => server.admin('POST', '/wallet/deposit', { amount: 1, userId: 4242 }), 404, 'User 4242 not found');
    const user = addUser(server, 'depositee');
    const res = await server.admin('POST', '/wallet/deposit', { amount: 0.07, userId: user.userId });
    expect(res.body.data).toMatchObject({ userId: user.userId, amount: 0.07, balance: 0.07 });
    expect(balanceOf(server, user.userId)).toBe(7);
  });

  it('adjusts up and down with a note; never below the available balance', async () => {
    const user = addUser(server, 'adjustee');
    expect((await server.admin('POST', '/wallet/adjust', { amount: 10, note: 'goodwill', userId: user.userId })).status).toBe(201);
    const down = await server.admin('POST', '/wallet/adjust', { amount: -2.5, note: 'fee correction', userId: user.userId });
    expect(down.status).toBe(201);
    expect(down.body.data).toMatchObject({ type: 'adjustment', amount: -2.5, balance: 7.5 });
    await expectNothingWritten(
      () => server.admin('POST', '/wallet/adjust', { amount: -7.51, note: 'too much', userId: user.userId }),
      422,
      'An adjustment of -7.51 CNY would take the available balance below zero (available: 7.50 CNY)',
    );
    expect((await server.admin('POST', '/wallet/adjust', { amount: -7.5, note: 'to zero', userId: user.userId })).body.data.balance).toBe(0);
  });

  it.each([
    [{ amount: 5 }, 'note'],
    [{ amount: 5, note: '' }, 'note'],
    [{ amount: 5, note: '   ' }, 'note'],
    [{ amount: 0, note: 'x' }, 'not be 0'],
    [{ amount: 1.001, note: 'x' }, 'two decimals'],
  ])('adjust 400 for %j, writing nothing', async (body, message) => {
    await expectNothingWritten(() => server.admin('POST', '/wallet/adjust', body), 400, message);
  });

  it('honours Idempotency-Key on deposits', async () => {
    const adminBase = `${server.running.origin}/api/v1/admin`;
    const send = (amount: number) =>
      request(adminBase, 'POST', '/wallet/deposit', { body: { amount }, bearer: server.running.core.adminToken, headers: { 'Idempotency-Key': 'dep-1' } });
    const first = await send(3);
    expect(first.status).toBe(201);
    const before = tableCounts(server);
    const retry = await send(3);
    expect(retry.body).toEqual(first.body);
    expect(tableCounts(server)).toEqual(before);
    await expectNothingWritten(() => send(4), 422);
  });
});

describe('POST /orders/:id/advance', () => {
  it('moves an order one step at a time with the staff\'s data', async () => {
    const order = await newOrder();
    const paid = await server.admin('POST', `/orders/${order.orderNo}/advance`, { note: 'bank confirmed' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ orderNo: order.orderNo, status: 'paid', userId: 1 });
    // The operator's own words carry no parts (stable codes) to translate: the UI shows the note as written.
    expect(paid.body.data.timeline.at(-1)).toEqual({ status: 'paid', at: expect.any(String), note: 'bank confirmed', parts: null });

    const bought = await server.admin('POST', `/orders/${order.orderNo}/advance`, { marketplaceOrderNo: '4102938475610293' });
    expect(bought.body.data).toMatchObject({ status: 'purchased', marketplaceOrderNo: '4102938475610293' });
    expect(bought.body.data.timeline.at(-1).note).toContain('4102938475610293');

    const shipped = await server.admin('POST', `/orders/${order.orderNo}/advance`, { carrier: 'ZTO Express', trackingNo: '75312345678901' });
    expect(shipped.body.data).toMatchObject({ status: 'shipped_to_warehouse', logistics: { carrier: 'ZTO Express', trackingNo: '75312345678901' } });
    const trail = (await server.api('GET', `/orders/${order.orderNo}/logistics`)).body.data;
    expect(trail).toMatchObject({ orderNo: order.orderNo, carrier: 'ZTO Express', trackingNo: '75312345678901', status: 'shipped_to_warehouse' });
    // Each event also carries its stable code and values (parts the UI words in its own language). The two
    // lines come from two shops: the staff's carrier and number are the first seller's parcel, the second
    // seller's parcel has its own (issue 26 item 9).
    expect(trail.parcels).toHaveLength(2);
    expect(trail.parcels[0]).toMatchObject({ carrier: 'ZTO Express', trackingNo: '75312345678901' });
    expect(trail.parcels[1].trackingNo).toMatch(/^[A-Z0-9]{8,}$/);
    expect(trail.parcels[1].trackingNo).not.toBe('75312345678901');
    expect(trail.events).toEqual([
      { at: expect.any(String), location: expect.any(String), description: expect.stringContaining('ZTO Express'), code: 'logistics.seller_shipped', params: { carrier: 'ZTO Express' } },
      { at: expect.any(String), location: expect.any(String), description: expect.stringContaining(trail.parcels[1].carrier), code: 'logistics.seller_shipped', params: { carrier: trail.parcels[1].carrier } },
    ]);

    const photos = ['https://example.test/qc/1.jpg', 'https://example.test/qc/2.jpg'];
    const arrived = await server.admin('POST', `/orders/${order.orderNo}/advance`, {
      inspection: { result: 'issue_found', weight: 1234, notes: 'one strap scuffed', photos },
    });
    expect(arrived.body.data).toMatchObject({ status: 'in_warehouse', inspection: { result: 'issue_found', weight: 1234, photos } });
    const inspection = (await server.api('GET', `/orders/${order.orderNo}/inspection`)).body.data;
    expect(inspection).toMatchObject({ orderNo: order.orderNo, result: 'issue_found', weight: 1234, photos, notes: 'one strap scuffed', notesParts: null, inspectedAt: expect.stringMatching(/Z$/) });
    expect(inspection.items.map((i: { result: string }) => i.result)).toEqual(['issue_found', 'issue_found']);

    const after = (await server.api('GET', `/orders/${order.orderNo}/logistics`)).body.data;
    expect(after.events.map((e: { description: string }) => e.description)).toEqual([
      expect.stringContaining('Shipped'), expect.stringContaining('Shipped'), expect.stringContaining('In transit'), expect.stringContaining('Delivered'),
    ]);
    const times = after.events.map((e: { at: string }) => e.at);
    expect([...times].sort()).toEqual(times);

    // One package per order line, weighing the inspected weight in all.
    const packages = server.running.core.ctx.db.prepare('SELECT weight_g, status, photos FROM packages WHERE order_no = ?').all(order.orderNo) as {
      weight_g: number; status: string; photos: string;
    }[];
    expect(packages).toHaveLength(2);
    expect(packages.every((p) => p.status === 'in_warehouse' && JSON.parse(p.photos).length === 2)).toBe(true);
    expect(Math.abs(packages.reduce((s, p) => s + p.weight_g, 0) - 1234)).toBeLessThanOrEqual(1);

    expect(arrived.body.data.timeline.map((t: { status: string }) => t.status)).toEqual(['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse']);
    // The order moved, the money did not.
    expect(ledger(order.orderNo)).toEqual([{ type: 'order_payment', amount_minor: -Math.round(order.totalAmount * 100) }]);
    await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/advance`), 409, /no next step/);
  });

  it('runs every step to `to`, generating what it is not given, with photos the service serves', async () => {
    const order = await newOrder([line(skus[2]!, 1)]);
    const res = await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'in_warehouse' });
    expect(res.status).toBe(200);
    const detail = res.body.data;
    expect(detail.status).toBe('in_warehouse');
    expect(detail.marketplaceOrderNo).toMatch(/^\d{16,19}$/);
    expect(detail.logistics.carrier).not.toBe('');
    expect(detail.logistics.trackingNo).toMatch(/^[A-Z0-9]+$/);
    expect(detail.inspection.result).toBe('passed');
    expect(detail.inspection.weight).toBeGreaterThan(0);
    expect(detail.inspection.photos).toHaveLength(3);
    const photo = await fetch(detail.inspection.photos[0]);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toContain('svg');
  });

  it('404 unknown; 409 backwards, from a final state or past the back office\'s steps; 422 data for a step not run; 400 bad data', async () => {
    await expectNothingWritten(() => server.admin('POST', '/orders/PO20990101AAAAAAAA/advance'), 404);
    const order = await newOrder([line(skus[0]!, 1)]);
    expect((await server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'purchased' })).status).toBe(200);
    await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'paid' }), 409, /is purchased and cannot move forward to paid/);
    await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/advance`, { to: 'purchased' }), 409);
    await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/advance`, { marketplaceOrderNo: '1' }), 422, /marketplaceOrderNo belongs to the purchased step/);
    await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/advance`, { inspection: { weight: 10 } }), 422, /inspection/);
    for (const body of [
      { to: 'completed' },
      { to: 'cancelled' },
      { inspection: { weight: 0 } },
      { inspection: { weight: 1.5 } },
      { inspection: { result: 'great' } },
      { inspection: { photos: ['file:///etc/passwd'] } },
      { trackingNo: 'has space' },
      { carrier: '' },
      { speed: 'fast' },
    ]) {
      await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/advance`, body), 400);
    }
    const cancelled = await newOrder([line(skus[0]!, 1)]);
    expect((await server.api('POST', `/orders/${cancelled.orderNo}/cancel`)).status).toBe(200);
    await expectNothingWritten(() => server.admin('POST', `/orders/${cancelled.orderNo}/advance`), 409, /cancelled/);
  });
});

describe('POST /orders/:id/refund', () => {
  it('refunds a paid order in full and returns its coupon; stock stays taken (the marketplace had none)', async () => {
    const couponId = addCoupon(server, { type: 'fixed', value: 500 });
    const order = await newOrder([line(skus[1]!, 2)], couponId);
    expect(couponUsedBy(server, couponId)).toBe(order.orderNo);
    expect((await server.admin('POST', `/orders/${order.orderNo}/advance`)).body.data.status).toBe('paid');
    const stock = stockOf(server, skus[1]!);
    const balance = balanceOf(server);
    const res = await server.admin('POST', `/orders/${order.orderNo}/refund`, { reason: 'seller out of stock' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orderNo: order.orderNo, status: 'refunded', refundAmount: order.totalAmount, message: expect.any(String) });
    expect(balanceOf(server)).toBe(balance + Math.round(order.totalAmount * 100));
    expect(couponUsedBy(server, couponId)).toBeNull();
    expect(stockOf(server, skus[1]!)).toBe(stock);
    const detail = (await server.api('GET', `/orders/${order.orderNo}`)).body.data;
    expect(detail.timeline.at(-1)).toMatchObject({ status: 'refunded', note: expect.stringContaining('seller out of stock') });
    expect((await server.api('GET', '/orders?status=refunded')).body.data.items.map((o: { orderNo: string }) => o.orderNo)).toContain(order.orderNo);

    await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/refund`), 409, /is refunded/);
  });

  it('409 for a pending order, 404 for an unknown one, 400 for a long reason', async () => {
    const order = await newOrder([line(skus[1]!, 1)]);
    await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/refund`), 409, /is pending/);
    await expectNothingWritten(() => server.admin('POST', '/orders/PO20990101AAAAAAAA/refund'), 404);
    await expectNothingWritten(() => server.admin('POST', `/orders/${order.orderNo}/refund`, { reason: 'x'.repeat(501) }), 400, /reason/);
  });
});

describe('GET /orders (back office)', () => {
  it('lists every user\'s orders, filtered by user and status', async () => {
    const user = addUser(server, 'shopper2');
    await server.admin('POST', '/wallet/deposit', { amount: 1000, userId: user.userId });
    const theirs = await server.api('POST', '/orders', { body: { items: [line(skus[0]!, 1)] }, key: user.key });
    expect(theirs.status).toBe(201);

    const all = await server.admin('GET', '/orders?limit=100');
    expect(all.status).toBe(200);
    const numbers = all.body.data.items.map((o: { orderNo: string }) => o.orderNo);
    expect(numbers).toContain(theirs.body.data.orderNo);
    expect(all.body.data.items.some((o: { userId: number }) => o.userId === 1)).toBe(true);
    expect(Object.keys(all.body.data.items[0]).sort()).toEqual(['amountDue', 'createdAt', 'currency', 'itemCount', 'orderNo', 'platform', 'status', 'totalAmount', 'unitCount', 'updatedAt', 'userId']);

    const onlyTheirs = (await server.admin('GET', `/orders?userId=${user.userId}`)).body.data;
    expect(onlyTheirs.items.map((o: { orderNo: string }) => o.orderNo)).toEqual([theirs.body.data.orderNo]);
    const inWarehouse = (await server.admin('GET', '/orders?status=in_warehouse')).body.data;
    expect(inWarehouse.total).toBeGreaterThanOrEqual(2);
    expect(inWarehouse.items.every((o: { status: string }) => o.status === 'in_warehouse')).toBe(true);
    expect((await server.admin('GET', '/orders?status=nope')).status).toBe(400);

    const detail = await server.admin('GET', `/orders/${theirs.body.data.orderNo}`);
    expect(detail.body.data).toMatchObject({ orderNo: theirs.body.data.orderNo, userId: user.userId });
  });
});
