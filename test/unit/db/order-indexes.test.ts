import { describe, expect, it } from 'vitest';
import { openCore } from '../../../src/main/core/index.js';

/**
 * Every index on orders is one more B-tree written per order placed and one more page per group commit
 * (issue 14 item 3), so orders keeps only the indexes something reads: its key, and the export's seeks by
 * user (exports/orders.ts). The order lists page from order_ranks. Migration 016 dropped the others.
 */
describe('indexes on orders', () => {
  it('are the key and the export seeks by user, nothing else', () => {
    const core = openCore({ dataDir: ':memory:', empty: true });
    try {
      const names = core.ctx.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders' ORDER BY name").pluck().all();
      expect(names).toEqual(['orders_user_created', 'orders_user_status_created', 'sqlite_autoindex_orders_1']);
    } finally {
      core.close();
    }
  });
});
