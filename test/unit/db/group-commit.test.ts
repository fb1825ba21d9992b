import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GroupCommit, groupCommit } from '../../../src/main/core/db/group-commit.js';
import { balanceOf, pickSkus, stockOf, type SkuPick } from '../../helpers/order-setup.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

/** Writes handled in one turn of the event loop share one transaction and one fsync; each is its own savepoint. */
describe('GroupCommit on a bare connection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'crossbuy-gc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function open(name: string) {
    const db = new Database(join(dir, name));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
             CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
             INSERT INTO parent (id) VALUES (1);`);
    db.pragma('foreign_keys = ON');
    return db;
  }
  const committedRows = (file: string) => {
    const other = new Database(join(dir, file), { readonly: true });
    try {
      return (other.prepare('SELECT id FROM child ORDER BY id').pluck().all() as number[]);
    } finally {
      other.close();
    }
  };

  it('keeps the work of one turn in one open transaction, committed in the check phase, and rolls back only a failing unit', async () => {
    const db = open('a.db');
    const gc = new GroupCommit(db);
    gc.run(() => db.prepare('INSERT INTO child (id, parent_id) VALUES (1, 1)').run());
    expect(() => gc.run(() => {
      db.prepare('INSERT INTO child (id, parent_id) VALUES (2, 1)').run();
      throw new Error('this request fails');
    })).toThrow('this request fails');
    gc.run(() => db.prepare('INSERT INTO child (id, parent_id) VALUES (3, 1)').run());
    expect(db.inTransaction).toBe(true);
    // Another connection sees nothing before the commit: no one may have been told yet.
    expect(committedRows('a.db')).toEqual([]);
    const settled = gc.settled();
    expect(settled).not.toBeNull();
    await settled;
    expect(db.inTransaction).toBe(false);
    expect(committedRows('a.db')).toEqual([1, 3]);
    expect(gc.stats).toMatchObject({ batches: 1, requests: 3, largest: 3 });
    expect(gc.settled()).toBeNull();
    db.close();
  });

  it('commits without any timer: a lone write is not held back by a batching window', async () => {
    const db = open('b.db');
    const gc = new GroupCommit(db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    try {
      gc.run(() => db.prepare('INSERT INTO child (id, parent_id) VALUES (1, 1)').run());
      await gc.settled();
    } finally {
      vi.useRealTimers();
    }
    expect(committedRows('b.db')).toEqual([1]);
    db.close();
  });

  it('rejects the whole batch when its commit fails, and leaves nothing of it', async () => {
    const db = open('c.db');
    const gc = new GroupCommit(db);
    gc.run(() => db.prepare('INSERT INTO child (id, parent_id) VALUES (1, 1)').run());
    // A deferred foreign key is checked at COMMIT: the commit itself fails, as an I/O error would.
    gc.run(() => db.prepare('INSERT INTO child (id, parent_id) VALUES (2, 99)').run());
    await expect(gc.settled()).rejects.toThrow(/FOREIGN KEY/);
    expect(db.inTransaction).toBe(false);
    expect(committedRows('c.db')).toEqual([]);
    db.close();
  });
});

describe('group commit through the HTTP dispatch', () => {
  let server: TestServer;
  let skus: SkuPick[];
  beforeAll(async () => {
    server = await startTestServer();
    skus = pickSkus(server, { platform: 'taobao', count: 4, minStock: 30, maxPriceMinor: 20_000 });
    await server.admin('POST', '/wallet/deposit', { amount: 100_000, note: 'group commit' });
    // The key's first use records its last-used time, a write of its own (once a minute): done here, so
    // the batches counted below are the orders' alone.
    await server.api('GET', '/cart');
  });
  afterAll(() => server.close());

  const order = (sku: { productId: number; skuId: string }, quantity = 1, headers: Record<string, string> = {}) =>
    server.running.app.inject({
      method: 'POST',
      url: '/api/v1/open/orders',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify({ items: [{ productId: String(sku.productId), skuId: sku.skuId, quantity }] }),
    });

  it('answers concurrent orders after one shared commit; a failing order in the batch writes nothing and the others stand', async () => {
    const gc = groupCommit(server.running.core.ctx.db);
    const before = { ...gc.stats };
    const balance = balanceOf(server);
    const stock = skus.map((s) => stockOf(server, s));
    const seen: string[] = [];
    const unhook = gc.onCommit((size) => seen.push(`commit ${size}`));
    const tooMany = stock[1]! + 1;
    const answers = await Promise.all([
      order(skus[0]!).then((r) => (seen.push('answer'), r)),
      order(skus[1]!, tooMany).then((r) => (seen.push('answer'), r)),
      order(skus[2]!).then((r) => (seen.push('answer'), r)),
      order(skus[3]!).then((r) => (seen.push('answer'), r)),
    ]);
    unhook();
    expect(answers.map((a) => a.statusCode)).toEqual([201, 422, 201, 201]);
    // One batch carried all four, and every answer (the 422 too) went out after its commit.
    expect(gc.stats.batches - before.batches).toBe(1);
    expect(gc.stats.requests - before.requests).toBe(4);
    expect(seen).toEqual(['commit 4', 'answer', 'answer', 'answer', 'answer']);
    expect(stockOf(server, skus[1]!)).toBe(stock[1]);
    for (const i of [0, 2, 3]) expect(stockOf(server, skus[i]!)).toBe(stock[i]! - 1);
    const paid = answers.filter((a) => a.statusCode === 201).reduce((sum, a) => sum + Math.round((a.json() as { data: { totalAmount: number } }).data.totalAmount * 100), 0);
    expect(balanceOf(server)).toBe(balance - paid);
  });

  it('commits an Idempotency-Key record with its order: a repeat in the same batch applies once', async () => {
    const before = tableCounts(server);
    const headers = { 'idempotency-key': 'gc-repeat-1' };
    const [a, b] = await Promise.all([order(skus[0]!, 1, headers), order(skus[0]!, 1, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    const after = tableCounts(server);
    expect(after.orders! - before.orders!).toBe(1);
    expect(after.idempotency_keys! - before.idempotency_keys!).toBe(1);
  });
});
