import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiKey } from '../../../src/main/core/auth/api-keys.js';
import { groupCommit } from '../../../src/main/core/db/group-commit.js';
import { createArrivedOrder, createUser, deposit, orderableSku } from '../../helpers/fixtures.js';
import { snapshot, startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

/**
 * POST /orders/preview and POST /shipping/preview: what the create routes would charge, from the same
 * functions, with nothing written; then the create with the same body charges exactly the previewed total.
 */
let server: TestServer;
const ctx = () => server.running.core.ctx;
const RECIPIENT = {
  recipientName: 'Ann Lee',
  recipientPhone: '+49 30 1234567',
  recipientCountry: 'DE',
  recipientCity: 'Berlin',
  recipientAddress: 'Unter den Linden 1',
  recipientZipCode: '10117',
};
const TABLES = ['wallets', 'wallet_entries', 'wallet_holds', 'orders', 'order_items', 'user_coupons', 'packages', 'rehearsals', 'shipping_orders'];

async function writesNothing<T>(call: () => Promise<T>): Promise<T> {
  const counts = tableCounts(server);
  const snap = snapshot(server, TABLES);
  const out = await call();
  expect(tableCounts(server)).toEqual(counts);
  expect(snapshot(server, TABLES)).toBe(snap);
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.admin('PUT', '/autopilot', { pace: 'off' });
});
afterAll(() => server.close());

describe('POST /orders/preview', () => {
  it('answers what POST /orders then charges: lines, sellers, fee, coupon, total, wallet after; writes nothing', async () => {
    const line = orderableSku(ctx());
    const body = { items: [{ ...line, quantity: 3 }] };
    const claim = await server.api('POST', '/user/coupons/1/claim');
    expect(claim.status, JSON.stringify(claim.body)).toBe(201);
    const preview = await writesNothing(() => server.api('POST', '/orders/preview', { body: { ...body, couponId: 1 } }));
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const p = preview.body.data;
    expect(p.lines).toHaveLength(1);
    expect(p.lines[0]).toMatchObject({ productId: Number(line.productId), skuId: line.skuId, quantity: 3 });
    expect(p.sellerGroups).toEqual([expect.objectContaining({ lineIndexes: [0], subtotal: p.subtotal, domesticFreight: null })]);
    expect(p).toMatchObject({ couponId: 1, serviceFeeRate: 5, domesticFreight: 0 });
    expect(p.discount).toBeGreaterThan(0);
    expect(p.coupons.find((c: { couponId: number }) => c.couponId === 1)).toMatchObject({ claimed: true, usable: true, discount: p.discount });
    expect(p.wallet.availableAfter).toBeCloseTo(p.wallet.availableBalance - p.totalAmount, 2);

    const placed = await server.api('POST', '/orders', { body: { ...body, couponId: 1 } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ totalAmount: p.totalAmount, subtotal: p.subtotal, discount: p.discount, serviceFee: p.serviceFee });
  });

  it('follows the operator fee rate (the renderer used to assume 5%)', async () => {
    const put = await server.admin('PUT', '/settings', { serviceFeeRate: 8 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await server.api('POST', '/orders/preview', { body: { items: [{ ...orderableSku(ctx()), quantity: 1 }] } });
    expect(res.body.data.serviceFeeRate).toBe(8);
    expect(res.body.data.serviceFee).toBeCloseTo(Math.round(res.body.data.subtotal * 8) / 100, 2);
    await server.admin('PUT', '/settings', { serviceFeeRate: 5 });
  });

  it('refuses exactly as POST /orders does (unknown SKU, unclaimed coupon, over the stock) and says when the wallet is short', async () => {
    const line = orderableSku(ctx());
    for (const bad of [{ items: [{ ...line, skuId: 'nope', quantity: 1 }] }, { items: [{ ...line, quantity: 1 }], couponId: 3 }, { items: [{ ...line, quantity: 1_000_000 }] }]) {
      const preview = await server.api('POST', '/orders/preview', { body: bad });
      const create = await server.api('POST', '/orders', { body: bad });
      expect(preview.status, JSON.stringify(preview.body)).toBeGreaterThanOrEqual(400);
      expect(preview.body).toEqual(create.body);
    }
    const poor = createUser(ctx(), 'preview-poor');
    const key = createApiKey(ctx(), { name: 'poor', scopes: ['orders:read'], userId: poor, rateLimit: 10_000 }).key;
    const res = await server.api('POST', '/orders/preview', { body: { items: [{ ...line, quantity: 1 }] }, key });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.wallet).toMatchObject({ availableBalance: 0, sufficient: false, shortfall: res.body.data.totalAmount });
    deposit(ctx(), poor, 1);
  });
});

describe('POST /shipping/preview', () => {
  it('quotes insurance on the default declared value, and the create holds exactly the previewed total (issue 26 defect 2)', async () => {
    const pkg = createArrivedOrder(ctx(), { inspectedWeightGrams: 900 }).packageIds[0]!;
    const items = [{ inventoryId: pkg, quantity: 1 }];
    const declared = ctx().db.prepare('SELECT i.price_minor * i.quantity FROM packages p JOIN order_items i ON i.id = p.order_item_id WHERE p.id = ?').pluck().get(pkg) as number;
    const res = await writesNothing(() =>
      server.api('POST', '/shipping/preview', { body: { items, logisticsChannelId: 'ems', recipientCountry: 'DE', insurance: true } }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ declaredValue: declared / 100, declaredValueIsDefault: true, insurance: true, insuranceRate: 3, insuranceMinimum: 5, storageFees: 0, couponDiscount: 0 });
    expect(p.insurancePremium).toBe(Math.max(500, Math.round((declared * 3) / 100)) / 100);
    expect(p.totalCharge).toBeCloseTo(p.shippingFee + p.insurancePremium, 2);
    // Germany: under its de minimis nothing is due, and the preview says so.
    expect(p.duties).toMatchObject({ reason: declared <= 117_000 ? 'de_minimis' : 'rate', deMinimis: 1170, rate: 19 });

    const created = await server.api('POST', '/shipping/create', { body: { items, logisticsChannelId: 'ems', ...RECIPIENT, insurance: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ totalCharge: p.totalCharge, insurancePremium: p.insurancePremium, shippingFee: p.shippingFee, declaredValue: p.declaredValue });
    expect(created.body.data.estimatedDuties).toBe(p.estimatedDuties);
  });

  it('uses a packed rehearsal\'s parcel and lists paid services; refuses like create', async () => {
    const pkg = createArrivedOrder(ctx(), { inspectedWeightGrams: 700 }).packageIds[0]!;
    const items = [{ inventoryId: pkg, quantity: 1 }];
    expect((await server.api('POST', `/warehouse/packages/${pkg}/services`, { body: { serviceIds: ['moisture_barrier'] } })).status).toBe(201);
    const r = (await server.api('POST', '/shipping/rehearsals', { body: { inventoryIds: [pkg] } })).body.data;
    const packed = (await server.admin('POST', `/shipping/rehearsals/${r.id}/pack`)).body.data;
    const base = { items, logisticsChannelId: 'ems', recipientCountry: 'US' };
    // The packages are rehearsing: without the rehearsal, 409 as create says.
    expect((await server.api('POST', '/shipping/preview', { body: base })).status).toBe(409);
    const res = await server.api('POST', '/shipping/preview', { body: { ...base, rehearsalId: r.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      totalWeight: packed.packedWeight,
      rehearsal: { id: r.id, fee: 18, packedWeight: packed.packedWeight },
      services: [{ inventoryId: pkg, serviceId: 'moisture_barrier', status: 'pending', price: 5 }],
      servicesPaid: 5,
      duties: { reason: 'rate', rate: 15 },
    });
    // Still packed: the preview did not use the rehearsal up.
    expect((await server.api('GET', `/shipping/rehearsals/${r.id}`)).body.data.status).toBe('packed');
    expect((await server.api('POST', '/shipping/preview', { body: { ...base, rehearsalId: r.id, recipientCountry: 'ZZ' } })).status).toBe(400);
    expect((await server.api('POST', '/shipping/preview', { body: { ...base, rehearsalId: r.id, logisticsChannelId: 'nope' } })).status).toBe(404);
  });

  it('needs shipping:read; orders preview needs orders:read', async () => {
    const key = server.makeKey(['products:read']);
    expect((await server.api('POST', '/shipping/preview', { body: { items: [{ inventoryId: 1, quantity: 1 }], logisticsChannelId: 'ems', recipientCountry: 'US' }, key })).status).toBe(403);
    expect((await server.api('POST', '/orders/preview', { body: { items: [{ ...orderableSku(ctx()), quantity: 1 }] }, key })).status).toBe(403);
  });
});

describe('previews and estimates are reads', () => {
  it('take no write lock: no savepoint in a group-commit batch, no commit to wait for', async () => {
    const pkg = createArrivedOrder(ctx(), { inspectedWeightGrams: 400 }).packageIds[0]!;
    const line = orderableSku(ctx());
    const calls = [
      () => server.api('POST', '/orders/preview', { body: { items: [{ ...line, quantity: 1 }] } }),
      () => server.api('POST', '/shipping/preview', { body: { items: [{ inventoryId: pkg, quantity: 1 }], logisticsChannelId: 'ems', recipientCountry: 'DE' } }),
      () => server.api('POST', '/logistics/estimate', { body: { items: [{ ...line, quantity: 1 }], countryCode: 'DE' } }),
    ];
    await calls[0]!(); // the key's last use is recorded by now (once a minute, joining a batch)
    const run = vi.spyOn(groupCommit(ctx().db), 'run');
    try {
      for (const call of calls) expect((await call()).status).toBe(200);
      expect(run).not.toHaveBeenCalled();
      // A write still goes through the batch (the spy sees it): the check above can fail.
      expect((await server.api('POST', '/cart/items', { body: { ...line, quantity: 1 } })).status).toBeLessThan(300);
      expect(run).toHaveBeenCalled();
    } finally {
      run.mockRestore();
    }
  });
});
