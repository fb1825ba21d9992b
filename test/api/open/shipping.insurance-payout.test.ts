import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../src/main/core/db/database.js';
import { forEachOrderProblem } from '../../../src/main/core/orders/invariants.js';
import { postEntry } from '../../../src/main/core/wallet/ledger.js';
import { writeFigures } from '../../../src/main/core/warehouse/figures.js';
import { createArrivedOrder, moneyProblems, US_RECIPIENT } from '../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * Lost or seized, insured (extensions.md section 7): "declared value + fee paid back", the fee being the
 * freight actually paid: the quote less the shipping coupon (section 11), plus the packed-weight
 * supplements paid (section 10); a lighter parcel paid only its billed fee. Never the quote as such.
 */
let server: TestServer;
const ctx = () => server.running.core.ctx;
const cents = (amount: number) => Math.round(amount * 100);

const packageOf = (weight: number) => createArrivedOrder(ctx(), { lines: [{}], inspectedWeightGrams: weight }).packageIds[0]!;
async function create(weight: number, channel: string, extra: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await server.api('POST', '/shipping/create', {
    body: { items: [{ inventoryId: packageOf(weight), quantity: 1 }], logisticsChannelId: channel, ...US_RECIPIENT, insurance: true, declaredValue: 300, ...extra },
    headers,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { orderNo: string; shippingFee: number; couponDiscount: number; declaredValue: number };
}
const dispatch = (orderNo: string) => server.admin('POST', `/shipping/orders/${orderNo}/dispatch`, {});
const lose = async (orderNo: string) => {
  const res = await server.admin('POST', `/shipping/${orderNo}/simulate`, { scenario: 'lost_in_transit' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const payoutEntry = async (orderNo: string) =>
  ((await server.api('GET', '/user/wallet/transactions?type=insurance_payout&limit=100')).body.data.items as { reference: string; amount: number; description: string }[]).find(
    (t) => t.reference === orderNo,
  )!;
const freightOnLedger = (orderNo: string) =>
  -(ctx().db.prepare("SELECT COALESCE(SUM(amount_minor), 0) FROM wallet_entries WHERE reference = ? AND type IN ('shipping_payment', 'shipping_supplement')").pluck().get(orderNo) as number);
const clean = () => {
  expect(moneyProblems(ctx())).toEqual([]);
  const orderProblems: unknown[] = [];
  forEachOrderProblem(ctx(), (p) => orderProblems.push(p));
  expect(orderProblems).toEqual([]);
};

beforeAll(async () => {
  server = await startTestServer();
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
  // No box or filler: the parcel weighs what the packages weigh, so the fee settles at the quote.
  writeFigures(ctx(), { packingMinBp: 0, packingMaxBp: 0 });
});
afterAll(() => server.close());

describe('insurance payout = declared value + the freight actually paid', () => {
  it('with a shipping coupon: the discount is not paid back', async () => {
    const available = (await server.api('GET', '/user/coupons/available')).body.data as { id: number; appliesTo: string; channelIds: string[] | null }[];
    const couponId = available.find((c) => c.appliesTo === 'shipping' && c.channelIds !== null)!.id;
    expect((await server.api('POST', `/user/coupons/${couponId}/claim`)).status).toBe(201);
    const o = await create(2000, 'economy-air', { couponId });
    expect(o.couponDiscount).toBeGreaterThan(0);
    await dispatch(o.orderNo);
    const d = await lose(o.orderNo);
    const freight = cents(o.shippingFee) - cents(o.couponDiscount);
    const premiumAndStorage = cents(d.insurancePremium) + cents(d.storageFees);
    expect(freightOnLedger(o.orderNo)).toBe(freight + premiumAndStorage);
    expect(cents(d.insurancePayout)).toBe(30_000 + freight);
    expect(d.events.at(-1).params).toMatchObject({ amount: d.insurancePayout });
    const entry = await payoutEntry(o.orderNo);
    expect(cents(entry.amount)).toBe(30_000 + freight);
    expect(entry.description).toBe(
      `Insurance payout for ${o.orderNo}: declared value 300.00 CNY + freight paid ${(freight / 100).toFixed(2)} CNY ` +
        `(shipping fee ${o.shippingFee.toFixed(2)} CNY, coupon -${o.couponDiscount.toFixed(2)} CNY)`,
    );
    clean();
  });

  it('with a paid packed-weight supplement: the supplement is paid back too', async () => {
    const o = await create(1500, 'economy-line', {}, { 'Crossbuy-Scenario': 'overweight' });
    await dispatch(o.orderNo);
    const sups = (await server.api('GET', `/shipping/orders/${o.orderNo}/supplements`)).body.data as { id: number; amount: number; status: string }[];
    expect(sups).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect((await server.api('POST', `/shipping/orders/${o.orderNo}/supplements/${sups[0]!.id}/pay`)).status).toBe(200);
    const d = await lose(o.orderNo);
    const freight = cents(o.shippingFee) + cents(sups[0]!.amount);
    expect(freightOnLedger(o.orderNo)).toBe(freight + cents(d.insurancePremium) + cents(d.storageFees));
    expect(cents(d.insurancePayout)).toBe(30_000 + freight);
    // Above declared value + the quoted fee: the doctor's bound is the freight paid, so this is sound.
    expect(cents(d.insurancePayout)).toBeGreaterThan(30_000 + cents(o.shippingFee));
    const entry = await payoutEntry(o.orderNo);
    expect(cents(entry.amount)).toBe(30_000 + freight);
    expect(entry.description).toContain(`freight paid ${(freight / 100).toFixed(2)} CNY (shipping fee ${o.shippingFee.toFixed(2)} CNY, packed-weight supplement ${sups[0]!.amount.toFixed(2)} CNY)`);
    clean();
  });

  it('a lighter parcel paid only its billed fee: that is what comes back', async () => {
    const o = await create(3000, 'economy-line', {});
    ctx().db.prepare('UPDATE packages SET weight_g = 1000 WHERE shipping_order_no = ?').run(o.orderNo);
    await dispatch(o.orderNo);
    const d = await lose(o.orderNo);
    expect(d.billedShippingFee).toBeLessThan(o.shippingFee);
    expect(cents(d.insurancePayout)).toBe(30_000 + cents(d.billedShippingFee));
    expect((await payoutEntry(o.orderNo)).description).toContain(`(billed fee ${d.billedShippingFee.toFixed(2)} CNY)`);
    clean();
  });

  it('a supplement that was not paid is not paid back', async () => {
    const o = await create(1500, 'economy-line', {});
    await dispatch(o.orderNo);
    // A supplement left pending beside a shipped order (not a state the service makes; the rule must hold anyway).
    ctx()
      .db.prepare(
        `INSERT INTO shipping_supplements (shipping_order_no, user_id, amount_minor, status, created_at, expires_at) VALUES (?, 1, 1234, 'pending', ?, ?)`,
      )
      .run(o.orderNo, ctx().nowIso(), ctx().nowIso());
    const d = await lose(o.orderNo);
    expect(cents(d.insurancePayout)).toBe(30_000 + cents(o.shippingFee));
    expect((await payoutEntry(o.orderNo)).description).toBe(
      `Insurance payout for ${o.orderNo}: declared value 300.00 CNY + shipping fee ${o.shippingFee.toFixed(2)} CNY`,
    );
  });

  it('the doctor accepts a payout of the older rule (declared + quoted fee) and flags one above both', async () => {
    const available = (await server.api('GET', '/user/coupons/available')).body.data as { id: number; appliesTo: string; channelIds: string[] | null }[];
    const couponId = available.find((c) => c.appliesTo === 'shipping' && c.channelIds === null)!.id;
    expect((await server.api('POST', `/user/coupons/${couponId}/claim`)).status).toBe(201);
    const o = await create(4000, 'ems', { couponId });
    expect(o.couponDiscount).toBeGreaterThan(0);
    await dispatch(o.orderNo);
    const d = await lose(o.orderNo);
    const db = ctx().db;
    const paid = cents(d.insurancePayout);
    // The ledger is append-only: a further insurance_payout entry (and the payout recorded) makes the sum.
    const payMore = (minor: number) =>
      inTransaction(db, () => {
        postEntry(ctx(), { userId: 1, type: 'insurance_payout', amount: minor, reference: o.orderNo, description: 'test: older rule' });
        db.prepare('UPDATE shipping_orders SET payout_minor = payout_minor + ? WHERE order_no = ?').run(minor, o.orderNo);
      });
    const shippingProblems = () => moneyProblems(ctx()).filter((p) => (p as { orderNo?: string }).orderNo === o.orderNo);
    expect(shippingProblems()).toEqual([]);
    // A backup from before the rule paid the quoted fee (the coupon's discount too): still sound.
    payMore(30_000 + cents(o.shippingFee) - paid);
    expect(shippingProblems()).toEqual([]);
    payMore(1);
    expect(shippingProblems()).toEqual([{ orderNo: o.orderNo, problem: expect.stringContaining('above declared value + fee') }]);
  });
});
