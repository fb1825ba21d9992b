import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { BLOCK_SHIFT } from '../../../src/main/core/db/migrations/009-order-status-ranks.js';
import { listAllOrders, listOrders } from '../../../src/main/core/orders/views.js';
import type { OrderStatus } from '../../../src/main/core/orders/state-machine.js';
import { fullScans, queryPlan, recordStatements } from '../../helpers/read-counter.js';

/**
 * Status-filtered order pages (migration 009): ranks cut into blocks of 1,024 with a count per (user,
 * status, block). Over several blocks and after status changes, pages and cursors give exactly what a
 * plain sort gives, the block counts stay equal to a recount, and a deep page never skips more than one
 * block's worth of index entries (its cost does not grow with the depth).
 */
let core: Core;
const ORDERS = 3_500; // user 1: 2,800 over three blocks; user 2: 700
const STATUSES: OrderStatus[] = ['pending', 'paid', 'purchased', 'completed'];
const START = Date.parse('2026-03-01T08:00:00.000Z');

beforeAll(() => {
  core = openCore({ dataDir: ':memory:', empty: true });
  const { db } = core.ctx;
  db.prepare("INSERT OR IGNORE INTO users (id, username, email, created_at) VALUES (2, 'other', 'o@example.com', ?)").run(new Date(START).toISOString());
  const insert = db.prepare(
    `INSERT INTO orders (order_no, user_id, status, platform, currency, subtotal_minor, service_fee_minor, total_minor, created_at, updated_at)
     VALUES (?, ?, ?, 'taobao', 'CNY', 100, 0, 100, ?, ?)`,
  );
  const move = db.prepare('UPDATE orders SET status = ? WHERE order_no = ?');
  db.transaction(() => {
    for (let i = 0; i < ORDERS; i++) {
      const at = new Date(START + i * 1000).toISOString();
      // Mostly pending at first, so later moves empty some blocks of a status and fill others.
      insert.run(`PS${String(i).padStart(6, '0')}`, i % 5 === 4 ? 2 : 1, i % 7 === 0 ? 'paid' : 'pending', at, at);
    }
    for (let i = 0; i < ORDERS; i++) {
      if (i % 3 === 0) move.run(STATUSES[(i >> 4) % STATUSES.length], `PS${String(i).padStart(6, '0')}`);
      if (i > 2_000 && i < 2_600) move.run('completed', `PS${String(i).padStart(6, '0')}`);
    }
  }).immediate();
});
afterAll(() => core.close());

const plain = (sql: string, ...args: unknown[]) => core.ctx.db.prepare(sql).pluck().all(...args) as string[];

describe('status pages over many blocks', () => {
  it('pages and cursors equal a plain sort, for a user and for everyone', () => {
    for (const status of STATUSES) {
      for (const userId of [1, null] as const) {
        const expected = plain(
          `SELECT order_no FROM orders WHERE status = ? ${userId ? 'AND user_id = 1' : ''} ORDER BY created_at DESC, rowid DESC`,
          status,
        );
        const list = (q: { page: number; limit: number; startingAfter?: string }) =>
          userId ? listOrders(core.ctx, { ...q, userId, status }) : listAllOrders(core.ctx, { ...q, userId: null, status });
        for (const limit of [100, 37]) {
          const byPage: string[] = [];
          for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) byPage.push(...list({ page, limit }).items.map((o) => o.orderNo));
          expect(byPage, `${status} ${userId} ${limit}`).toEqual(expected);
        }
        const byCursor: string[] = [];
        let cursor: string | undefined;
        for (;;) {
          const got = list({ page: 1, limit: 50, startingAfter: cursor }).items;
          byCursor.push(...got.map((o) => o.orderNo));
          if (got.length < 50) break;
          cursor = got.at(-1)!.orderNo;
        }
        expect(byCursor).toEqual(expected);
        expect(list({ page: 1, limit: 5 }).total).toBe(expected.length);
      }
    }
  });

  it('keeps every block count equal to a recount of the ranks', () => {
    const kept = core.ctx.db.prepare('SELECT user_id, status, block, n FROM order_rank_blocks WHERE n > 0 ORDER BY 1, 2, 3').all();
    const recount = core.ctx.db
      .prepare(`SELECT user_id, status, seq >> ${BLOCK_SHIFT} AS block, COUNT(*) AS n FROM order_ranks GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`)
      .all();
    expect(kept).toEqual(recount);
    // Each order's rank rows carry its status.
    expect(core.ctx.db.prepare('SELECT COUNT(*) FROM order_ranks r JOIN orders o ON o.order_no = r.order_no WHERE r.status <> o.status').pluck().get()).toBe(0);
  });

  it('skips fewer than one block of index entries at any depth, with index searches only', () => {
    const total = listOrders(core.ctx, { userId: 1, status: 'pending', page: 1, limit: 10 }).total;
    expect(total).toBeGreaterThan(1_024);
    const { reads } = recordStatements(core.ctx.db, () => {
      for (let page = 1; page <= Math.ceil(total / 10); page += 7) listOrders(core.ctx, { userId: 1, status: 'pending', page, limit: 10 });
    });
    const pageReads = reads.filter((r) => /OFFSET \?/.test(r.sql));
    expect(pageReads.length).toBeGreaterThan(15);
    for (const read of pageReads) expect(read.args.at(-1) as number).toBeLessThan(1 << BLOCK_SHIFT);
    // The counter walk reads at most one row per block of the user's ranks.
    const blocks = Math.ceil(ORDERS / (1 << BLOCK_SHIFT)) + 1;
    for (const read of reads.filter((r) => /order_rank_blocks/.test(r.sql))) expect(read.rows === -1 || read.rows <= blocks).toBe(true);
    for (const sql of new Set(reads.map((r) => r.sql))) expect(fullScans(queryPlan(core.ctx.db, sql), ['order_counts']), sql).toEqual([]);
  });
});
