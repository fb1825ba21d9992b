import { describe, expect, it } from 'vitest';
import { openCore } from '../../../src/main/core/index.js';

/** The world-file recorder's walk over clock advances reads only those events, through a partial index. */
describe('the clock advance index', () => {
  it('serves the newest-first walk over clock.advanced events without a scan of the event log', () => {
    const core = openCore({ dataDir: ':memory:', empty: true });
    try {
      const plan = (core.ctx.db.prepare(`EXPLAIN QUERY PLAN SELECT data FROM events WHERE type = 'clock.advanced' ORDER BY id DESC`).all() as { detail: string }[])
        .map((r) => r.detail)
        .join('; ');
      // A scan of the partial index: it holds the clock advances only (without it: SCAN events, every event).
      expect(plan).toBe('SCAN events USING INDEX events_clock_advances');
    } finally {
      core.close();
    }
  });
});
