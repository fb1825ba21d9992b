import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArrivedOrder, moneyProblems, US_RECIPIENT } from '../../helpers/fixtures.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;
const ctx = () => server.running.core.ctx;

const RECIPIENT = US_RECIPIENT;

interface CouponView {
  id: number;
  name: string;
  appliesTo: string;
  channelIds: string[] | null;
  minFee: number;
  type: string;
  value: number;
}

let fixedShip: CouponView;
let economyShip: CouponView;
let purchase: CouponView;

function packageOf(weight: number): number {
  return createArrivedOrder(ctx(), { lines: [{}], inspectedWeightGrams: weight }).packageIds[0]!;
}
const body = (id: number, channel: string, extra: Record<string, unknown> = {}) => ({ items: [{ inventoryId: id, quantity: 1 }], logisticsChannelId: channel, ...RECIPIENT, ...extra });
const quote = async (channelId: string, weight: number) =>
  (await server.api('POST', '/logistics/calculate-freight', { body: { channelId, country: 'US', weight } })).body.data.totalPrice as number;
const frozen = async () => (await server.api('GET', '/user/wallet/balance')).body.data.frozenBalance as number;
const noProblems = () => expect(moneyProblems(ctx())).toEqual([]);

beforeAll(async () => {
  server = await startTestServer();
  await server.admin('POST', '/wallet/deposit', { amount: 50_000 });
  const available = (await server.api('GET', '/user/coupons/available')).body.data as CouponView[];
  fixedShip = available.find((c) => c.appliesTo === 'shipping' && c.channelIds === null)!;
  economyShip = available.find((c) => c.appliesTo === 'shipping' && c.channelIds !== null)!;
  purchase = available.find((c) => c.appliesTo === 'purchase')!;
  for (const c of [fixedShip, economyShip, purchase]) expect((await server.api('POST', `/user/coupons/${c.id}/claim`)).status).toBe(201);
});
afterAll(() => server.close());

describe('shipping coupons (v1.2 section 11)', () => {
  it('the demo catalog carries two shipping coupons with their terms', () => {
    expect(fixedShip).toMatchObject({ type: 'fixed', value: 15, minFee: 100 });
    expect(economyShip).toMatchObject({ type: 'percentage', value: 20, channelIds: ['economy-air', 'economy-line'], minFee: 0 });
    expect(purchase).toMatchObject({ appliesTo: 'purchase', channelIds: null, minFee: 0 });
  });

  it('comes off the freight only: held and captured less the discount; cancel gives the coupon back', async () => {
    const fee = await quote('economy-air', 2000);
    const pkg = packageOf(2000);
    const before = await frozen();
    // The ship page's preview shows the discount the create then applies.
    const preview = await server.api('POST', '/shipping/preview', {
      body: { items: [{ inventoryId: pkg, quantity: 1 }], logisticsChannelId: 'economy-air', recipientCountry: 'US', couponId: economyShip.id, insurance: true },
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const res = await server.api('POST', '/shipping/create', { body: body(pkg, 'economy-air', { couponId: economyShip.id, insurance: true }) });
    expect(preview.body.data.couponDiscount).toBe(res.body.data.couponDiscount);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const discount = Math.round(fee * 20) / 100;
    const o = res.body.data;
    expect(o).toMatchObject({ shippingFee: fee, couponId: economyShip.id, couponDiscount: discount });
    expect(o.totalCharge).toBeCloseTo(fee - discount + o.insurancePremium + o.storageFees, 2);
    expect(await frozen()).toBeCloseTo(before + o.totalCharge, 2);
    const detail = (await server.api('GET', `/shipping/orders/${o.orderNo}`)).body.data;
    expect(detail).toMatchObject({ couponId: economyShip.id, couponDiscount: discount, totalCharge: o.totalCharge });
    // Its first event's parts carry the coupon, so freight - coupon + insurance + storage is the hold a client words.
    const created = (detail.events as { code: string; params: Record<string, number> }[]).find((e) => e.code === 'shipping.created')!;
    expect(created.params).toMatchObject({ freight: fee, coupon: discount, amount: o.totalCharge });
    expect(Math.round((created.params.freight! - created.params.coupon! + created.params.insurance! + created.params.storage!) * 100)).toBe(Math.round(o.totalCharge * 100));
    const mine = (await server.api('GET', '/user/coupons/my')).body.data.find((c: { id: number }) => c.id === economyShip.id);
    expect(mine).toMatchObject({ status: 'used', usedOrderNo: o.orderNo });
    noProblems();
    const cancel = await server.api('POST', `/shipping/orders/${o.orderNo}/cancel`);
    expect(cancel.body.data.refundAmount).toBe(o.totalCharge);
    const back = (await server.api('GET', '/user/coupons/my')).body.data.find((c: { id: number }) => c.id === economyShip.id);
    expect(back).toMatchObject({ status: 'unused', usedOrderNo: null });
    noProblems();
  });

  it('the wrong kind, channel or fee is a 422 naming why, and nothing is written', async () => {
    const pkg = packageOf(500);
    const counts = tableCounts(server);
    const wrongKind = await server.api('POST', '/shipping/create', { body: body(pkg, 'ems', { couponId: purchase.id }) });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.message).toContain('appliesTo: purchase');
    const wrongChannel = await server.api('POST', '/shipping/create', { body: body(pkg, 'ems', { couponId: economyShip.id }) });
    expect(wrongChannel.status).toBe(422);
    expect(wrongChannel.body.message).toContain('economy-air');
    if ((await quote('economy-air', 500)) < 100) {
      const tooSmall = await server.api('POST', '/shipping/create', { body: body(pkg, 'economy-air', { couponId: fixedShip.id }) });
      expect(tooSmall.status).toBe(422);
      expect(tooSmall.body.message).toContain('at least 100.00');
    }
    expect((await server.api('POST', '/shipping/create', { body: body(pkg, 'ems', { couponId: 999_999 }) })).status).toBe(404);
    expect(tableCounts(server)).toEqual(counts);
  });

  it('a shipping coupon on a purchase order is a 422 naming appliesTo', async () => {
    const product = (await server.api('GET', '/products/search?limit=1')).body.data.items[0];
    const res = await server.api('POST', '/orders', {
      body: { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }], couponId: fixedShip.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('appliesTo: shipping');
  });
  it('dispatch captures the discounted total once', async () => {
    const pkg = packageOf(3000);
    const fee = await quote('economy-line', 3000);
    const o = (await server.api('POST', '/shipping/create', { body: body(pkg, 'economy-line', { couponId: economyShip.id }) })).body.data;
    expect((await server.admin('POST', `/shipping/orders/${o.orderNo}/dispatch`, { trackingNo: 'EE123456789CN' })).status).toBe(200);
    const tx = (await server.api('GET', '/user/wallet/transactions?type=shipping_payment&limit=1')).body.data.items[0];
    expect(tx).toMatchObject({ reference: o.orderNo, amount: -(fee - o.couponDiscount) });
    expect(tx.description).toContain('coupon');
    noProblems();
  });

});
