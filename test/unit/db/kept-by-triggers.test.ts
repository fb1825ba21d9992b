import { describe, expect, it } from 'vitest';
import { openCore } from '../../../src/main/core/index.js';

/**
 * The queue, the ranks and the counters are kept by triggers (migrations 003, 005, 009, 015, 017 and 030). A migration that
 * rebuilds one of these tables (to change a CHECK, say) drops its triggers with it and must create them
 * again: this test names every one, so such a loss fails here instead of drifting silently.
 */
const KEPT_BY_TRIGGERS = [
  'orders_count_insert',
  'orders_count_status',
  'orders_count_delete',
  'orders_due_insert',
  'orders_due_update',
  'orders_due_delete',
  'orders_rank_insert',
  'orders_rank_delete',
  'orders_rank_status',
  'order_ranks_block_insert',
  'order_ranks_block_status',
  'order_ranks_block_delete',
  'shipping_orders_due_insert',
  'shipping_orders_due_update',
  'shipping_orders_due_delete',
  'shipping_orders_count_insert',
  'shipping_orders_count_status',
  'shipping_orders_count_delete',
  'packages_count_insert',
  'packages_count_status',
  'packages_count_delete',
  'wallet_entries_rank',
  'order_returns_count_insert',
  'order_returns_count_status',
  'order_returns_count_delete',
  'webhook_deliveries_count_insert',
  'webhook_deliveries_count_delete',
  'webhook_endpoints_count_delete',
  'wallet_top_ups_count_insert',
  'wallet_top_ups_count_status',
  'wallet_top_ups_count_delete',
];

describe('tables kept by triggers', () => {
  it('has every trigger that keeps the queue, the ranks and the counters', () => {
    const core = openCore({ dataDir: ':memory:' });
    try {
      const triggers = core.ctx.db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'").pluck().all() as string[];
      expect(triggers).toEqual(expect.arrayContaining(KEPT_BY_TRIGGERS));
      // The seeded demo data is already counted and ranked.
      const db = core.ctx.db;
      const entries = db.prepare('SELECT user_id, COUNT(*) AS n FROM wallet_entries GROUP BY user_id').all() as { user_id: number; n: number }[];
      expect(entries.length).toBeGreaterThan(0);
      for (const { user_id, n } of entries) {
        expect(db.prepare("SELECT MAX(seq) FROM wallet_entry_ranks WHERE user_id = ? AND type = ''").pluck().get(user_id)).toBe(n);
      }
    } finally {
      core.close();
    }
  });
});
