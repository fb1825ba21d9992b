import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_KINDS } from '../../../src/main/core/autopilot/steps/index.js';
import { adminRoutes } from '../../../src/main/core/http/routes/admin/index.js';
import { createArrivedOrder } from '../../helpers/fixtures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * Staff can do by hand every step the autopilot takes for them (decisions.md: the autopilot calls the
 * same code as the back office). The service's rules (expiry, storage) are no one's work: they run on
 * the clock (test/unit/autopilot/service-rules-off.test.ts).
 */
const MANUAL_ROUTE: Record<string, string> = {
  'order.pay': 'POST /orders/:id/advance',
  'order.purchase': 'POST /orders/:id/advance',
  'order.ship_to_warehouse': 'POST /orders/:id/advance',
  'order.arrive': 'POST /orders/:id/advance',
  'shipping.dispatch': 'POST /shipping/orders/:id/dispatch',
  'shipping.auto_confirm': 'POST /shipping/orders/:id/deliver',
  'shipping.rehearsal_pack': 'POST /shipping/rehearsals/:id/pack',
  'shipping.clear_exception': 'POST /shipping/orders/:id/clear-exception',
  'package.service': 'POST /warehouse/service-requests/:id/done',
  'order.seller_decision': 'POST /orders/:id/returns/:rid/decide',
  'order.photos': 'POST /orders/:id/photo-requests/:rid/fulfil',
  'order.exchange_arrive': 'POST /orders/:id/exchanges/:rid/receive',
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.admin('PUT', '/autopilot', { pace: 'off' });
});
afterAll(() => server.close());
const ctx = () => server.running.core.ctx;

describe('a manual admin route for every staff step', () => {
  it('every staff step kind has one, and it is in the route table', () => {
    const table = new Set(adminRoutes.map((r) => `${r.method} ${r.url}`));
    for (const kind of STEP_KINDS.filter((k) => k.role === 'staff')) {
      expect(MANUAL_ROUTE[kind.kind], `${kind.kind} has no manual route`).toBeDefined();
      expect(table.has(MANUAL_ROUTE[kind.kind]!), MANUAL_ROUTE[kind.kind]).toBe(true);
    }
  });

  it("clears a customs hold: exception -> shipped; 409 when there is none", async () => {
    const pkg = createArrivedOrder(ctx(), { inspectedWeightGrams: 600 }).packageIds[0]!;
    const recipient = { recipientName: 'Ann Lee', recipientPhone: '+1 212 555 0100', recipientCountry: 'US', recipientCity: 'New York', recipientAddress: '1 Main St', recipientZipCode: '10001' };
    const created = await server.api('POST', '/shipping/create', { body: { items: [{ inventoryId: pkg, quantity: 1 }], logisticsChannelId: 'ems', ...recipient } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const orderNo = created.body.data.orderNo as string;
    expect((await server.admin('POST', `/shipping/orders/${orderNo}/clear-exception`)).status).toBe(409);
    expect((await server.admin('POST', `/shipping/orders/${orderNo}/dispatch`)).status).toBe(200);
    expect((await server.admin('POST', `/shipping/${orderNo}/simulate`, { scenario: 'customs_hold' })).body.data.status).toBe('exception');
    const cleared = await server.admin('POST', `/shipping/orders/${orderNo}/clear-exception`);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.status).toBe('shipped');
    expect((await server.admin('POST', `/shipping/orders/${orderNo}/clear-exception`)).status).toBe(409);
    expect((await server.admin('POST', '/shipping/orders/SO-NOPE/clear-exception')).status).toBe(404);
  });

  it("receives an exchange's replacement: a new package; 409 twice or for a return; 404 for an unknown one", async () => {
    const { orderNo } = createArrivedOrder(ctx());
    // The fixture skips the arrival step that opens the decision window: open it as arrival does.
    ctx().db.prepare('UPDATE orders SET decision_deadline = ? WHERE order_no = ?').run(new Date(ctx().clock.now().getTime() + 5 * 86_400_000).toISOString(), orderNo);
    const itemId = (await server.api('GET', `/orders/${orderNo}`)).body.data.items[0].itemId as number;
    const exchange = await server.api('POST', `/orders/${orderNo}/returns`, { body: { itemId, type: 'exchange', reason: 'wrong size' } });
    expect(exchange.status, JSON.stringify(exchange.body)).toBe(201);
    const rid = exchange.body.data.id as number;
    expect((await server.admin('POST', `/orders/${orderNo}/exchanges/${rid}/receive`)).status).toBe(409);
    expect((await server.admin('POST', `/orders/${orderNo}/returns/${rid}/decide`, { decision: 'approved' })).status).toBe(200);
    const packages = () => ctx().db.prepare('SELECT COUNT(*) FROM packages WHERE order_no = ?').pluck().get(orderNo) as number;
    const before = packages();
    const received = await server.admin('POST', `/orders/${orderNo}/exchanges/${rid}/receive`);
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(packages()).toBe(before + 1);
    expect(ctx().db.prepare("SELECT COUNT(*) FROM due_steps WHERE kind = 'order.exchange_arrive'").pluck().get()).toBe(0);
    expect((await server.admin('POST', `/orders/${orderNo}/exchanges/${rid}/receive`)).status).toBe(409);
    expect((await server.admin('POST', `/orders/${orderNo}/exchanges/999999/receive`)).status).toBe(404);
  });
});
