import { afterEach, describe, expect, it } from 'vitest';
import { runDueSteps } from '../../../src/main/core/autopilot/autopilot.js';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { requestReturn } from '../../../src/main/core/orders/returns.js';
import { writeSetting } from '../../../src/main/core/settings/settings.js';
import { ManualClock } from '../../../src/main/core/shared/clock.js';
import { createArrivedOrder } from '../../helpers/fixtures.js';

/**
 * The autopilot's seller accepts most returns and rejects about one in five: a draw of the world's stream
 * (worlds.md section 3), so worlds of one seed decide alike and worlds of another seed otherwise. Return
 * ids are 1, 2, 3... in every world: a decision drawn from the id alone was the same whatever the seed.
 */
const START = Date.parse('2026-03-01T08:00:00.000Z');
const RETURNS = 12;
const cores: Core[] = [];
afterEach(() => {
  while (cores.length) cores.pop()!.close();
});

function decisions(seed: number): string[] {
  const core = openCore({ dataDir: ':memory:', clock: new ManualClock(START), seed });
  cores.push(core);
  const ctx = core.ctx;
  writeSetting(ctx.db, 'autopilotPace', 'realistic');
  for (let i = 0; i < RETURNS; i++) {
    const { orderNo } = createArrivedOrder(ctx);
    // The fixture's order arrives without the week the lifecycle gives to decide on returns.
    ctx.db.prepare('UPDATE orders SET decision_deadline = ? WHERE order_no = ?').run(new Date(START + 7 * 86_400_000).toISOString(), orderNo);
    const itemId = ctx.db.prepare('SELECT id FROM order_items WHERE order_no = ? ORDER BY id LIMIT 1').pluck().get(orderNo) as number;
    requestReturn(ctx, 1, orderNo, { itemId, type: 'return', reason: 'does not fit' });
  }
  // Sellers decide within 3 days at the realistic pace.
  runDueSteps(ctx, new Date(START + 4 * 86_400_000));
  return ctx.db.prepare('SELECT status FROM order_returns ORDER BY id').pluck().all() as string[];
}

describe("the autopilot's seller decision", () => {
  it('is decided for every return, alike for one seed and otherwise for another', () => {
    const seven = decisions(7);
    expect(seven).toHaveLength(RETURNS);
    expect(seven.every((s) => s === 'approved' || s === 'rejected')).toBe(true);
    expect(decisions(7)).toEqual(seven);
    expect(decisions(8)).not.toEqual(seven);
  });
});
