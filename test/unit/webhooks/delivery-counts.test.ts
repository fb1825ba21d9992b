import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { resetDemoData } from '../../../src/main/core/data/reset.js';
import type { ServiceEvent } from '../../../src/main/core/events/catalog.js';
import { deliverDue, enqueueDeliveries, type Fetcher } from '../../../src/main/core/webhooks/dispatcher.js';
import { createEndpoint, deleteEndpoint, listDeliveries } from '../../../src/main/core/webhooks/endpoints.js';
import { sendTestEvent } from '../../../src/main/core/webhooks/test-event.js';
import { fullScans, queryPlan, recordStatements } from '../../helpers/read-counter.js';

/**
 * An endpoint's delivery total is kept by triggers (migration 017) and its pages are seq ranges: the kept
 * count must equal a recount whatever wrote or deleted the deliveries, and no page, however deep, may
 * count or walk the endpoint's history.
 */
let core: Core;
beforeEach(() => {
  core = openCore({ dataDir: ':memory:' });
});
afterEach(() => core.close());

const failing: Fetcher = () => Promise.resolve({ status: 500 });
const accepting: Fetcher = () => Promise.resolve({ status: 200 });

function addEvents(count: number): ServiceEvent[] {
  const insert = core.ctx.db.prepare("INSERT INTO events (type, user_id, data, created_at) VALUES ('order.created', 1, '{}', ?)");
  return Array.from({ length: count }, () => {
    const createdAt = core.ctx.nowIso();
    return { id: Number(insert.run(createdAt).lastInsertRowid), type: 'order.created', createdAt } as ServiceEvent;
  });
}

function recount(): { endpoint_id: number; n: number }[] {
  return core.ctx.db.prepare('SELECT endpoint_id, COUNT(*) AS n FROM webhook_deliveries GROUP BY endpoint_id ORDER BY endpoint_id').all() as never;
}
function kept(): { endpoint_id: number; n: number }[] {
  return core.ctx.db.prepare('SELECT endpoint_id, n FROM webhook_delivery_counts WHERE n <> 0 ORDER BY endpoint_id').all() as never;
}
const ids = (page: { items: { id: number }[] }) => page.items.map((d) => d.id);

describe('webhook delivery counts', () => {
  it('equal a recount after deliveries, repeats, retries, test events, an endpoint deleted and a demo reset', async () => {
    const ctx = core.ctx;
    const a = createEndpoint(ctx, { url: 'http://127.0.0.1:9/a', events: ['*'] });
    const b = createEndpoint(ctx, { url: 'http://127.0.0.1:9/b', events: ['order.created'] });
    const events = addEvents(12);
    for (const event of events) enqueueDeliveries(ctx, event);
    // The same event again is no new delivery (one per endpoint and event).
    for (const event of events.slice(0, 3)) expect(enqueueDeliveries(ctx, event)).toBe(0);
    expect(kept()).toEqual([{ endpoint_id: a.id, n: 12 }, { endpoint_id: b.id, n: 12 }]);

    // Retries add attempts, not deliveries.
    await deliverDue(ctx, failing, new Date(Date.now() + 60_000));
    await deliverDue(ctx, accepting, new Date(Date.now() + 3_600_000));
    expect(ctx.db.prepare("SELECT COUNT(*) FROM webhook_deliveries WHERE status = 'succeeded' AND attempts = 2").pluck().get()).toBe(24);
    await sendTestEvent(ctx, a.id, failing);
    await sendTestEvent(ctx, a.id, accepting);
    expect(kept()).toEqual(recount());
    expect(listDeliveries(ctx, a.id, { page: 1, limit: 5 }).total).toBe(14);

    deleteEndpoint(ctx, b.id);
    expect(kept()).toEqual([{ endpoint_id: a.id, n: 14 }]);
    expect(ctx.db.prepare('SELECT COUNT(*) FROM webhook_delivery_counts WHERE endpoint_id = ?').pluck().get(b.id)).toBe(0);

    // A new endpoint starts from nothing; the kept endpoint's history goes on numbering.
    const c = createEndpoint(ctx, { url: 'http://127.0.0.1:9/c', events: ['*'] });
    for (const event of addEvents(2)) enqueueDeliveries(ctx, event);
    expect(kept()).toEqual(recount());
    expect(listDeliveries(ctx, c.id, { page: 1, limit: 5 }).total).toBe(2);

    resetDemoData(ctx);
    expect(kept()).toEqual(recount());
    expect(listDeliveries(ctx, a.id, { page: 1, limit: 5 })).toMatchObject({ items: [], total: 0 });
    for (const event of addEvents(3)) enqueueDeliveries(ctx, event);
    expect(kept()).toEqual(recount());
    expect(ids(listDeliveries(ctx, a.id, { page: 1, limit: 5 }))).toHaveLength(3);
  });

  it('pages and cursors are seq ranges of one endpoint: every page alike, one index seek, no count, at any depth', async () => {
    const ctx = core.ctx;
    const a = createEndpoint(ctx, { url: 'http://127.0.0.1:9/a', events: ['*'] });
    const b = createEndpoint(ctx, { url: 'http://127.0.0.1:9/b', events: ['*'] });
    for (const event of addEvents(23)) enqueueDeliveries(ctx, event);
    await sendTestEvent(ctx, b.id, accepting);
    await sendTestEvent(ctx, a.id, accepting);
    const newestFirst = ctx.db.prepare('SELECT id FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC').pluck().all(a.id);
    expect(newestFirst).toHaveLength(24);

    const byPage = [1, 2, 3].map((page) => listDeliveries(ctx, a.id, { page, limit: 10 }));
    expect(byPage.map((p) => p.total)).toEqual([24, 24, 24]);
    expect(byPage.flatMap(ids)).toEqual(newestFirst);
    expect(ids(listDeliveries(ctx, a.id, { page: 4, limit: 10 }))).toEqual([]);
    const walked: number[] = [];
    let after: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = listDeliveries(ctx, a.id, { page: 1, limit: 7, startingAfter: after });
      walked.push(...ids(page));
      if (page.items.length < 7) break;
      after = String(page.items.at(-1)!.id);
    }
    expect(walked).toEqual(newestFirst);

    for (const query of [{ page: 3, limit: 10 }, { page: 1, limit: 10, startingAfter: String(newestFirst[20]) }]) {
      const { reads } = recordStatements(ctx.db, () => listDeliveries(ctx, a.id, query));
      // Nothing counts the endpoint's deliveries; each statement returns at most a page.
      expect(reads.filter((r) => /COUNT\(/i.test(r.sql))).toEqual([]);
      expect(Math.max(...reads.map((r) => r.rows))).toBeLessThanOrEqual(10);
      const page = reads.find((r) => /ORDER BY d\.seq DESC/.test(r.sql))!;
      const plan = queryPlan(ctx.db, page.sql, page.args);
      expect(fullScans(plan)).toEqual([]);
      expect(plan.join('\n')).toMatch(/SEARCH d USING INDEX webhook_deliveries_seq \(endpoint_id=\? AND seq<\?\)/);
      for (const r of reads.filter((x) => /MAX\(seq\)|SELECT seq/.test(x.sql))) {
        expect(queryPlan(ctx.db, r.sql, r.args).join('\n')).toMatch(/SEARCH webhook_deliveries USING (COVERING INDEX webhook_deliveries_seq|INTEGER PRIMARY KEY)/);
      }
    }
  });
});
