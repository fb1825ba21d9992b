import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { line, pickSkus, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

/**
 * `Crossbuy-Scenario` on POST /orders with a name that is no order scenario (walk s13 item 10): a 400 in
 * the API's error shape that says what the name is (a shipping or top-up scenario, or unknown) and lists
 * the order scenarios, written before anything else; and, like every scenario header, a 400 while the
 * operator has turned scenarios off (extensions.md section 8).
 */
let server: TestServer;
let sku: SkuPick;

beforeAll(async () => {
  server = await startTestServer();
  sku = pickSkus(server, { count: 1, minStock: 5 })[0]!;
  await server.admin('POST', '/wallet/deposit', { amount: 10_000 });
});
afterAll(() => server.close());

const VALID = 'valid: out_of_stock, price_increase, price_decrease, domestic_freight, qc_issue, seller_delay';
const place = (scenario: string) => server.api('POST', '/orders', { body: { items: [line(sku, 1)] }, headers: { 'Crossbuy-Scenario': scenario } });

describe('Crossbuy-Scenario on POST /orders', () => {
  it('a shipping scenario is named as one, not "unknown", and the order scenarios are listed', async () => {
    const before = tableCounts(server);
    const res = await place('customs_hold');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `Crossbuy-Scenario: "customs_hold" is a shipping scenario (POST /shipping/create), not an order one; ${VALID}`,
    });
    expect(tableCounts(server)).toEqual(before);
  });

  it('a top-up scenario is named as one', async () => {
    const res = await place('price_increase, declined');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Crossbuy-Scenario: "declined" is a top-up scenario (POST /user/wallet/top-ups), not an order one; ${VALID}`);
  });

  it('an unknown name is unknown, with the order scenarios listed', async () => {
    const res = await place('teleport');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`Crossbuy-Scenario: unknown order scenario "teleport"; ${VALID}`);
  });

  it('while the operator has scenarios off, a case is a 400 that writes nothing, as for shipping orders and top-ups', async () => {
    expect((await server.admin('PUT', '/warehouse/figures', { scenarioHeaderEnabled: 0 })).status).toBe(200);
    try {
      const before = tableCounts(server);
      const off = await place('out_of_stock');
      expect(off.status).toBe(400);
      expect(off.body.message).toBe('Crossbuy-Scenario: scenarios are turned off by the operator');
      expect(tableCounts(server)).toEqual(before);
      // A name of another kind is still named as such; an order without the header is placed.
      expect((await place('customs_hold')).body.message).toMatch(/is a shipping scenario/);
      expect((await server.api('POST', '/orders', { body: { items: [line(sku, 1)] } })).status).toBe(201);
    } finally {
      await server.admin('PUT', '/warehouse/figures', { scenarioHeaderEnabled: 1 });
    }
    const on = await place('out_of_stock');
    expect(on.status).toBe(201);
    expect(on.body.data.scenarios).toEqual([expect.objectContaining({ name: 'out_of_stock', status: 'programmed' })]);
  });
});
