import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/main/core/db/database.js';
import { migrate } from '../../../src/main/core/db/migrate.js';
import { migrations } from '../../../src/main/core/db/migrations/index.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import type { ApiError } from '../../../src/main/core/shared/errors.js';
import { createTopUp, listTopUps, resolveTopUp, type TopUpListQuery } from '../../../src/main/core/wallet/top-ups.js';
import { fullScans, queryPlan, recordStatements } from '../../helpers/read-counter.js';

/**
 * The top-up lists (extensions.md section 12, cursor paging): a walk by cursor gives every top-up in the
 * order of a plain sort, the totals come from the kept counts (exact across settlements), and every
 * statement a page runs is an index seek: no scan, no sort, no COUNT of the top-ups, whatever the depth.
 */
let core: Core;
const TOP_UPS = 90;

beforeAll(() => {
  core = openCore({ dataDir: ':memory:' });
  const { db } = core.ctx;
  db.prepare("INSERT INTO users (id, username, email, created_at) VALUES (2, 'other', 'o@example.com', ?)").run(core.ctx.nowIso());
  for (let i = 0; i < TOP_UPS; i++) {
    const user = i % 3 === 2 ? 2 : 1;
    const created = createTopUp(core.ctx, user, { method: i % 4 === 0 ? 'bank_transfer' : 'alipay', amount: 10 + i }, i % 7 === 0 ? ['declined'] : []);
    // Some pending transfers settle by hand: the counts follow the status.
    if (created.status === 'pending' && i % 8 === 0) resolveTopUp(core.ctx, created.id, i % 16 === 0 ? 'succeeded' : 'failed');
  }
});
afterAll(() => core.close());

function walk(userId: number | null, status?: TopUpListQuery['status'], limit = 7) {
  const ids: number[] = [];
  let startingAfter: string | undefined;
  let total = -1;
  for (;;) {
    const page = listTopUps(core.ctx, userId, { limit, startingAfter, status });
    total = page.total;
    expect(page.page).toBe(1);
    ids.push(...page.items.map((t) => t.id));
    if (page.items.length < limit) break;
    startingAfter = String(page.items.at(-1)!.id);
  }
  return { ids, total };
}

const plainSort = (sql: string, ...args: unknown[]) => core.ctx.db.prepare(sql).pluck().all(...args) as number[];

describe('the top-up lists', () => {
  it('walk by cursor in the order of a plain sort, with exact kept totals', () => {
    const shapes: [number | null, TopUpListQuery['status']][] = [[1, undefined], [2, undefined], [1, 'failed'], [null, undefined], [null, 'pending'], [null, 'succeeded']];
    for (const [userId, status] of shapes) {
      const where = [userId === null ? '' : `user_id = ${userId}`, status ? `status = '${status}'` : ''].filter(Boolean).join(' AND ');
      const expected = plainSort(`SELECT id FROM wallet_top_ups ${where ? `WHERE ${where}` : ''} ORDER BY id DESC`);
      expect(expected.length).toBeGreaterThan(0);
      const walked = walk(userId, status);
      expect(walked.ids, `${userId} ${status}`).toEqual(expected);
      expect(walked.total, `${userId} ${status}`).toBe(expected.length);
    }
  });

  it('refuses a page other than 1 (it pages by cursor), a foreign or unknown cursor: 400', () => {
    const other = plainSort('SELECT id FROM wallet_top_ups WHERE user_id = 2 LIMIT 1')[0]!;
    const bad = [
      () => listTopUps(core.ctx, 1, { page: 2, limit: 5 }),
      () => listTopUps(core.ctx, 1, { limit: 5, startingAfter: String(other) }),
      () => listTopUps(core.ctx, 1, { limit: 5, startingAfter: '999999' }),
      () => listTopUps(core.ctx, null, { limit: 5, startingAfter: 'abc' }),
    ];
    for (const call of bad) expect(call).toThrow(expect.objectContaining({ statusCode: 400 }) as ApiError);
    expect(() => listTopUps(core.ctx, 1, { page: 2, limit: 5 })).toThrow(/startingAfter/);
  });

  it('reads a page by index seeks only, and never counts the top-ups', () => {
    const deep = String(plainSort('SELECT id FROM wallet_top_ups WHERE user_id = 1 ORDER BY id LIMIT 1 OFFSET 5')[0]);
    const { reads } = recordStatements(core.ctx.db, () => {
      for (const startingAfter of [undefined, deep]) {
        listTopUps(core.ctx, 1, { limit: 5, startingAfter });
        listTopUps(core.ctx, 1, { limit: 5, startingAfter, status: 'pending' });
        listTopUps(core.ctx, null, { limit: 5, startingAfter });
        listTopUps(core.ctx, null, { limit: 5, startingAfter, status: 'succeeded' });
      }
    });
    const statements = [...new Set(reads.map((r) => r.sql))];
    expect(statements.length).toBeGreaterThanOrEqual(6);
    for (const sql of statements) {
      expect(fullScans(queryPlan(core.ctx.db, sql)), sql).toEqual([]);
      expect(sql).not.toMatch(/COUNT\(\*\)|OFFSET/i);
    }
    const pageOf = (sql: string) => queryPlan(core.ctx.db, sql).join('\n');
    expect(pageOf(statements.find((s) => /FROM wallet_top_ups WHERE user_id = \? AND status = \? AND id < \?/.test(s))!)).toMatch(/wallet_top_ups_user_status/);
    expect(pageOf(statements.find((s) => /FROM wallet_top_ups WHERE status = \? AND id < \?/.test(s))!)).toMatch(/wallet_top_ups_status/);
    // The rows read stay a page's worth: a cursor deep in the list reads no more than the first page.
    const rowsRead = (startingAfter?: string) => recordStatements(core.ctx.db, () => listTopUps(core.ctx, null, { limit: 5, startingAfter })).reads.reduce((n, r) => n + r.rows, 0);
    expect(rowsRead(deep)).toBeLessThanOrEqual(rowsRead() + 1);
  });
});

describe('migration 030 on a filled database', () => {
  it('counts the top-ups already there, per user and for everyone, and keeps counting after', () => {
    const db = openDatabase(':memory:');
    try {
      migrate(db, migrations.filter((m) => m.version < 30));
      const at = '2026-03-01T08:00:00.000Z';
      db.prepare("INSERT INTO users (id, username, email, created_at) VALUES (1, 'a', 'a@example.com', ?), (2, 'b', 'b@example.com', ?)").run(at, at);
      const insert = db.prepare(
        `INSERT INTO wallet_top_ups (user_id, method, amount_minor, currency, rate, fee_minor, credited_minor, status, created_at)
         VALUES (?, 'alipay', 100, 'CNY', '1', 0, 100, ?, ?)`,
      );
      const statuses = ['pending', 'succeeded', 'failed'] as const;
      for (let i = 0; i < 20; i++) insert.run(1 + (i % 2), statuses[i % 3], at);
      migrate(db);
      const counts = () => db.prepare('SELECT user_id, status, n FROM wallet_top_up_counts WHERE n > 0 ORDER BY user_id, status').all();
      const truth = () =>
        db
          .prepare(
            `SELECT user_id, status, COUNT(*) AS n FROM wallet_top_ups GROUP BY user_id, status
             UNION ALL SELECT 0, status, COUNT(*) FROM wallet_top_ups GROUP BY status ORDER BY 1, 2`,
          )
          .all();
      expect(counts()).toEqual(truth());
      insert.run(2, 'pending', at);
      db.prepare("UPDATE wallet_top_ups SET status = 'succeeded' WHERE id IN (1, 4)").run();
      db.prepare('DELETE FROM wallet_top_ups WHERE id = 2').run();
      expect(counts()).toEqual(truth());
    } finally {
      db.close();
    }
  });
});
