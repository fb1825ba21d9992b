import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFigures } from '../../../src/main/core/warehouse/figures.js';
import { createArrivedOrder, moneyProblems, US_RECIPIENT } from '../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;
const ctx = () => server.running.core.ctx;

const RECIPIENT = US_RECIPIENT;

const packageOf = (weight: number) => createArrivedOrder(ctx(), { lines: [{}], inspectedWeightGrams: weight }).packageIds[0]!;
const create = async (weight: number, channel = 'economy-line', headers: Record<string, string> = {}) => {
  const id = packageOf(weight);
  const res = await server.api('POST', '/shipping/create', { body: { items: [{ inventoryId: id, quantity: 1 }], logisticsChannelId: channel, ...RECIPIENT }, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { orderNo: string; shippingFee: number; totalCharge: number; chargeWeight: number };
};
const dispatch = (orderNo: string) => server.admin('POST', `/shipping/orders/${orderNo}/dispatch`, {});
const detail = async (orderNo: string) => (await server.api('GET', `/shipping/orders/${orderNo}`)).body.data;
const payments = async (orderNo: string) =>
  ((await server.api('GET', '/user/wallet/transactions?limit=100')).body.data.items as { type: string; amount: number; reference: string }[]).filter(
    (t) => t.reference === orderNo,
  );
const clean = () => expect(moneyProblems(ctx())).toEqual([]);

beforeAll(async () => {
  server = await startTestServer();
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
});
afterAll(() => server.close());

describe('packed weight settles the shipping fee (v1.2 section 10)', () => {
  it('weighs the packed parcel at dispatch and shows quoted beside billed', async () => {
    writeFigures(ctx(), { packingMinBp: 1000, packingMaxBp: 1000 });
    const o = await create(2000);
    await dispatch(o.orderNo);
    const d = await detail(o.orderNo);
    expect(d.packedWeight).toBe(2200);
    expect(d.packedDimensions).toEqual({ l: expect.any(Number), w: expect.any(Number), h: expect.any(Number) });
    expect(d.volumetricWeight).toBeGreaterThan(0);
    expect(d.chargeWeight).toBe(o.chargeWeight);
    expect(d.billedWeight).toBeGreaterThanOrEqual(2200);
    expect(d.billedShippingFee).toBeGreaterThan(o.shippingFee);
    expect(d.shippingFee).toBe(o.shippingFee);
    clean();
  });

  it('lighter than quoted: only the new fee is captured, the rest released', async () => {
    writeFigures(ctx(), { packingMinBp: 0, packingMaxBp: 0 });
    // Quoted on a heavier parcel than it packs to: the package lost weight after the quote (services).
    const o = await create(3000);
    ctx().db.prepare("UPDATE packages SET weight_g = 1000 WHERE shipping_order_no = ?").run(o.orderNo);
    const before = (await server.api('GET', '/user/wallet/balance')).body.data;
    await dispatch(o.orderNo);
    const d = await detail(o.orderNo);
    expect(d.status).toBe('shipped');
    expect(d.billedShippingFee).toBeLessThan(o.shippingFee);
    expect(await payments(o.orderNo)).toEqual([expect.objectContaining({ type: 'shipping_payment', amount: -d.billedShippingFee })]);
    const after = (await server.api('GET', '/user/wallet/balance')).body.data;
    expect(after.balance).toBeCloseTo(before.balance - d.billedShippingFee, 2);
    expect(after.frozenBalance).toBeCloseTo(before.frozenBalance - o.totalCharge, 2);
    clean();
  });

  it('beyond the tolerance: awaiting_payment with a 48 h supplement; 402 when short; paid, it leaves', async () => {
    writeFigures(ctx(), { packingMinBp: 1200, packingMaxBp: 1200 });
    const o = await create(2000);
    const res = await dispatch(o.orderNo);
    expect(res.body.data.status).toBe('awaiting_payment');
    const d = await detail(o.orderNo);
    const sup = d.supplements[0];
    expect(sup).toMatchObject({ shippingOrderNo: o.orderNo, status: 'pending', amount: Math.round((d.billedShippingFee - o.shippingFee) * 100) / 100 });
    expect(Date.parse(sup.expiresAt) - Date.parse(sup.createdAt)).toBe(48 * 3_600_000);
    expect(d.amountDue).toBe(sup.amount);
    expect((await dispatch(o.orderNo)).status).toBe(409);
    const listed = await server.api('GET', `/shipping/orders/${o.orderNo}/supplements`);
    expect(listed.body.data).toEqual([sup]);
    // Short: 402 and nothing written.
    const balance = (await server.api('GET', '/user/wallet/balance')).body.data;
    await server.admin('POST', '/wallet/adjust', { amount: -(balance.availableBalance - 0.01), note: 'empty the wallet' });
    const short = await server.api('POST', `/shipping/orders/${o.orderNo}/supplements/${sup.id}/pay`);
    expect(short.status).toBe(402);
    await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
    const paid = await server.api('POST', `/shipping/orders/${o.orderNo}/supplements/${sup.id}/pay`, { headers: { 'Idempotency-Key': 'sup-1' } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid' });
    expect((await server.api('POST', `/shipping/orders/${o.orderNo}/supplements/${sup.id}/pay`)).status).toBe(409);
    expect((await detail(o.orderNo)).status).toBe('shipped');
    const entries = await payments(o.orderNo);
    expect(entries.map((e) => e.type).sort()).toEqual(['shipping_payment', 'shipping_supplement']);
    expect(entries.find((e) => e.type === 'shipping_supplement')!.amount).toBe(-sup.amount);
    expect(entries.find((e) => e.type === 'shipping_payment')!.amount).toBe(-o.totalCharge);
    clean();
  });

  it('an unpaid supplement expires after 48 h on the service clock: the shipment is cancelled, packages back', async () => {
    writeFigures(ctx(), { packingMinBp: 1200, packingMaxBp: 1200 });
    await server.admin('PUT', '/autopilot', { pace: 'realistic' });
    const o = await create(2000);
    await dispatch(o.orderNo);
    expect((await detail(o.orderNo)).status).toBe('awaiting_payment');
    await server.admin('POST', '/clock/advance', { by: '49h' });
    const d = await detail(o.orderNo);
    expect(d.status).toBe('cancelled');
    expect(d.supplements[0].status).toBe('expired');
    expect((await server.api('GET', `/warehouse/packages/${d.items[0].inventoryId}`)).body.data.status).toBe('in_warehouse');
    expect(await payments(o.orderNo)).toEqual([]);
    clean();
  });

  it('the expiry is a service rule: it happens with the autopilot off too', async () => {
    writeFigures(ctx(), { packingMinBp: 1200, packingMaxBp: 1200 });
    await server.admin('PUT', '/autopilot', { pace: 'off' });
    try {
      const o = await create(2000);
      await dispatch(o.orderNo);
      expect((await detail(o.orderNo)).status).toBe('awaiting_payment');
      await server.admin('POST', '/clock/advance', { by: '49h' });
      const d = await detail(o.orderNo);
      expect(d.status).toBe('cancelled');
      expect(d.supplements[0].status).toBe('expired');
      clean();
    } finally {
      await server.admin('PUT', '/autopilot', { pace: 'realistic' });
    }
  });

  it('scenario overweight (header) makes the packed parcel exceed the tolerance even with no packing', async () => {
    writeFigures(ctx(), { packingMinBp: 0, packingMaxBp: 0 });
    const o = await create(1500, 'economy-line', { 'Crossbuy-Scenario': 'overweight' });
    await dispatch(o.orderNo);
    const d = await detail(o.orderNo);
    expect(d.status).toBe('awaiting_payment');
    expect(d.scenarios).toEqual([{ name: 'overweight', firedAt: expect.any(String) }]);
    expect(d.billedWeight).toBeGreaterThan(d.chargeWeight);
    clean();
  });

  it('within the tolerance the agent absorbs the difference: the fee held is captured', async () => {
    writeFigures(ctx(), { packingMinBp: 1000, packingMaxBp: 1000, weightToleranceBp: 10_000 });
    const o = await create(2000);
    await dispatch(o.orderNo);
    const d = await detail(o.orderNo);
    expect(d.status).toBe('shipped');
    expect(d.billedShippingFee).toBeGreaterThan(o.shippingFee);
    expect(await payments(o.orderNo)).toEqual([expect.objectContaining({ type: 'shipping_payment', amount: -o.totalCharge })]);
    writeFigures(ctx(), { weightToleranceBp: 200 });
    clean();
  });
});
