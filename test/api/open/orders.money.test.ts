import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { line, pickSkus, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * Issue 26 items 6 and 12: an order's detail carries its money after sales (from the ledger) and how its goods
 * ended, so the order page never shows the price paid at checkout as "Total paid" after a supplement, a photo
 * fee or a refund, nor a bare "Completed" for goods that came back.
 */
let server: TestServer;
let skus: SkuPick[];

beforeAll(async () => {
  server = await startTestServer();
  skus = pickSkus(server, { platform: 'taobao', count: 2, minStock: 20, maxPriceMinor: 20_000 });
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
});
afterAll(() => server.close());

const minor = (amount: number) => Math.round(amount * 100);
const ok = (res: { status: number; body: unknown }, status = 200) => expect(res.status, JSON.stringify(res.body)).toBe(status);
const detail = async (orderNo: string) => (await server.api('GET', `/orders/${orderNo}`)).body.data;
const ledgerSum = (orderNo: string, returnIds: number[]) =>
  (
    server.running.core.ctx.db
      .prepare(`SELECT COALESCE(SUM(amount_minor), 0) AS s FROM wallet_entries WHERE reference IN (${[orderNo, ...returnIds.map((id) => `RET${id}`)].map(() => '?').join(', ')})`)
      .get(orderNo, ...returnIds.map((id) => `RET${id}`)) as { s: number }
  ).s;

describe('order money after sales', () => {
  it('a new order: paid = its total, nothing else', async () => {
    const placed = await server.api('POST', '/orders', { body: { items: [line(skus[0]!, 1)] } });
    ok(placed, 201);
    const order = placed.body.data;
    expect(order.money).toEqual({ paid: order.totalAmount, fees: 0, refunded: 0, net: order.totalAmount });
    expect((await detail(order.orderNo)).money).toEqual(order.money);
    expect(order.outcome).toEqual([]);
  });

  it('a paid supplement, a photo fee, an exchange fee and a return refund all count; net = what left the wallet for the order', async () => {
    const placed = await server.api('POST', '/orders', { body: { items: [line(skus[0]!, 1), line(skus[1]!, 2)] } });
    ok(placed, 201);
    const order = placed.body.data as { orderNo: string; totalAmount: number; items: { itemId: number; price: number; quantity: number }[] };
    const orderNo = order.orderNo;
    ok(await server.admin('POST', `/orders/${orderNo}/advance`, { to: 'paid' }));
    const raised = await server.admin('POST', `/orders/${orderNo}/supplements`, { reason: 'price_increase', amount: 25.5, itemId: order.items[0]!.itemId });
    ok(raised, 201);
    const supplementId = (await detail(orderNo)).supplements[0].id as number;
    ok(await server.api('POST', `/orders/${orderNo}/supplements/${supplementId}/pay`));
    ok(await server.admin('POST', `/orders/${orderNo}/advance`, { to: 'in_warehouse' }));
    ok(await server.api('POST', `/orders/${orderNo}/photo-requests`, { body: { count: 3 } }), 201);
    const [a, b] = order.items;
    const exchange = await server.api('POST', `/orders/${orderNo}/returns`, { body: { itemId: a!.itemId, type: 'exchange', reason: 'broken zip' } });
    ok(exchange, 201);
    ok(await server.admin('POST', `/orders/${orderNo}/returns/${exchange.body.data.id}/decide`, { decision: 'approved' }));
    const ret = await server.api('POST', `/orders/${orderNo}/returns`, { body: { itemId: b!.itemId, type: 'return', reason: 'too big' } });
    ok(ret, 201);
    ok(await server.admin('POST', `/orders/${orderNo}/returns/${ret.body.data.id}/decide`, { decision: 'approved' }));

    const view = await detail(orderNo);
    const refund = view.returns.find((r: { id: number }) => r.id === ret.body.data.id).refundAmount as number;
    expect(refund).toBe((minor(b!.price) * b!.quantity - 1500) / 100);
    expect(view.money).toEqual({
      paid: (minor(order.totalAmount) + 2550) / 100,
      fees: (600 + 1500) / 100,
      refunded: refund,
      net: (minor(order.totalAmount) + 2550 + 600 + 1500 - minor(refund)) / 100,
    });
    // The same figure as the ledger: every entry for the order and its returns, negated.
    expect(minor(view.money.net)).toBe(-ledgerSum(orderNo, [exchange.body.data.id, ret.body.data.id]));
    expect(view.outcome).toEqual(['returned']);
  });
});
