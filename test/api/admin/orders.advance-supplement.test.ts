import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrderInvariants } from '../../../src/main/core/orders/invariants.js';
import { line, pickSkus, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

/**
 * A pending supplement holds the purchase (docs/API.md After-sales, Supplements; walk s13 item 7): the back
 * office's advance while one is pending is 409 and fires nothing, even with another purchase-step scenario
 * programmed; once it is paid, the next advance fires that scenario, and the one after purchases.
 */
let server: TestServer;
let sku: SkuPick;

beforeAll(async () => {
  server = await startTestServer();
  sku = pickSkus(server, { platform: 'taobao', count: 1, minStock: 20, maxPriceMinor: 20_000 })[0]!;
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
});
afterAll(() => server.close());

const detail = async (orderNo: string) => (await server.api('GET', `/orders/${orderNo}`)).body.data;
const advance = (orderNo: string, body: Record<string, unknown>) => server.admin('POST', `/orders/${orderNo}/advance`, body);
const held = (orderNo: string) => `Order ${orderNo} has a pending supplement and cannot be purchased until it is paid`;

describe('advance while a supplement is pending', () => {
  it('is 409 and raises no second supplement; after paying, the next scenario fires, then the purchase', async () => {
    const placed = await server.api('POST', '/orders', { body: { items: [line(sku, 1)] }, headers: { 'Crossbuy-Scenario': 'price_increase, domestic_freight' } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderNo = placed.body.data.orderNo as string;

    const first = await advance(orderNo, { to: 'purchased' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.status).toBe('paid');
    expect(first.body.data.supplements).toHaveLength(1);
    expect(first.body.data.supplements[0]).toMatchObject({ reason: 'price_increase', status: 'pending' });

    // The second advance: 409 with the documented message, nothing written (no domestic_freight supplement).
    const before = tableCounts(server);
    for (const body of [{ to: 'purchased' }, {}, { to: 'in_warehouse' }]) {
      const again = await advance(orderNo, body);
      expect(again.status, JSON.stringify(again.body)).toBe(409);
      expect(again.body).toEqual({ statusCode: 409, error: 'Conflict', message: held(orderNo) });
    }
    expect(tableCounts(server)).toEqual(before);
    const waiting = await detail(orderNo);
    expect(waiting.supplements).toHaveLength(1);
    expect(waiting.scenarios).toEqual([
      { name: 'price_increase', status: 'fired', firedAt: expect.any(String) },
      { name: 'domestic_freight', status: 'programmed', firedAt: null },
    ]);

    // Paid: the held purchase step comes back, and its next programmed scenario fires there.
    const sup = waiting.supplements[0];
    expect((await server.api('POST', `/orders/${orderNo}/supplements/${sup.id}/pay`)).status).toBe(200);
    const second = await advance(orderNo, { to: 'purchased' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.supplements.map((s: { reason: string; status: string }) => [s.reason, s.status])).toEqual([
      ['price_increase', 'paid'],
      ['domestic_freight', 'pending'],
    ]);
    expect((await advance(orderNo, {})).status).toBe(409);

    const freight = second.body.data.supplements[1];
    expect((await server.api('POST', `/orders/${orderNo}/supplements/${freight.id}/pay`)).status).toBe(200);
    const bought = await advance(orderNo, { to: 'purchased' });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(bought.body.data.status).toBe('purchased');
    expect(checkOrderInvariants(server.running.core.ctx)).toEqual([]);
  });

  it('a supplement raised by hand holds the advance the same way', async () => {
    const placed = await server.api('POST', '/orders', { body: { items: [line(sku, 1)] }, headers: { 'Crossbuy-Scenario': 'domestic_freight' } });
    const orderNo = placed.body.data.orderNo as string;
    expect((await advance(orderNo, { to: 'paid' })).status).toBe(200);
    const raised = await server.admin('POST', `/orders/${orderNo}/supplements`, { reason: 'price_increase', amount: 2 });
    expect(raised.status, JSON.stringify(raised.body)).toBe(201);
    const res = await advance(orderNo, { to: 'purchased' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(held(orderNo));
    const after = await detail(orderNo);
    expect(after.supplements).toHaveLength(1);
    expect(after.scenarios).toEqual([{ name: 'domestic_freight', status: 'programmed', firedAt: null }]);
  });

  it('the back office\'s simulate raises no second supplement while one is pending; a price decrease still runs', async () => {
    const placed = await server.api('POST', '/orders', { body: { items: [line(sku, 1)] } });
    const orderNo = placed.body.data.orderNo as string;
    const simulate = (scenario: string) => server.admin('POST', `/orders/${orderNo}/simulate`, { scenario });
    expect((await advance(orderNo, { to: 'paid' })).status).toBe(200);
    expect((await simulate('price_increase')).status).toBe(200);
    const before = tableCounts(server);
    const second = await simulate('domestic_freight');
    expect(second.status, JSON.stringify(second.body)).toBe(409);
    expect(second.body.message).toBe(`Order ${orderNo} has a pending supplement: it is paid or declined before the scenario domestic_freight can raise another`);
    expect(tableCounts(server)).toEqual(before);
    expect((await detail(orderNo)).supplements).toHaveLength(1);
    expect((await simulate('price_decrease')).status).toBe(200);
    expect(checkOrderInvariants(server.running.core.ctx)).toEqual([]);
  });
});
