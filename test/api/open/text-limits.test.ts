import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longerThan } from '../../../src/main/core/shared/text.js';
import { line, pickSkus, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * Text limits count characters as the contract and the schemas do (code points), not UTF-16 units: an
 * order's or cart line's remark and a cancel reason of 500 emoji are 500 characters (audit s14: 251 were
 * refused as "more than 500 characters" on these routes, while the shipping cancel took 300).
 */
let server: TestServer;
let sku: SkuPick;
const emoji = (n: number) => '😀'.repeat(n);

beforeAll(async () => {
  server = await startTestServer();
  sku = pickSkus(server, { count: 1, minStock: 10 })[0]!;
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
});
afterAll(() => server.close());

describe('longerThan', () => {
  it('counts code points', () => {
    expect(longerThan(emoji(500), 500)).toBe(false);
    expect(longerThan(emoji(501), 500)).toBe(true);
    expect(longerThan('a'.repeat(500), 500)).toBe(false);
    expect(longerThan(`${'a'.repeat(500)}b`, 500)).toBe(true);
  });
});

describe('500 characters of emoji', () => {
  it('an order remark, a line remark and a cancel reason: 500 pass, 501 are a 400', async () => {
    const placed = await server.api('POST', '/orders', { body: { items: [{ ...line(sku, 1), remark: emoji(500) }], remark: emoji(500) } });
    expect(placed.status, JSON.stringify(placed.body).slice(0, 200)).toBe(201);
    expect(placed.body.data.remark).toBe(emoji(500));
    const tooLong = await server.api('POST', '/orders', { body: { items: [line(sku, 1)], remark: emoji(501) } });
    expect(tooLong.status).toBe(400);
    const cancelled = await server.api('POST', `/orders/${placed.body.data.orderNo}/cancel`, { body: { reason: emoji(500) } });
    expect(cancelled.status, JSON.stringify(cancelled.body).slice(0, 200)).toBe(200);
  });

  it('a cart line remark', async () => {
    const added = await server.api('POST', '/cart/items', { body: { ...line(sku, 1), remark: emoji(500) } });
    expect(added.status, JSON.stringify(added.body).slice(0, 200)).toBe(201);
    expect((await server.api('POST', '/cart/items', { body: { ...line(sku, 1), remark: emoji(501) } })).status).toBe(400);
    await server.api('DELETE', '/cart');
  });
});
