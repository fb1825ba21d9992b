import { describe, expect, it } from 'vitest';
import { openCore } from '../../../src/main/core/index.js';

/**
 * A delivery is queued for every event and every endpoint that wants it, so webhook_deliveries keeps only
 * the indexes something reads: the one-delivery-per-event key, the dispatcher's due queue, and the
 * per-endpoint seq the history pages by (which also finds an endpoint's deliveries to delete).
 */
describe('indexes on webhook deliveries', () => {
  it('are the key, the due queue and the per-endpoint seq, and the history and deletion use the seq', () => {
    const core = openCore({ dataDir: ':memory:', empty: true });
    try {
      const db = core.ctx.db;
      const names = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'webhook_deliveries' ORDER BY name").pluck().all();
      expect(names).toEqual(['sqlite_autoindex_webhook_deliveries_1', 'webhook_deliveries_due', 'webhook_deliveries_seq']);
      const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail).join('; ');
      expect(plan('DELETE FROM webhook_deliveries WHERE endpoint_id = 1')).toContain('INDEX webhook_deliveries_seq (endpoint_id=?)');
      expect(plan('SELECT MAX(seq) FROM webhook_deliveries WHERE endpoint_id = 1')).toContain('INDEX webhook_deliveries_seq (endpoint_id=?)');
    } finally {
      core.close();
    }
  });
});
