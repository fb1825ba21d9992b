import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickSkus, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;
let skus: SkuPick[];

beforeAll(async () => {
  server = await startTestServer();
  skus = pickSkus(server, { count: 2 });
});
afterAll(() => server.close());

const weightOf = (id: number) => server.running.core.ctx.db.prepare('SELECT weight_g FROM products WHERE id = ?').pluck().get(id) as number;
const estimate = (body: unknown, key?: string) => server.api('POST', '/logistics/estimate', { body, ...(key ? { key } : {}) });

describe('POST /logistics/estimate', () => {
  it('weighs the items from the catalog and quotes like calculate-freight-batch, cheapest first', async () => {
    const items = [
      { productId: String(skus[0]!.productId), skuId: skus[0]!.skuId, quantity: 2 },
      { productId: String(skus[1]!.productId), skuId: skus[1]!.skuId, quantity: 1 },
    ];
    const res = await estimate({ items, countryCode: 'DE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const e = res.body.data;
    const weight = 2 * weightOf(skus[0]!.productId) + weightOf(skus[1]!.productId);
    expect(e.estimatedWeight).toBe(weight);
    expect(e.estimatedVolumetricWeight).toBeGreaterThan(0);
    expect(e.basis).toEqual([
      { productId: skus[0]!.productId, quantity: 2, weight: weightOf(skus[0]!.productId), source: 'catalog' },
      { productId: skus[1]!.productId, quantity: 1, weight: weightOf(skus[1]!.productId), source: 'catalog' },
    ]);
    expect(e.quotes.length).toBeGreaterThan(0);
    const prices = e.quotes.map((q: { totalPrice: number }) => q.totalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const q of e.quotes) {
      expect(q.actualWeight).toBe(weight);
      expect(q.chargeWeight).toBeGreaterThanOrEqual(Math.max(q.actualWeight, q.volumetricWeight));
    }
    // The same channel quoted by calculate-freight on the estimated weight alone never costs more.
    const cheapest = e.quotes[0];
    const plain = await server.api('POST', '/logistics/calculate-freight', { body: { channelId: cheapest.channelId, country: 'DE', weight } });
    expect(plain.body.data.totalPrice).toBeLessThanOrEqual(cheapest.totalPrice);
  });

  it('cart: true estimates the selected cart lines', async () => {
    await server.api('DELETE', '/cart');
    await server.api('POST', '/cart/items', { body: { productId: String(skus[0]!.productId), skuId: skus[0]!.skuId, quantity: 3 } });
    const res = await estimate({ cart: true, countryCode: 'US' });
    expect(res.status).toBe(200);
    expect(res.body.data.estimatedWeight).toBe(3 * weightOf(skus[0]!.productId));
    await server.api('DELETE', '/cart');
    expect((await estimate({ cart: true, countryCode: 'US' })).status).toBe(422);
  });

  it('bad input is a 4xx naming the problem, nothing written; needs logistics:read', async () => {
    const counts = tableCounts(server);
    const item = { productId: String(skus[0]!.productId), quantity: 1 };
    expect((await estimate({ countryCode: 'DE' })).status).toBe(400);
    expect((await estimate({ items: [item], cart: true, countryCode: 'DE' })).status).toBe(400);
    const country = await estimate({ items: [item], countryCode: 'XX' });
    expect(country.status).toBe(400);
    expect(country.body.message).toContain('countryCode');
    const unknown = await estimate({ items: [{ productId: '99999999', quantity: 1 }], countryCode: 'DE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('items[0]');
    expect((await estimate({ items: [{ ...item, skuId: 'nope' }], countryCode: 'DE' })).status).toBe(404);
    expect((await estimate({ items: [{ ...item, quantity: 0 }], countryCode: 'DE' })).status).toBe(400);
    expect((await estimate({ items: [item], countryCode: 'DE' }, server.makeKey(['products:read']))).status).toBe(403);
    expect(tableCounts(server)).toEqual({ ...counts, api_keys: counts.api_keys! + 1 });
  });
});
