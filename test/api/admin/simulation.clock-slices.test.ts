import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrder } from '../../../src/main/core/orders/create.js';
import { checkOrderInvariants } from '../../../src/main/core/orders/invariants.js';
import { postEntry } from '../../../src/main/core/wallet/ledger.js';
import { auditLedger } from '../../../src/main/core/wallet/ledger.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * A long clock advance runs in slices: other requests are answered while it runs, and a stop during it
 * ends after the current slice with the clock and the data agreeing. (Ordering, not timing, is asserted.)
 */
const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function serverWithOrders(count: number): Promise<TestServer> {
  const server = await startTestServer();
  servers.push(server);
  expect((await server.admin('PUT', '/autopilot', { pace: 'realistic', refundRate: 0 })).status).toBe(200);
  const ctx = server.running.core.ctx;
  const sku = ctx.db
    .prepare(`SELECT p.id, s.sku_id FROM products p JOIN product_skus s ON s.product_id = p.id WHERE s.price_minor > 0 ORDER BY p.id LIMIT 1`)
    .get() as { id: number; sku_id: string };
  ctx.db.transaction(() => {
    ctx.db.prepare('UPDATE product_skus SET stock = ? WHERE product_id = ? AND sku_id = ?').run(count + 10, sku.id, sku.sku_id);
    postEntry(ctx, { userId: 1, type: 'deposit', amount: 100_000_000_000, reference: 'test', description: 'funds for many orders' });
    for (let i = 0; i < count; i++) createOrder(ctx, 1, { items: [{ productId: String(sku.id), skuId: sku.sku_id, quantity: 1 }] });
  }).immediate();
  return server;
}

describe('clock advance in slices', () => {
  it('answers other requests while a long advance runs', async () => {
    const server = await serverWithOrders(400);
    const before = Date.parse((await server.admin('GET', '/clock')).body.data.now);
    const target = before + 10 * 86_400_000;
    let advanceDone = false;
    const advance = server.admin('POST', '/clock/advance', { by: '10d' }).then((res) => {
      advanceDone = true;
      return res;
    });
    // A request answered while the advance is midway sees the clock between its start and its target:
    // impossible if the advance held the event loop until it was done.
    const midway: number[] = [];
    while (!advanceDone) {
      const [clock, cart] = await Promise.all([server.admin('GET', '/clock'), server.api('GET', '/cart')]);
      expect(cart.status).toBe(200);
      const now = Date.parse(clock.body.data.now);
      if (now > before + 60_000 && now < target) midway.push(now);
    }
    const result = await advance;
    expect(result.status).toBe(200);
    expect(result.body.data.steps).toBe(1600);
    expect(midway.length).toBeGreaterThan(0);
    const ctx = server.running.core.ctx;
    expect(auditLedger(ctx).every((a) => a.ok)).toBe(true);
  }, 120_000);

  it('stops after the current slice when the server stops, leaving clock and data agreeing', async () => {
    const server = await serverWithOrders(400);
    const ctx = server.running.core.ctx;
    const before = Date.parse((await server.admin('GET', '/clock')).body.data.now);
    const advance = server.admin('POST', '/clock/advance', { by: '10d' }).catch((error: unknown) => error);
    // Once the advance is under way (the clock has started to move), stop as SIGTERM does.
    for (let i = 0; i < 500; i++) {
      const now = Date.parse((await server.admin('GET', '/clock')).body.data.now);
      if (now > before + 60_000) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const stopping = server.running.stop();
    await stopping;
    await advance;
    // Reopen the folder: nothing half-done, and the clock is where the last step run left it.
    servers.pop();
    const again = await startTestServerOn(server.dataDir);
    const db = again.running.core.ctx.db;
    const clock = Date.parse((await again.admin('GET', '/clock')).body.data.now);
    expect(clock).toBeGreaterThanOrEqual(before);
    const latestStep = db.prepare("SELECT MAX(at) AS at FROM order_timeline WHERE status <> 'pending'").get() as { at: string | null };
    if (latestStep.at) expect(clock).toBeGreaterThanOrEqual(Date.parse(latestStep.at));
    expect(auditLedger(again.running.core.ctx).every((a) => a.ok)).toBe(true);
    expect(checkOrderInvariants(again.running.core.ctx)).toEqual([]);
    // It did stop midway (400 orders x 4 steps take far longer than the 30 ms before the stop).
    const arrived = db.prepare("SELECT COUNT(*) AS n FROM orders WHERE status = 'in_warehouse'").get() as { n: number };
    expect(arrived.n).toBeLessThan(400);
    void ctx;
  }, 120_000);
});

async function startTestServerOn(dataDir: string): Promise<TestServer> {
  const { startServer } = await import('../../../src/main/headless/serve.js');
  const running = await startServer({ dataDir, port: 0, uiDir: null, sessionToken: 'test-session-token' });
  const { request } = await import('../../helpers/server.js');
  const server: TestServer = {
    running,
    dataDir,
    baseUrl: `${running.origin}/api/v1/open`,
    key: '',
    makeKey: () => '',
    api: () => Promise.reject(new Error('no key')),
    admin: (method, path, body) => request(`${running.origin}/api/v1/admin`, method, path, { body, bearer: running.core.adminToken }),
    close: async () => {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  servers.push(server);
  return server;
}
