import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../../src/main/core/auth/api-keys.js';
import { readFigures, writeFigures } from '../../../src/main/core/warehouse/figures.js';
import { walletState } from '../../../src/main/core/wallet/ledger.js';
import { createArrivedOrder, createUser, deposit, orderStatus, US_RECIPIENT as RECIPIENT, type ArrivedOrder } from '../../helpers/fixtures.js';
import { request, snapshot, startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;

/** v1.1 (extensions.md section 5-8) fields both the create answer and the detail carry. */
const CHARGE_KEYS = ['declaredValue', 'insurance', 'insurancePremium', 'storageFees', 'totalCharge', 'estimatedDuties', 'rehearsalId', 'scenarios', 'couponId', 'couponDiscount'];
const CREATE_KEYS = ['orderNo', 'status', 'channelName', 'totalWeight', 'shippingFee', 'currency', 'items', 'createdAt', 'channelId', 'chargeWeight', ...CHARGE_KEYS, 'fuelSurcharge'].sort();
const LIST_KEYS = ['orderNo', 'status', 'channelName', 'trackingNo', 'totalWeight', 'shippingFee', 'createdAt', 'channelId', 'currency'];
const DETAIL_KEYS = [...LIST_KEYS, 'recipient', 'items', 'events', 'shippedAt', 'deliveredAt', 'remark', 'updatedAt', ...CHARGE_KEYS, 'dimensions', 'exceptionReason', 'insurancePayout',
  // v1.2 section 10
  'chargeWeight', 'packedWeight', 'packedDimensions', 'volumetricWeight', 'billedWeight', 'billedShippingFee', 'supplements', 'amountDue'].sort();
const MONEY_TABLES = ['wallets', 'wallet_entries', 'wallet_holds', 'packages', 'shipping_orders', 'shipping_order_items', 'shipping_events', 'orders', 'order_timeline'];

const ctx = () => server.running.core.ctx;

/** Wallet in minor units, from the ledger; and, when the wallet route exists, the API agrees. */
async function wallet(userId = 1) {
  const state = walletState(ctx(), userId);
  if (userId === 1) {
    const res = await server.api('GET', '/user/wallet/balance');
    if (res.status === 200) {
      expect(res.body.data).toMatchObject({ balance: state.balance / 100, frozenBalance: state.frozen / 100, availableBalance: state.available / 100, currency: 'CNY' });
    }
  }
  return state;
}

/** One general package of an exact weight (the inspected weight of a one-line order). */
function packageOf(weight: number, options: { cargoType?: 'general' | 'battery' | 'sensitive'; userId?: number; quantity?: number } = {}): number {
  return createArrivedOrder(ctx(), { userId: options.userId, lines: [{ cargoType: options.cargoType, quantity: options.quantity }], inspectedWeightGrams: weight }).packageIds[0]!;
}

function quantityOf(id: number): number {
  return (ctx().db.prepare('SELECT quantity FROM packages WHERE id = ?').get(id) as { quantity: number }).quantity;
}

/** A recipient field's name on a saved address: recipientZipCode -> zipCode. */
function savedName(field: string): string {
  const name = field.slice('recipient'.length);
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function createBody(ids: number[], channel: string, extra: Record<string, unknown> = {}) {
  return { items: ids.map((id) => ({ inventoryId: id, quantity: quantityOf(id) })), logisticsChannelId: channel, ...RECIPIENT, ...extra };
}

async function expectNothingWritten(call: () => Promise<{ status: number; body: any }>, status: number, message?: string | RegExp) { // eslint-disable-line @typescript-eslint/no-explicit-any
  const counts = tableCounts(server);
  const snap = snapshot(server, MONEY_TABLES);
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (message !== undefined) {
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
  }
  if (status >= 400) expect(res.body.statusCode).toBe(status);
  expect(tableCounts(server)).toEqual(counts);
  expect(snapshot(server, MONEY_TABLES)).toBe(snap);
  return res;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /shipping/create', () => {
  let pkg: number;
  let orderNo: string;

  it('creates a pending order: fee = the channel quote, frozen in the wallet; packages reserved', async () => {
    pkg = packageOf(1234);
    const before = await wallet();
    const entries = tableCounts(server).wallet_entries;
    const res = await server.api('POST', '/shipping/create', { body: createBody([pkg], 'air-special', { remark: 'fragile' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = res.body.data;
    expect(Object.keys(data).sort()).toEqual(CREATE_KEYS);
    // Air special: charge 1300 (100 g steps); 28.00 + ceil(1200/100)=12 x 7.50 = 118.00; fuel 8% = 9.44; 127.44
    expect(data).toMatchObject({
      status: 'pending', channelName: 'Air Special Line', channelId: 'air-special', totalWeight: 1234, chargeWeight: 1300, shippingFee: 127.44,
      currency: 'CNY', items: [{ inventoryId: pkg, name: expect.any(String) }],
    });
    expect(data.orderNo).toMatch(/^SO\d{8}[2-9A-HJ-NP-Z]{8}$/);
    expect(data.orderNo.slice(2, 10)).toBe(data.createdAt.slice(0, 10).replaceAll('-', ''));
    orderNo = data.orderNo;

    const quote = await server.api('POST', '/logistics/calculate-freight', { body: { channelId: 'air-special', country: 'US', weight: 1234 } });
    expect(quote.body.data.totalPrice).toBe(data.shippingFee);

    const after = await wallet();
    expect(after).toEqual({ balance: before.balance, frozen: before.frozen + 12_744, available: before.available - 12_744 });
    expect(tableCounts(server).wallet_entries).toBe(entries);
    const hold = ctx().db.prepare('SELECT amount_minor, status FROM wallet_holds WHERE reference = ?').get(orderNo);
    expect(hold).toEqual({ amount_minor: 12_744, status: 'active' });
    expect((await server.api('GET', `/warehouse/packages/${pkg}`)).body.data).toMatchObject({ status: 'packing', shippingOrderNo: orderNo });

    const detail = await server.api('GET', `/shipping/orders/${orderNo}`);
    expect(Object.keys(detail.body.data).sort()).toEqual(DETAIL_KEYS);
    expect(detail.body.data).toMatchObject({
      orderNo, status: 'pending', trackingNo: '', shippedAt: null, deliveredAt: null, remark: 'fragile', totalWeight: 1234, shippingFee: 127.44,
      recipient: { name: 'Ann Lee', phone: '+1 212 555 0100', country: 'US', state: 'NY', city: 'New York', address: '1 Main St, Apt 4', zipCode: '10001' },
      items: [{ inventoryId: pkg, name: data.items[0].name, quantity: 1, weight: 1234, cargoType: 'general', orderId: expect.stringMatching(/^PO/) }],
    });
    expect(detail.body.data.events).toEqual([
      {
        at: data.createdAt,
        status: 'pending',
        location: expect.any(String),
        description: expect.stringContaining('127.44 CNY'),
        code: 'shipping.created',
        params: { channel: expect.any(String), amount: 127.44, freight: 127.44, insurance: 0, storage: 0, currency: 'CNY' },
      },
    ]);
    // An event written before migration 013 has no code: clients show its description.
    ctx().db.prepare("INSERT INTO shipping_events (shipping_order_no, at, status, location, description) VALUES (?, ?, 'pending', '', 'Old event')").run(orderNo, data.createdAt);
    const withOld = (await server.api('GET', `/shipping/orders/${orderNo}`)).body.data.events;
    expect(withOld.at(-1)).toEqual({ at: data.createdAt, status: 'pending', location: '', description: 'Old event', code: null, params: null });
    ctx().db.prepare("DELETE FROM shipping_events WHERE shipping_order_no = ? AND description = 'Old event'").run(orderNo);
  });

  it('prices several packages as one parcel of their total weight; battery goods need a sensitive-cargo channel', async () => {
    const general = packageOf(800);
    const battery = packageOf(300, { cargoType: 'battery' });
    const denied = await expectNothingWritten(
      () => server.api('POST', '/shipping/create', { body: createBody([general, battery], 'dhl-express') }),
      422,
      'Channel dhl-express does not carry sensitive cargo (it carries: general)',
    );
    expect(denied.body.error).toBe('Unprocessable Entity');
    const res = await server.api('POST', '/shipping/create', { body: createBody([general, battery], 'air-sensitive') });
    expect(res.status).toBe(201);
    // 1100 g: 36.00 + 10 x 9.20 = 128.00; fuel 10% = 12.80; 140.80
    expect(res.body.data).toMatchObject({ totalWeight: 1100, chargeWeight: 1100, shippingFee: 140.8 });
    expect(res.body.data.items.map((i: { inventoryId: number }) => i.inventoryId)).toEqual([general, battery]);
  });

  it('an Idempotency-Key retry returns the first response and writes nothing; another body under it is 422', async () => {
    const id = packageOf(600);
    const body = createBody([id], 'ems');
    const headers = { 'idempotency-key': 'ship-once-1' };
    const first = await server.api('POST', '/shipping/create', { body, headers });
    expect(first.status).toBe(201);
    const again = await expectNothingWritten(() => server.api('POST', '/shipping/create', { body, headers }), 201);
    expect(again.body).toEqual(first.body);
    await expectNothingWritten(
      () => server.api('POST', '/shipping/create', { body: { ...body, remark: 'changed' }, headers }),
      422,
      'Idempotency-Key was already used with a different request',
    );
    // Without the key the same body is a new attempt, refused because the package is reserved now.
    await expectNothingWritten(() => server.api('POST', '/shipping/create', { body }), 409);
  });

  describe('refusals write nothing', () => {
    let free: number;
    let heavy: number;
    let foreign: number;
    beforeAll(() => {
      free = packageOf(700, { quantity: 3 });
      heavy = packageOf(2500);
      foreign = packageOf(500, { userId: createUser(ctx(), 'stranger') });
    });

    it('404 for an unknown package or another user\'s, naming the index', async () => {
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { body: { ...createBody([free], 'ems'), items: [{ inventoryId: free, quantity: 3 }, { inventoryId: 999_999, quantity: 1 }] } }),
        404,
        'items[1]: package 999999 not found',
      );
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { body: { ...createBody([free], 'ems'), items: [{ inventoryId: foreign, quantity: 1 }] } }),
        404,
        `items[0]: package ${foreign} not found`,
      );
    });

    it('409 for a package that is not in the warehouse', async () => {
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { body: { ...createBody([free], 'ems'), items: [{ inventoryId: pkg, quantity: 1 }] } }),
        409,
        `items[0]: package ${pkg} is packing (shipping order ${orderNo}), not in_warehouse`,
      );
    });

    it('400 when the quantity is not the package quantity, or a package appears twice', async () => {
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { body: { ...createBody([free], 'ems'), items: [{ inventoryId: free, quantity: 2 }] } }),
        400,
        "items[0].quantity must equal the package's quantity (3): packages ship whole",
      );
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { body: { ...createBody([free], 'ems'), items: [{ inventoryId: free, quantity: 3 }, { inventoryId: free, quantity: 3 }] } }),
        400,
        `items[1].inventoryId ${free} appears more than once`,
      );
    });

    it('404 unknown channel; 400 unknown country', async () => {
      await expectNothingWritten(() => server.api('POST', '/shipping/create', { body: createBody([free], 'pigeon-post') }), 404, 'Shipping channel pigeon-post not found');
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { body: createBody([free], 'ems', { recipientCountry: 'XX' }) }),
        400,
        'recipientCountry "XX" is not a known country code (see /logistics/countries)',
      );
    });

    it('422 when the channel does not serve the country or cannot hold the weight', async () => {
      await expectNothingWritten(() => server.api('POST', '/shipping/create', { body: createBody([free], 'sf-asia') }), 422, 'Channel sf-asia does not ship to US');
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { body: createBody([heavy], 'economy-air') }),
        422,
        'Channel economy-air carries 50 to 2000 g; the charge weight is 2500 g',
      );
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { body: createBody([free], 'sea-freight') }),
        422,
        'Channel sea-freight carries 5000 to 100000 g; the charge weight is 1000 g',
      );
    });

    it.each([
      ['items', { items: [] }],
      ['items[0].quantity', { items: [{ inventoryId: 1 }] }],
      ['items[0].inventoryId', { items: [{ inventoryId: '1', quantity: 1 }] }],
      ['items[0].quantity', { items: [{ inventoryId: 1, quantity: 0 }] }],
      ['recipientName', { recipientName: undefined }],
      ['recipientName', { recipientName: '   ' }],
      ['recipientZipCode', { recipientZipCode: '' }],
      ['recipientCountry', { recipientCountry: 'USA' }],
      ['logisticsChannelId', { logisticsChannelId: undefined }],
      ['remark', { remark: 'x'.repeat(501) }], // 501 characters
      ['giftWrap', { giftWrap: true }],
    ])('400 naming %s (case %#)', async (field, patch) => {
      const body = { ...createBody([free], 'ems'), ...patch };
      const res = await expectNothingWritten(() => server.api('POST', '/shipping/create', { body }), 400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) });
    });

    it.each([
      [{ recipientName: 'A' }, 'recipientName', 'recipientName must have at least 2 characters'],
      [{ recipientCity: 'Q' }, 'recipientCity', 'recipientCity must have at least 2 characters'],
      [{ recipientAddress: 'x' }, 'recipientAddress', 'recipientAddress must have at least 3 characters'],
      [{ recipientPhone: '555 010 2030' }, 'recipientPhone', 'recipientPhone "555 010 2030" needs the country code: + and 8 to 15 digits, e.g. +49 30 1234567'],
      [{ recipientZipCode: 'Z' }, 'recipientZipCode', 'recipientZipCode "Z" is not a postcode of US (e.g. 94105)'],
      [{ recipientCountry: 'de', recipientZipCode: 'SW1A 2AA' }, 'recipientZipCode', 'recipientZipCode "SW1A 2AA" is not a postcode of DE (e.g. 10115)'],
    ])('a recipient breaking an address rule (%j): 400 address_invalid naming %s, as a saved address would be', async (patch, field, message) => {
      const res = await expectNothingWritten(() => server.api('POST', '/shipping/create', { body: createBody([free], 'ems', patch) }), 400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message, code: 'address_invalid', field });
      // The same address saved through the address routes is refused by the same rule, naming its own field.
      const address = Object.fromEntries(Object.entries({ ...RECIPIENT, ...patch }).map(([name, value]) => [savedName(name), value]));
      const saved = await server.api('POST', '/user/addresses', { body: address });
      expect(saved.body).toMatchObject({ statusCode: 400, code: 'address_invalid', field: savedName(field) });
    });

    it('402 with the exact message when the available balance is short; a retry under the same key succeeds after a deposit', async () => {
      const poor = createUser(ctx(), 'poor');
      const key = createApiKey(ctx(), { name: 'poor', scopes: ['shipping:write', 'shipping:read'], userId: poor, rateLimit: 10_000 }).key;
      const id = packageOf(1234, { userId: poor }); // funded exactly for the goods: available 0
      const body = createBody([id], 'air-special');
      const headers = { 'idempotency-key': 'poor-1' };
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { key, body, headers }),
        402,
        'Insufficient balance. Required: 127.44 CNY. Available: 0.00 CNY',
      );
      deposit(ctx(), poor, 10_000);
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { key, body }),
        402,
        'Insufficient balance. Required: 127.44 CNY. Available: 100.00 CNY',
      );
      deposit(ctx(), poor, 2_744);
      const ok = await server.api('POST', '/shipping/create', { key, body, headers });
      expect(ok.status).toBe(201);
      expect(walletState(ctx(), poor)).toEqual({ balance: 12_744, frozen: 12_744, available: 0 });
    });

    it('401 without a key; 403 without shipping:write', async () => {
      await expectNothingWritten(() => server.api('POST', '/shipping/create', { key: null, body: createBody([free], 'ems') }), 401, 'Invalid API Key');
      const readOnly = server.makeKey(['shipping:read']);
      await expectNothingWritten(
        () => server.api('POST', '/shipping/create', { key: readOnly, body: createBody([free], 'ems') }),
        403,
        'Insufficient scope. Required: shipping:write. Your key has: shipping:read',
      );
    });
  });

  describe('GET /shipping/orders', () => {
    it('lists the user\'s orders newest first, paginated, filterable by status', async () => {
      const res = await server.api('GET', '/shipping/orders');
      expect(res.status).toBe(200);
      const { items, total, page, limit } = res.body.data;
      expect({ page, limit }).toEqual({ page: 1, limit: 20 });
      expect(items).toHaveLength(total);
      for (const o of items) expect(Object.keys(o).sort()).toEqual([...LIST_KEYS].sort());
      const created = items.map((o: { createdAt: string }) => o.createdAt);
      expect(created).toEqual([...created].sort().reverse());
      expect(items.at(-1)).toMatchObject({ orderNo, status: 'pending', trackingNo: '', channelName: 'Air Special Line', totalWeight: 1234, shippingFee: 127.44 });
      const second = await server.api('GET', '/shipping/orders?page=2&limit=1');
      expect(second.body.data).toMatchObject({ total, page: 2, limit: 1, items: [items[1]] });
      expect((await server.api('GET', '/shipping/orders?status=delivered')).body.data).toEqual({ items: [], total: 0, page: 1, limit: 20 });
      expect((await server.api('GET', '/shipping/orders?status=pending')).body.data.total).toBe(total);
    });

    it.each(['status=misplaced', 'limit=500', 'page=0'])('400 for ?%s', async (query) => {
      const res = await server.api('GET', `/shipping/orders?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(query.split('=')[0]);
    });

    it('detail: 404 for an unknown or another user\'s order; needs shipping:read', async () => {
      expect((await server.api('GET', '/shipping/orders/SO20990101AAAAAAAA')).status).toBe(404);
      const strangerKey = createApiKey(ctx(), { name: 's', scopes: ['shipping:read'], userId: createUser(ctx(), 'nosy'), rateLimit: 10_000 }).key;
      const res = await server.api('GET', `/shipping/orders/${orderNo}`, { key: strangerKey });
      expect(res.body).toEqual({ statusCode: 404, error: 'Not Found', message: `Shipping order ${orderNo} not found` });
      expect((await server.api('GET', '/shipping/orders', { key: strangerKey })).body.data.total).toBe(0);
      expect((await server.api('GET', '/shipping/orders', { key: server.makeKey(['warehouse:read']) })).status).toBe(403);
    });
  });
});

describe('cancel, dispatch, deliver', () => {
  let order: ArrivedOrder;
  let soA: string; // first package of `order`
  let soB: string; // second package of `order`

  beforeAll(async () => {
    order = createArrivedOrder(ctx(), { lines: [{ quantity: 1 }, { quantity: 1 }], inspectedWeightGrams: 1800 });
    const a = await server.api('POST', '/shipping/create', { body: createBody([order.packageIds[0]!], 'ems') });
    const b = await server.api('POST', '/shipping/create', { body: createBody([order.packageIds[1]!], 'ems') });
    soA = a.body.data.orderNo;
    soB = b.body.data.orderNo;
  });

  const feeOf = (no: string) => (ctx().db.prepare('SELECT shipping_fee_minor AS f FROM shipping_orders WHERE order_no = ?').get(no) as { f: number }).f;

  it('cancel releases the held fee, puts the packages back, and is idempotent under a key', async () => {
    const before = await wallet();
    const entries = tableCounts(server).wallet_entries;
    const fee = feeOf(soA);
    const headers = { 'idempotency-key': `cancel-${soA}` };
    const res = await server.api('POST', `/shipping/orders/${soA}/cancel`, { body: { reason: 'changed my mind' }, headers });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orderNo: soA, status: 'cancelled', refundAmount: fee / 100, message: expect.any(String) });
    expect(await wallet()).toEqual({ balance: before.balance, frozen: before.frozen - fee, available: before.available + fee });
    expect(tableCounts(server).wallet_entries).toBe(entries); // a release moves no money
    expect(ctx().db.prepare('SELECT status FROM wallet_holds WHERE reference = ?').get(soA)).toEqual({ status: 'released' });
    expect((await server.api('GET', `/warehouse/packages/${order.packageIds[0]}`)).body.data).toMatchObject({ status: 'in_warehouse', shippingOrderNo: null });
    const detail = (await server.api('GET', `/shipping/orders/${soA}`)).body.data;
    expect(detail.status).toBe('cancelled');
    expect(detail.events.map((e: { status: string }) => e.status)).toEqual(['pending', 'cancelled']);
    expect(detail.events[1].description).toContain('changed my mind');
    expect(detail.events[1]).toMatchObject({ code: 'shipping.cancelled', params: { amount: fee / 100, currency: 'CNY', reason: 'changed my mind' } });

    const retry = await expectNothingWritten(() => server.api('POST', `/shipping/orders/${soA}/cancel`, { body: { reason: 'changed my mind' }, headers }), 200);
    expect(retry.body).toEqual(res.body);
    await expectNothingWritten(
      () => server.api('POST', `/shipping/orders/${soA}/cancel`),
      409,
      `Shipping order ${soA} is cancelled and cannot be cancelled (only pending or awaiting_payment orders can)`,
    );
  });

  it('a cancelled order\'s package can ship again', async () => {
    const res = await server.api('POST', '/shipping/create', { body: createBody([order.packageIds[0]!], 'ems') });
    expect(res.status).toBe(201);
    soA = res.body.data.orderNo;
  });

  it('cancel: 404 unknown or another user\'s; 400 bad body; 403 without shipping:write', async () => {
    await expectNothingWritten(() => server.api('POST', '/shipping/orders/SO20990101AAAAAAAA/cancel'), 404);
    const strangerKey = createApiKey(ctx(), { name: 's', scopes: ['shipping:write'], userId: createUser(ctx(), 'meddler'), rateLimit: 10_000 }).key;
    await expectNothingWritten(() => server.api('POST', `/shipping/orders/${soA}/cancel`, { key: strangerKey }), 404, `Shipping order ${soA} not found`);
    await expectNothingWritten(() => server.api('POST', `/shipping/orders/${soA}/cancel`, { body: { why: 'x' } }), 400, 'why is not a known field');
    await expectNothingWritten(() => server.api('POST', `/shipping/orders/${soA}/cancel`, { body: { reason: 'x'.repeat(501) } }), 400);
    const readOnly = server.makeKey(['shipping:read']);
    await expectNothingWritten(
      () => server.api('POST', `/shipping/orders/${soA}/cancel`, { key: readOnly }),
      403,
      'Insufficient scope. Required: shipping:write. Your key has: shipping:read',
    );
  });

  it('confirm-delivery of a pending order is 409', async () => {
    await expectNothingWritten(
      () => server.api('POST', `/shipping/orders/${soA}/confirm-delivery`),
      409,
      `Shipping order ${soA} is pending and cannot be marked delivered (only shipped orders can)`,
    );
  });

  it('dispatch (admin) captures the fee as a shipping_payment and ships the packages', async () => {
    const before = await wallet();
    const fee = feeOf(soA);
    const res = await server.admin('POST', `/shipping/orders/${soA}/dispatch`, { trackingNo: 'EE123456789CN' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ orderNo: soA, status: 'shipped', trackingNo: 'EE123456789CN', shippedAt: expect.any(String), deliveredAt: null });
    expect(res.body.data.events.at(-1)).toMatchObject({
      status: 'shipped',
      description: expect.stringContaining('EE123456789CN'),
      code: 'shipping.handed_to_carrier',
      params: { carrier: expect.any(String), trackingNo: 'EE123456789CN' },
    });
    expect(await wallet()).toEqual({ balance: before.balance - fee, frozen: before.frozen - fee, available: before.available });
    const entry = ctx().db.prepare("SELECT type, amount_minor, reference FROM wallet_entries WHERE reference = ? AND type = 'shipping_payment'").all(soA);
    expect(entry).toEqual([{ type: 'shipping_payment', amount_minor: -fee, reference: soA }]);
    const tx = await server.api('GET', '/user/wallet/transactions?limit=1');
    if (tx.status === 200) expect(tx.body.data.items[0]).toMatchObject({ type: 'shipping_payment', amount: -fee / 100, reference: soA });
    expect((await server.api('GET', `/warehouse/packages/${order.packageIds[0]}`)).body.data).toMatchObject({ status: 'shipped', shippingOrderNo: soA });
    expect((await server.api('GET', '/shipping/orders?status=shipped')).body.data.items[0]).toMatchObject({ orderNo: soA, trackingNo: 'EE123456789CN' });
  });

  it('a shipped order can be neither cancelled nor dispatched again', async () => {
    await expectNothingWritten(
      () => server.api('POST', `/shipping/orders/${soA}/cancel`),
      409,
      `Shipping order ${soA} is shipped and cannot be cancelled (only pending or awaiting_payment orders can)`,
    );
    await expectNothingWritten(() => server.admin('POST', `/shipping/orders/${soA}/dispatch`), 409);
  });

  it('dispatch: generated tracking number; 400 bad tracking number; 404 unknown; admin token only', async () => {
    await expectNothingWritten(() => server.admin('POST', `/shipping/orders/${soB}/dispatch`, { trackingNo: 'has spaces' }), 400);
    await expectNothingWritten(() => server.admin('POST', '/shipping/orders/SO20990101AAAAAAAA/dispatch'), 404);
    const withKey = () => request(`${server.running.origin}/api/v1/admin`, 'POST', `/shipping/orders/${soB}/dispatch`, { bearer: server.key });
    await expectNothingWritten(withKey, 401);
    const res = await server.admin('POST', `/shipping/orders/${soB}/dispatch`);
    expect(res.status).toBe(200);
    expect(res.body.data.trackingNo).toMatch(/^[A-Z]{2}\d{12}$/);
  });

  it('confirm-delivery delivers; the purchase order completes only when all its packages are delivered', async () => {
    const res = await server.api('POST', `/shipping/orders/${soA}/confirm-delivery`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ orderNo: soA, status: 'delivered', deliveredAt: expect.any(String), message: expect.any(String) });
    const detail = (await server.api('GET', `/shipping/orders/${soA}`)).body.data;
    expect(detail).toMatchObject({ status: 'delivered', deliveredAt: res.body.data.deliveredAt });
    expect(detail.events.map((e: { status: string }) => e.status)).toEqual(['pending', 'shipped', 'delivered']);
    expect(detail.events.at(-1)).toMatchObject({ code: 'shipping.delivered', params: { name: detail.recipient.name, by: 'recipient' } });
    expect((await server.api('GET', `/warehouse/packages/${order.packageIds[0]}`)).body.data.status).toBe('delivered');
    // The other package of the purchase order is still on its way.
    expect(orderStatus(ctx(), order.orderNo)).toBe('in_warehouse');
    await expectNothingWritten(() => server.api('POST', `/shipping/orders/${soA}/confirm-delivery`), 409);
  });

  it('admin deliver records the last delivery and completes the purchase order', async () => {
    await expectNothingWritten(() => server.admin('POST', '/shipping/orders/SO20990101AAAAAAAA/deliver'), 404);
    const res = await server.admin('POST', `/shipping/orders/${soB}/deliver`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ orderNo: soB, status: 'delivered', deliveredAt: expect.any(String) });
    expect(orderStatus(ctx(), order.orderNo)).toBe('completed');
    const timeline = ctx().db.prepare('SELECT status, note FROM order_timeline WHERE order_no = ? ORDER BY id DESC LIMIT 1').get(order.orderNo);
    expect(timeline).toEqual({ status: 'completed', note: expect.stringContaining(soB) });
    const po = await server.api('GET', `/orders/${order.orderNo}`);
    if (po.status === 200) expect(po.body.data.status).toBe('completed');
    await expectNothingWritten(() => server.admin('POST', `/shipping/orders/${soB}/deliver`), 409);
  });

  it('confirm-delivery: 404 for another user\'s order', async () => {
    const key = createApiKey(ctx(), { name: 's', scopes: ['shipping:write'], userId: createUser(ctx(), 'intruder'), rateLimit: 10_000 }).key;
    await expectNothingWritten(() => server.api('POST', `/shipping/orders/${soA}/confirm-delivery`, { key }), 404);
  });

  it('the wallet still equals its ledger and the frozen amount equals the pending orders\' fees', async () => {
    const db = ctx().db;
    const w = walletState(ctx(), 1);
    const ledger = (db.prepare('SELECT COALESCE(SUM(amount_minor), 0) AS s FROM wallet_entries WHERE user_id = 1').get() as { s: number }).s;
    const pending = (db.prepare("SELECT COALESCE(SUM(shipping_fee_minor), 0) AS s FROM shipping_orders WHERE user_id = 1 AND status = 'pending'").get() as { s: number }).s;
    expect(w.balance).toBe(ledger);
    expect(w.frozen).toBe(pending);
  });
});

describe('fees and channel edits', () => {
  it('a pending order keeps the fee it was quoted when the operator reprices the channel', async () => {
    const id = packageOf(1000);
    const created = await server.api('POST', '/shipping/create', { body: createBody([id], 'economy-line') });
    // 1000 g: 45.00 + 1 x 18.00 = 63.00; fuel 5% = 3.15; 66.15
    expect(created.body.data.shippingFee).toBe(66.15);
    const original = (await server.admin('GET', '/channels/economy-line')).body.data;
    expect((await server.admin('PUT', '/channels/economy-line', { pricing: { firstPrice: 999 } })).status).toBe(200);
    const before = await wallet();
    const dispatched = await server.admin('POST', `/shipping/orders/${created.body.data.orderNo}/dispatch`);
    expect(dispatched.body.data.shippingFee).toBe(66.15);
    expect((await wallet()).balance).toBe(before.balance - 6_615);
    await server.admin('PUT', '/channels/economy-line', { pricing: { firstPrice: original.pricing.firstPrice } });
  });

  it('a zero-priced channel holds and captures nothing', async () => {
    const original = (await server.admin('GET', '/channels/economy-air')).body.data;
    await server.admin('PUT', '/channels/economy-air', { pricing: { firstPrice: 0, continuedPrice: 0 } });
    const id = packageOf(400);
    const before = await wallet();
    const entries = tableCounts(server).wallet_entries;
    const created = await server.api('POST', '/shipping/create', { body: createBody([id], 'economy-air') });
    expect(created.body.data.shippingFee).toBe(0);
    const no = created.body.data.orderNo;
    expect(ctx().db.prepare('SELECT COUNT(*) AS n FROM wallet_holds WHERE reference = ?').get(no)).toEqual({ n: 0 });
    expect((await server.admin('POST', `/shipping/orders/${no}/dispatch`)).status).toBe(200);
    expect(await wallet()).toEqual(before);
    expect(tableCounts(server).wallet_entries).toBe(entries);
    const again = await server.api('POST', '/shipping/create', { body: createBody([packageOf(300)], 'economy-air') });
    const cancelled = await server.api('POST', `/shipping/orders/${again.body.data.orderNo}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', refundAmount: 0 });
    await server.admin('PUT', '/channels/economy-air', { pricing: { firstPrice: original.pricing.firstPrice, continuedPrice: original.pricing.continuedPrice } });
  });
});

describe('CLI: crossbuy admin dispatch | deliver', () => {
  const run = promisify(execFile);
  const cli = (...args: string[]) => run(process.execPath, [resolve('bin/crossbuy.js'), 'admin', ...args, '--data', server.dataDir], { timeout: 30_000 });

  it('dispatches with a tracking number and delivers, beside the running server', async () => {
    const order = createArrivedOrder(ctx(), { inspectedWeightGrams: 900 });
    const so = (await server.api('POST', '/shipping/create', { body: createBody(order.packageIds, 'ems') })).body.data.orderNo;
    const dispatched = await cli('dispatch', so, '--tracking', 'CLI-TRACK-1');
    expect(dispatched.stdout).toContain(`${so} shipped tracking CLI-TRACK-1`);
    expect((await server.api('GET', `/shipping/orders/${so}`)).body.data).toMatchObject({ status: 'shipped', trackingNo: 'CLI-TRACK-1' });
    const delivered = await cli('deliver', so, '--json');
    expect(JSON.parse(delivered.stdout)).toMatchObject({ orderNo: so, status: 'delivered' });
    expect(orderStatus(ctx(), order.orderNo)).toBe('completed');
    await expect(cli('deliver', so)).rejects.toMatchObject({ stderr: expect.stringContaining('cannot be marked delivered') });
  });

  it('a dispatch that weighs the parcel heavier than quoted says what is due, how it is paid, and that --tracking was not used', async () => {
    const figures = readFigures(ctx());
    writeFigures(ctx(), { packingMinBp: 1200, packingMaxBp: 1200 });
    try {
      const order = createArrivedOrder(ctx(), { inspectedWeightGrams: 2000 });
      const so = (await server.api('POST', '/shipping/create', { body: createBody(order.packageIds, 'economy-line') })).body.data.orderNo;
      const dispatched = await cli('dispatch', so, '--tracking', 'CLI-TRACK-2');
      const due = (await server.api('GET', `/shipping/orders/${so}`)).body.data.supplements[0];
      expect(dispatched.stdout).toContain(`${so} awaiting_payment`);
      expect(dispatched.stdout).toContain(`a shipping supplement of ${due.amount} CNY is due`);
      expect(dispatched.stdout).toContain(`POST /api/v1/open/shipping/orders/${so}/supplements/${due.id}/pay`);
      expect(dispatched.stdout).toContain('--tracking was not used');
    } finally {
      writeFigures(ctx(), { packingMinBp: figures.packingMinBp, packingMaxBp: figures.packingMaxBp });
    }
  });
});
