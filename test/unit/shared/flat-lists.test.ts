import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { listAllOrders, listOrders } from '../../../src/main/core/orders/views.js';
import { ApiError } from '../../../src/main/core/shared/errors.js';
import type { Page, Paging } from '../../../src/main/core/shared/pagination.js';
import { listShippingOrders } from '../../../src/main/core/shipping/queries.js';
import { postEntry } from '../../../src/main/core/wallet/ledger.js';
import { listTransactions } from '../../../src/main/core/wallet/statement.js';
import { listPackages } from '../../../src/main/core/warehouse/packages.js';
import { fullScans, queryPlan, recordStatements } from '../../helpers/read-counter.js';

/**
 * The lists: page paging and cursor paging (startingAfter) give the same items in the same order as a
 * plain sort of the table, and every query they run is an index search (no scan, no sort of more than
 * a page), at any depth.
 */
let core: Core;
const START = Date.parse('2026-03-01T08:00:00.000Z');
const ORDERS = 230;
const STATUSES = ['pending', 'paid', 'in_warehouse', 'completed'] as const;

beforeAll(() => {
  core = openCore({ dataDir: ':memory:' });
  const { db } = core.ctx;
  db.prepare("INSERT INTO users (id, username, email, created_at) VALUES (2, 'other', 'o@example.com', ?)").run(new Date(START).toISOString());
  const channel = db.prepare('SELECT channel_id, name FROM channels LIMIT 1').get() as { channel_id: string; name: string };
  const product = db.prepare('SELECT id FROM products LIMIT 1').pluck().get() as number;
  db.transaction(() => {
    for (let i = 0; i < ORDERS; i++) {
      // Some share a millisecond: ties keep the order they were written in.
      const at = new Date(START + Math.floor(i / 3) * 60_000).toISOString();
      const user = i % 5 === 4 ? 2 : 1;
      const orderNo = `PT${String(i).padStart(6, '0')}`;
      db.prepare(
        `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, service_fee_minor, total_minor, created_at, updated_at)
         VALUES (?, ?, ?, 'taobao', 'CNY', 100, 0, 100, ?, ?)`,
      ).run(orderNo, user, STATUSES[i % STATUSES.length], at, at);
      const item = db
        .prepare(`INSERT INTO order_items (order_no, product_id, sku_id, title, sku_name, price_minor, quantity, weight_g, cargo_type) VALUES (?, ?, 's', 't', 'n', 100, 1, 100, 'general')`)
        .run(orderNo, product).lastInsertRowid;
      db.prepare(
        `INSERT INTO packages (user_id, order_no, order_item_id, product_name, quantity, weight_g, cargo_type, status, arrived_at)
         VALUES (?, ?, ?, 't', 1, 100, 'general', ?, ?)`,
      ).run(user, orderNo, item, i % 2 ? 'in_warehouse' : 'delivered', at);
      db.prepare(
        `INSERT INTO shipping_orders (order_no, user_id, status, channel_id, channel_name, total_weight_g, shipping_fee_minor, currency, recipient, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 100, 0, 'CNY', '{}', ?, ?)`,
      ).run(`ST${String(i).padStart(6, '0')}`, user, i % 3 ? 'delivered' : 'cancelled', channel.channel_id, channel.name, at, at);
      postEntry(core.ctx, { userId: user, type: i % 4 ? 'deposit' : 'adjustment', amount: 100 + i, reference: `T${i}`, description: '' });
    }
  }).immediate();
});
afterAll(() => core.close());

/** Every item, by walking pages, and by walking cursors, with the queries each walk ran. */
function walks<T>(list: (q: Paging) => Page<T>, id: (item: T) => string | number, limit = 7) {
  const byPage: T[] = [];
  for (let page = 1; ; page++) {
    const got = list({ page, limit });
    byPage.push(...got.items);
    if (got.items.length < limit) break;
  }
  const byCursor: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const got = list({ page: 1, limit, startingAfter: cursor });
    byCursor.push(...got.items);
    if (got.items.length < limit) break;
    cursor = String(id(got.items.at(-1)!));
  }
  return { byPage, byCursor, total: list({ page: 1, limit }).total };
}

function plainSort(sql: string, ...args: unknown[]): (string | number)[] {
  return core.ctx.db.prepare(sql).pluck().all(...args) as (string | number)[];
}

describe('pages and cursors agree with a plain sort', () => {
  it('orders: a user\'s, by status, and everyone\'s', () => {
    const mine = walks((q) => listOrders(core.ctx, { ...q, userId: 1 }), (o) => o.orderNo);
    const expected = plainSort('SELECT order_no FROM orders WHERE user_id = 1 ORDER BY created_at DESC, rowid DESC');
    expect(mine.byPage.map((o) => o.orderNo)).toEqual(expected);
    expect(mine.byCursor.map((o) => o.orderNo)).toEqual(expected);
    expect(mine.total).toBe(expected.length);
    expect(mine.byPage[0]!.itemCount).toBe(1);

    const paid = walks((q) => listOrders(core.ctx, { ...q, userId: 1, status: 'paid' }), (o) => o.orderNo);
    const paidExpected = plainSort("SELECT order_no FROM orders WHERE user_id = 1 AND status = 'paid' ORDER BY created_at DESC, rowid DESC");
    expect(paid.byPage.map((o) => o.orderNo)).toEqual(paidExpected);
    expect(paid.byCursor.map((o) => o.orderNo)).toEqual(paidExpected);
    expect(paid.total).toBe(paidExpected.length);

    const everyone = walks((q) => listAllOrders(core.ctx, { ...q, userId: null }), (o) => o.orderNo);
    expect(everyone.byCursor.map((o) => o.orderNo)).toEqual(plainSort('SELECT order_no FROM orders ORDER BY created_at DESC, rowid DESC'));
    expect(everyone.byPage.map((o) => o.orderNo)).toEqual(everyone.byCursor.map((o) => o.orderNo));
    expect(everyone.total).toBe(ORDERS);
  });

  it('the wallet statement, all types and one type', () => {
    for (const type of [undefined, 'adjustment'] as const) {
      const walked = walks((q) => listTransactions(core.ctx, 1, { ...q, type }), (e) => e.id);
      const expected = type
        ? plainSort('SELECT id FROM wallet_entries WHERE user_id = 1 AND type = ? ORDER BY id DESC', type)
        : plainSort('SELECT id FROM wallet_entries WHERE user_id = 1 ORDER BY id DESC');
      expect(walked.byPage.map((e) => e.id)).toEqual(expected);
      expect(walked.byCursor.map((e) => e.id)).toEqual(expected);
      expect(walked.total).toBe(expected.length);
    }
  });

  it('packages and shipping orders', () => {
    for (const status of [undefined, 'in_warehouse'] as const) {
      const walked = walks((q) => listPackages(core.ctx, 1, { ...q, status }), (p) => p.id);
      const expected = plainSort(`SELECT id FROM packages WHERE user_id = 1 ${status ? `AND status = '${status}'` : ''} ORDER BY arrived_at DESC, id DESC`);
      expect(walked.byPage.map((p) => p.id)).toEqual(expected);
      expect(walked.byCursor.map((p) => p.id)).toEqual(expected);
      expect(walked.total).toBe(expected.length);
    }
    for (const status of [undefined, 'cancelled'] as const) {
      const walked = walks((q) => listShippingOrders(core.ctx, 1, { ...q, status }), (s) => s.orderNo);
      const expected = plainSort(`SELECT order_no FROM shipping_orders WHERE user_id = 1 ${status ? `AND status = '${status}'` : ''} ORDER BY created_at DESC, rowid DESC`);
      expect(walked.byPage.map((s) => s.orderNo)).toEqual(expected);
      expect(walked.byCursor.map((s) => s.orderNo)).toEqual(expected);
      expect(walked.total).toBe(expected.length);
    }
  });

  it('refuses a cursor that is not an item of the list, or a cursor with a page', () => {
    const other = plainSort('SELECT order_no FROM orders WHERE user_id = 2 LIMIT 1')[0] as string;
    const bad: (() => unknown)[] = [
      () => listOrders(core.ctx, { userId: 1, page: 1, limit: 5, startingAfter: other }),
      () => listOrders(core.ctx, { userId: 1, page: 1, limit: 5, startingAfter: 'PO-NOPE' }),
      () => listOrders(core.ctx, { userId: 1, page: 2, limit: 5, startingAfter: 'PT000000' }),
      () => listTransactions(core.ctx, 1, { page: 1, limit: 5, startingAfter: 'abc' }),
      () => listTransactions(core.ctx, 1, { page: 1, limit: 5, startingAfter: '999999' }),
      () => listPackages(core.ctx, 1, { page: 1, limit: 5, startingAfter: '1.5' }),
      () => listShippingOrders(core.ctx, 1, { page: 1, limit: 5, startingAfter: 'ST000004' }),
    ];
    for (const call of bad) {
      expect(call).toThrow(ApiError);
      try {
        call();
      } catch (error) {
        expect((error as ApiError).statusCode).toBe(400);
      }
    }
  });
});

describe('list and statement queries use their indexes', () => {
  it('at page 1, a deep page and a cursor: index searches only', () => {
    const deep = { page: 9, limit: 5 };
    const { reads } = recordStatements(core.ctx.db, () => {
      for (const q of [{ page: 1, limit: 5 }, deep, { page: 1, limit: 5, startingAfter: 'PT000100' }]) {
        listOrders(core.ctx, { ...q, userId: 1 });
        listOrders(core.ctx, { ...q, userId: 1, status: 'pending' });
        listAllOrders(core.ctx, { ...q, userId: null });
        listAllOrders(core.ctx, { ...q, userId: null, status: 'paid' });
      }
      for (const q of [{ page: 1, limit: 5 }, deep, { page: 1, limit: 5, startingAfter: '50' }]) {
        listTransactions(core.ctx, 1, q);
        listTransactions(core.ctx, 1, { ...q, type: 'deposit' });
      }
      for (const q of [{ page: 1, limit: 5 }, deep, { page: 1, limit: 5, startingAfter: '101' }]) {
        listPackages(core.ctx, 1, q);
        listPackages(core.ctx, 1, { ...q, status: 'in_warehouse' });
      }
      for (const q of [{ page: 1, limit: 5 }, deep, { page: 1, limit: 5, startingAfter: 'ST000100' }]) {
        listShippingOrders(core.ctx, 1, q);
        listShippingOrders(core.ctx, 1, { ...q, status: 'delivered' });
      }
    });
    const statements = [...new Set(reads.map((r) => r.sql))];
    expect(statements.length).toBeGreaterThan(10);
    // The counter tables hold a row per (user, status): summing them for the back office is a walk of
    // users, not of orders.
    const counters = ['order_counts', 'package_counts', 'shipping_order_counts'];
    for (const sql of statements) expect(fullScans(queryPlan(core.ctx.db, sql), counters), sql).toEqual([]);
    // No read counts the rows of a list.
    for (const sql of statements) expect(sql).not.toMatch(/COUNT\(\*\)\s+(AS \w+\s+)?FROM (orders|wallet_entries|packages|shipping_orders)\b/i);
  });

  it('reads as many rows for the last page as for the first', () => {
    const total = listTransactions(core.ctx, 1, { page: 1, limit: 5 }).total;
    const rowsRead = (page: number) =>
      recordStatements(core.ctx.db, () => listTransactions(core.ctx, 1, { page, limit: 5 })).reads.map((r) => `${r.rows} ${r.sql}`);
    expect(rowsRead(Math.ceil(total / 5) - 1)).toEqual(rowsRead(1));
    const orderRows = (page: number) =>
      recordStatements(core.ctx.db, () => listOrders(core.ctx, { userId: 1, page, limit: 5 })).reads.map((r) => `${r.rows} ${r.sql}`);
    expect(orderRows(30)).toEqual(orderRows(1));
  });
});
