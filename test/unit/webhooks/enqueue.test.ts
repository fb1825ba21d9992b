import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../../src/main/core/index.js';
import { inTransaction } from '../../../src/main/core/db/database.js';
import { emitEvent, eventsAfter, lastEventId } from '../../../src/main/core/events/log.js';
import type { ServiceEvent } from '../../../src/main/core/events/catalog.js';
import { enqueueDeliveries } from '../../../src/main/core/webhooks/dispatcher.js';
import { recordStatements } from '../../helpers/read-counter.js';

/**
 * Queuing webhook deliveries for the events of a feed poll (issue 14 item 3): the active endpoints are read
 * once while nothing changed, not once per event, and an endpoint added here or by another process (the
 * CLI) is seen by the next event.
 */
const dir = mkdtempSync(join(tmpdir(), 'crossbuy-enqueue-'));
let core: Core;
let events: ServiceEvent[];

beforeAll(() => {
  core = openCore({ dataDir: dir, empty: true });
  const { ctx } = core;
  const from = lastEventId(ctx);
  inTransaction(ctx.db, () => {
    for (let i = 0; i < 20; i++) emitEvent(ctx, 'order.created', 1, { orderNo: `PO${i}`, status: 'pending', totalAmount: 1, currency: 'CNY' });
  });
  events = eventsAfter(ctx, from);
});
afterAll(() => {
  core.close();
  rmSync(dir, { recursive: true, force: true });
});

const addEndpoint = (db: Database.Database, types: string[]) =>
  db.prepare("INSERT INTO webhook_endpoints (url, events, secret, created_at) VALUES ('http://127.0.0.1:9/hook', ?, 's', '2026-01-01T00:00:00.000Z')").run(JSON.stringify(types));
const deliveries = () => core.ctx.db.prepare('SELECT COUNT(*) FROM webhook_deliveries').pluck().get() as number;

describe('enqueueDeliveries', () => {
  it('reads the endpoints once for a poll\'s events when nobody listens', () => {
    const { reads, result } = recordStatements(core.ctx.db, () => events.reduce((sum, event) => sum + enqueueDeliveries(core.ctx, event), 0));
    expect(result).toBe(0);
    expect(reads.filter((r) => /FROM webhook_endpoints/.test(r.sql))).toHaveLength(1);
  });

  it('sees an endpoint added by this connection at the next event', () => {
    addEndpoint(core.ctx.db, ['order.created']);
    expect(enqueueDeliveries(core.ctx, events[0]!)).toBe(1);
    expect(enqueueDeliveries(core.ctx, { ...events[1]!, type: 'wallet.transaction_created' })).toBe(0);
    expect(deliveries()).toBe(1);
  });

  it('sees an endpoint added by another process once its commit is in', async () => {
    // Kept now, with no write of ours to move the stamp after it.
    expect(enqueueDeliveries(core.ctx, { ...events[2]!, type: 'wallet.transaction_created' })).toBe(0);
    const other = new Database(join(dir, 'crossbuy.db'));
    try {
      addEndpoint(other, ['*']);
    } finally {
      other.close();
    }
    await Promise.resolve();
    // Both endpoints now: order.created for the first, everything for the second.
    expect(enqueueDeliveries(core.ctx, events[3]!)).toBe(2);
  });
});
