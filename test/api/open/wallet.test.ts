import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTRY_TYPES, postEntry, type NewEntry } from '../../../src/main/core/wallet/ledger.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

let server: TestServer;

const TX_KEYS = ['id', 'type', 'amount', 'balanceAfter', 'currency', 'reference', 'description', 'createdAt'].sort();

function post(entry: Omit<NewEntry, 'userId'>): void {
  const ctx = server.running.core.ctx;
  ctx.db.transaction(() => postEntry(ctx, { userId: 1, ...entry })).immediate();
}

async function expectNoWrite(run: () => Promise<void>): Promise<void> {
  const counts = tableCounts(server);
  await run();
  expect(tableCounts(server)).toEqual(counts);
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /user/wallet/balance', () => {
  it('shows the demo deposit with exactly the spec fields', async () => {
    await expectNoWrite(async () => {
      const res = await server.api('GET', '/user/wallet/balance');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: { balance: 10000, frozenBalance: 0, availableBalance: 10000, currency: 'CNY' } });
    });
  });

  it('availableBalance is balance minus the amount frozen for pending charges', async () => {
    // Freezes money the way a pending shipping order does (an active hold plus the cached frozen amount).
    // Written directly rather than through ledger.placeHold: see the note in the report on its upsert.
    const ctx = server.running.core.ctx;
    ctx.db
      .transaction(() => {
        ctx.db
          .prepare(`INSERT INTO wallet_holds (user_id, reference, amount_minor, status, created_at) VALUES (1, 'SHIP-TEST-1', 12345, 'active', ?)`)
          .run(ctx.nowIso());
        ctx.db.prepare('UPDATE wallets SET frozen_minor = frozen_minor + 12345 WHERE user_id = 1').run();
      })
      .immediate();
    const res = await server.api('GET', '/user/wallet/balance');
    expect(res.body.data).toEqual({ balance: 10000, frozenBalance: 123.45, availableBalance: 9876.55, currency: 'CNY' });
  });

  it('403 without wallet:read; 401 without a key', async () => {
    const res = await server.api('GET', '/user/wallet/balance', { key: server.makeKey(['profile:read']) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Insufficient scope. Required: wallet:read. Your key has: profile:read');
    expect((await server.api('GET', '/user/wallet/balance', { key: null })).status).toBe(401);
  });
});

describe('GET /user/wallet/transactions', () => {
  it('lists the demo deposit in the paginated envelope with exactly the spec fields', async () => {
    const res = await server.api('GET', '/user/wallet/transactions');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['items', 'limit', 'page', 'total']);
    expect(res.body.data).toMatchObject({ total: 1, page: 1, limit: 20 });
    const [deposit] = res.body.data.items;
    expect(Object.keys(deposit).sort()).toEqual(TX_KEYS);
    expect(deposit).toEqual({
      id: expect.any(Number),
      type: 'deposit',
      amount: 10000,
      balanceAfter: 10000,
      currency: 'CNY',
      reference: 'DEMO',
      description: 'Demo deposit',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
  });

  it('newest first, signed amounts, running balanceAfter; the balance equals the sum of the entries', async () => {
    post({ type: 'order_payment', amount: -12_950, reference: 'PO-1', description: 'Order PO-1' });
    post({ type: 'order_refund', amount: 12_950, reference: 'PO-1', description: 'Refund of PO-1' });
    post({ type: 'shipping_payment', amount: -4_507, reference: 'SO-1', description: 'Shipping SO-1' });
    post({ type: 'shipping_refund', amount: 7, reference: 'SO-1', description: 'Shipping adjustment refund' });
    post({ type: 'adjustment', amount: -100, reference: 'ADJ-1', description: 'Operator correction' });
    const res = await server.api('GET', '/user/wallet/transactions?limit=100');
    const items = res.body.data.items as { id: number; type: string; amount: number; balanceAfter: number }[];
    expect(res.body.data.total).toBe(6);
    expect(items.map((t) => t.type)).toEqual(['adjustment', 'shipping_refund', 'shipping_payment', 'order_refund', 'order_payment', 'deposit']);
    expect(items.map((t) => t.amount)).toEqual([-1, 0.07, -45.07, 129.5, -129.5, 10000]);
    expect(items.map((t) => t.balanceAfter)).toEqual([9954, 9955, 9954.93, 10000, 9870.5, 10000]);
    for (let i = 0; i < items.length - 1; i++) expect(items[i]!.id).toBeGreaterThan(items[i + 1]!.id);
    const balance = (await server.api('GET', '/user/wallet/balance')).body.data;
    const sumMinor = items.reduce((acc, t) => acc + Math.round(t.amount * 100), 0);
    expect(Math.round(balance.balance * 100)).toBe(sumMinor);
    expect(balance.balance).toBe(items[0]!.balanceAfter);
  });

  it('pages through the entries', async () => {
    const all = (await server.api('GET', '/user/wallet/transactions')).body.data.items;
    const second = await server.api('GET', '/user/wallet/transactions?page=2&limit=4');
    expect(second.body.data).toEqual({ items: all.slice(4, 8), total: 6, page: 2, limit: 4 });
    const beyond = await server.api('GET', '/user/wallet/transactions?page=3&limit=4');
    expect(beyond.body.data).toEqual({ items: [], total: 6, page: 3, limit: 4 });
  });

  // The six v1 types each have one entry above; the v1.1 types (after-sales, warehouse) have none here.
  const V1_TYPES = ENTRY_TYPES.slice(0, 6);
  it.each(V1_TYPES)('filters by type=%s', async (type) => {
    const res = await server.api('GET', `/user/wallet/transactions?type=${type}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.items.map((t: { type: string }) => t.type)).toEqual([type]);
  });
  it.each(ENTRY_TYPES.slice(6))('accepts the v1.1 type=%s as a filter', async (type) => {
    const res = await server.api('GET', `/user/wallet/transactions?type=${type}`);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
  });

  it('the type filter composes with pagination', async () => {
    post({ type: 'deposit', amount: 50_000, reference: 'TOPUP-2', description: 'Second deposit' });
    const res = await server.api('GET', '/user/wallet/transactions?type=deposit&limit=1');
    expect(res.body.data).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(res.body.data.items[0]).toMatchObject({ type: 'deposit', reference: 'TOPUP-2', amount: 500 });
  });

  it.each([
    ['type=refund', 'type'],
    ['type=', 'type'],
    ['type=DEPOSIT', 'type'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
  ])('?%s: 400 naming %s, writing nothing', async (query, field) => {
    await expectNoWrite(async () => {
      const res = await server.api('GET', `/user/wallet/transactions?${query}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining(field) });
    });
  });

  it('an unknown type names the six valid ones', async () => {
    const res = await server.api('GET', '/user/wallet/transactions?type=refund');
    for (const type of ENTRY_TYPES) expect(res.body.message).toContain(type);
  });

  it('403 without wallet:read', async () => {
    const res = await server.api('GET', '/user/wallet/transactions', { key: server.makeKey(['orders:read']) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Insufficient scope. Required: wallet:read. Your key has: orders:read');
  });
});
