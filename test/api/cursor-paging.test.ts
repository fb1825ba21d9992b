import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../src/main/core/orders/create.js';
import { postEntry } from '../../src/main/core/wallet/ledger.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { orderableSku } from '../helpers/fixtures.js';

/** startingAfter on the list routes, over HTTP: the same items as pages, and 400s for bad cursors. */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  const ctx = server.running.core.ctx;
  const sku = orderableSku(ctx);
  ctx.db.transaction(() => {
    for (let i = 0; i < 12; i++) createOrder(ctx, 1, { items: [{ ...sku, quantity: 1 }] });
    for (let i = 0; i < 5; i++) postEntry(ctx, { userId: 1, type: 'adjustment', amount: 10 + i, reference: `A${i}`, description: '' });
  }).immediate();
});
afterAll(() => server.close());

async function walk(path: string, id: string): Promise<{ pages: unknown[]; cursors: unknown[] }> {
  const sep = path.includes('?') ? '&' : '?';
  const pages: unknown[] = [];
  for (let page = 1; ; page++) {
    const res = await server.api('GET', `${path}${sep}limit=5&page=${page}`);
    expect(res.status).toBe(200);
    pages.push(...res.body.data.items.map((item: Record<string, unknown>) => item[id]));
    if (res.body.data.items.length < 5) break;
  }
  const cursors: unknown[] = [];
  let after = '';
  for (;;) {
    const res = await server.api('GET', `${path}${sep}limit=5${after ? `&startingAfter=${after}` : ''}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['items', 'limit', 'page', 'total']);
    const ids = res.body.data.items.map((item: Record<string, unknown>) => item[id]);
    cursors.push(...ids);
    if (ids.length < 5) break;
    after = String(ids.at(-1));
  }
  return { pages, cursors };
}

describe('startingAfter', () => {
  it('walks the order list and the statement as pages do', async () => {
    for (const [path, id] of [
      ['/orders', 'orderNo'],
      ['/orders?status=pending', 'orderNo'],
      ['/user/wallet/transactions', 'id'],
      ['/user/wallet/transactions?type=adjustment', 'id'],
      ['/warehouse/packages', 'id'],
      ['/shipping/orders', 'orderNo'],
    ] as const) {
      const { pages, cursors } = await walk(path, id);
      expect(cursors, path).toEqual(pages);
    }
    const { pages } = await walk('/orders', 'orderNo');
    expect(pages.length).toBe(12);
  });

  it('answers 400 for a cursor that is not in the list, or with a page', async () => {
    const first = (await server.api('GET', '/orders?limit=1')).body.data.items[0].orderNo;
    for (const path of [
      '/orders?startingAfter=PO-NOT-THERE',
      `/orders?startingAfter=${first}&page=2`,
      '/user/wallet/transactions?startingAfter=x1',
      '/user/wallet/transactions?startingAfter=99999999',
      '/warehouse/packages/shippable?startingAfter=-3',
      `/orders?startingAfter=${'A'.repeat(65)}`,
    ]) {
      const res = await server.api('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const admin = await server.admin('GET', `/orders?limit=3&startingAfter=${first}`);
    expect(admin.status).toBe(200);
    expect(admin.body.data.items.length).toBe(3);
  });
});
