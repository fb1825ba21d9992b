import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPendingReturns } from '../../../src/main/core/orders/returns.js';
import { line, pickSkus, type SkuPick } from '../../helpers/order-setup.js';
import { fullScans, queryPlan, recordStatements } from '../../helpers/read-counter.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/** GET /api/v1/admin/returns/pending: the seller's queue of returns and exchanges awaiting a decision. */
let server: TestServer;
let skus: SkuPick[];

beforeAll(async () => {
  server = await startTestServer();
  skus = pickSkus(server, { platform: 'taobao', count: 2, minStock: 60, maxPriceMinor: 20_000 });
  await server.admin('POST', '/wallet/deposit', { amount: 100_000 });
});
afterAll(() => server.close());

/** An order of two lines moved to the warehouse, and a request on each line: [return, exchange]. */
async function twoRequests(): Promise<{ orderNo: string; ids: number[]; items: { itemId: number; title: string; quantity: number }[] }> {
  const placed = await server.api('POST', '/orders', { body: { items: [line(skus[0]!, 1), line(skus[1]!, 2)] } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderNo = placed.body.data.orderNo as string;
  expect((await server.admin('POST', `/orders/${orderNo}/advance`, { to: 'in_warehouse' })).status).toBe(200);
  const items = placed.body.data.items as { itemId: number; title: string; quantity: number }[];
  const ids: number[] = [];
  for (const [index, type] of (['return', 'exchange'] as const).entries()) {
    const res = await server.api('POST', `/orders/${orderNo}/returns`, { body: { itemId: items[index]!.itemId, type, reason: `reason ${index}` } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.data.id);
  }
  return { orderNo, ids, items };
}

const pending = async (query = '') => {
  const res = await server.admin('GET', `/returns/pending${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: { id: number; orderNo: string; status: string }[]; total: number; page: number; limit: number };
};

describe('GET /returns/pending', () => {
  it('lists every requested return and exchange, oldest first, with its line; a decided one leaves the list', async () => {
    const first = await twoRequests();
    const second = await twoRequests();
    const list = await pending();
    expect(list.total).toBe(4);
    expect(list.items.map((r) => r.id)).toEqual([...first.ids, ...second.ids]);
    const packageId = server.running.core.ctx.db.prepare('SELECT package_id FROM order_returns WHERE id = ?').pluck().get(first.ids[1]);
    expect(list.items[1]).toEqual({
      id: first.ids[1],
      orderNo: first.orderNo,
      itemId: first.items[1]!.itemId,
      type: 'exchange',
      status: 'requested',
      reason: 'reason 1',
      fee: 15,
      refundAmount: 0,
      createdAt: expect.any(String),
      resolvedAt: null,
      userId: 1,
      packageId,
      title: first.items[1]!.title,
      skuName: expect.any(String),
      quantity: 2,
    });

    const decided = await server.admin('POST', `/orders/${first.orderNo}/returns/${first.ids[0]}/decide`, { decision: 'approved' });
    expect(decided.status).toBe(200);
    await server.admin('POST', `/orders/${second.orderNo}/returns/${second.ids[1]}/decide`, { decision: 'rejected' });
    const after = await pending();
    expect(after.items.map((r) => r.id)).toEqual([first.ids[1], second.ids[0]]);
    expect(after.total).toBe(2);
  });

  it('walks by cursor (startingAfter), a decided return still being a cursor; a cursor that is no return is 400', async () => {
    const more = await twoRequests();
    const all = (await pending('?limit=100')).items.map((r) => r.id);
    expect(all.slice(-2)).toEqual(more.ids);
    const walked: number[] = [];
    let cursor = '';
    for (;;) {
      const page = await pending(`?limit=1${cursor}`);
      expect(page.limit).toBe(1);
      expect(page.total).toBe(all.length);
      walked.push(...page.items.map((r) => r.id));
      if (page.items.length < 1) break;
      cursor = `&startingAfter=${page.items.at(-1)!.id}`;
    }
    expect(walked).toEqual(all);
    // The first request overall was approved above: paging on from it still works.
    const decidedId = all[0]! - 1;
    expect((await pending(`?startingAfter=${decidedId}`)).items.map((r) => r.id)).toEqual(all);

    for (const bad of ['999999', 'abc', '1.5', '0']) {
      const res = await server.admin('GET', `/returns/pending?startingAfter=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: 'startingAfter must be the id of an item of this list' });
    }
    expect((await server.admin('GET', '/returns/pending?limit=101')).status).toBe(400);
    expect((await server.admin('GET', '/returns/pending?limit=0')).status).toBe(400);
  });

  it('is the back office\'s: an sk- key (every scope) is refused', async () => {
    const res = await fetch(`${server.running.origin}/api/v1/admin/returns/pending`, { headers: { authorization: `Bearer ${server.key}` } });
    expect(res.status).toBe(401);
  });

  it('reads a page by index: no scan, no sort, and no count of the returns', () => {
    const ctx = server.running.core.ctx;
    const some = ctx.db.prepare('SELECT id FROM order_returns ORDER BY id LIMIT 1').pluck().get() as number;
    const { reads } = recordStatements(ctx.db, () => {
      listPendingReturns(ctx, { limit: 5 });
      listPendingReturns(ctx, { limit: 5, startingAfter: String(some) });
    });
    const statements = [...new Set(reads.map((r) => r.sql))];
    expect(statements.length).toBe(3);
    for (const sql of statements) expect(fullScans(queryPlan(ctx.db, sql)), sql).toEqual([]);
    for (const sql of statements) expect(sql).not.toMatch(/COUNT\(/i);
    const page = statements.find((sql) => /status = 'requested' AND r\.id > \?/.test(sql))!;
    expect(queryPlan(ctx.db, page).join('\n')).toMatch(/order_returns_requested/);
  });
});

describe('demo reset', () => {
  it('empties the queue: returns, supplements and photo requests go with the orders they name (was a 500)', async () => {
    const { orderNo } = await twoRequests();
    expect((await pending()).total).toBeGreaterThan(0);
    const photos = await server.api('POST', `/orders/${orderNo}/photo-requests`, { body: { count: 1 } });
    expect(photos.status, JSON.stringify(photos.body)).toBe(201);
    const paid = (await server.api('POST', '/orders', { body: { items: [line(skus[0]!, 1)] } })).body.data.orderNo as string;
    await server.admin('POST', `/orders/${paid}/advance`, { to: 'paid' });
    expect((await server.admin('POST', `/orders/${paid}/supplements`, { reason: 'price_increase', amount: 1 })).status).toBe(201);
    const reset = await server.admin('POST', '/data/reset', { confirm: 'RESET' });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect(await pending()).toMatchObject({ items: [], total: 0 });
  });
});
