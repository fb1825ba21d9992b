import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServer } from '../../../src/main/headless/serve.js';
import { auditLedger } from '../../../src/main/core/wallet/ledger.js';
import { writeFigures } from '../../../src/main/core/warehouse/figures.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/** The back office runs by itself: by the timer at demo pace, and by clock advance at realistic pace. */
const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function freshServer(): Promise<TestServer> {
  const server = await startTestServer();
  servers.push(server);
  const setup = await server.admin('PUT', '/autopilot', { refundRate: 0 });
  expect(setup.status).toBe(200);
  // No drawn transit scenarios either (a lost parcel is drawn from the random order number otherwise):
  // these tests follow the plain path to delivered.
  server.running.core.ctx.db.transaction(() =>
    writeFigures(server.running.core.ctx, { customsHoldRateBp: 0, lostInTransitRateBp: 0, customsSeizedRateBp: 0 }),
  )();
  return server;
}

async function placeOrder(server: TestServer): Promise<string> {
  const search = await server.api('GET', '/products/search?q=mug&limit=10');
  const product = search.body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 2);
  const res = await server.api('POST', '/orders', { body: { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] } });
  expect(res.status).toBe(201);
  return res.body.data.orderNo;
}

async function shipEverything(server: TestServer, orderNo: string): Promise<string> {
  const packages = (await server.api('GET', '/warehouse/packages/shippable?limit=100')).body.data.items.filter((p: { orderId: string }) => p.orderId === orderNo);
  expect(packages.length).toBeGreaterThan(0);
  const weight = packages.reduce((sum: number, p: { weight: number }) => sum + p.weight, 0);
  const quotes = await server.api('POST', '/logistics/calculate-freight-batch', { body: { country: 'US', weight } });
  const channel = quotes.body.data.channels[0];
  const res = await server.api('POST', '/shipping/create', {
    body: {
      items: packages.map((p: { id: number; quantity: number }) => ({ inventoryId: p.id, quantity: p.quantity })),
      logisticsChannelId: channel.channelId,
      recipientName: 'Ada Lovelace',
      recipientPhone: '+1 555 0100',
      recipientCountry: 'US',
      recipientCity: 'Boston',
      recipientAddress: '1 Main St',
      recipientZipCode: '02110',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.orderNo;
}

function timeline(server: TestServer, orderNo: string): { status: string; at: string }[] {
  return server.running.core.ctx.db.prepare('SELECT status, at FROM order_timeline WHERE order_no = ? ORDER BY id').all(orderNo) as { status: string; at: string }[];
}

describe('autopilot at realistic pace, by clock advance', () => {
  it('walks an order to completed, stamping each step at its due time', async () => {
    const server = await freshServer();
    const orderNo = await placeOrder(server);
    const before = (await server.admin('GET', '/clock')).body.data.now;

    const tooEarly = await server.admin('POST', '/clock/advance', { by: '5m' });
    expect(tooEarly.body.data.steps).toBe(0);
    const advanced = await server.admin('POST', '/clock/advance', { by: '10d' });
    expect(advanced.status).toBe(200);
    expect(advanced.body.data.steps).toBe(4);
    expect((await server.api('GET', `/orders/${orderNo}/status`)).body.data.status).toBe('in_warehouse');

    const inspection = (await server.api('GET', `/orders/${orderNo}/inspection`)).body.data;
    expect(inspection.result).toBe('passed');
    expect(inspection.photos.length).toBeGreaterThan(0);
    const logistics = (await server.api('GET', `/orders/${orderNo}/logistics`)).body.data;
    expect(logistics.trackingNo).not.toBe('');
    expect(logistics.events.length).toBeGreaterThan(1);

    const shippingNo = await shipEverything(server, orderNo);
    await server.admin('POST', '/clock/advance', { by: '30d' });
    expect((await server.api('GET', `/shipping/orders/${shippingNo}`)).body.data.status).toBe('delivered');
    expect((await server.api('GET', `/orders/${orderNo}/status`)).body.data.status).toBe('completed');

    const steps = timeline(server, orderNo);
    expect(steps.map((s) => s.status)).toEqual(['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse', 'completed']);
    const now = (await server.admin('GET', '/clock')).body.data.now;
    for (let i = 1; i < steps.length; i++) expect(steps[i]!.at >= steps[i - 1]!.at).toBe(true);
    expect(steps.at(-1)!.at <= now).toBe(true);
    // The clock moved by what was asked (plus the few ms the test itself took).
    const moved = Date.parse(now) - Date.parse(before);
    expect(moved).toBeGreaterThanOrEqual((5 * 60 + 40 * 86_400) * 1000);
    expect(moved).toBeLessThan((5 * 60 + 40 * 86_400) * 1000 + 60_000);
    expect(auditLedger(server.running.core.ctx).every((a) => a.ok)).toBe(true);
  });

  it('shows and sets the shipping scenario rates beside the order ones (kept in the warehouse figures too)', async () => {
    const server = await freshServer();
    const put = await server.admin('PUT', '/autopilot', { scenarioRates: { customs_hold: 3.5, lost_in_transit: 0.25, qc_issue: 1 } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.scenarioRates).toMatchObject({ customs_hold: 3.5, lost_in_transit: 0.25, customs_seized: 0, qc_issue: 1 });
    expect((await server.admin('GET', '/autopilot')).body.data.scenarioRates).toMatchObject({ customs_hold: 3.5, lost_in_transit: 0.25 });
    expect((await server.admin('GET', '/warehouse/figures')).body.data).toMatchObject({ customsHoldRateBp: 350, lostInTransitRateBp: 25 });
    expect((await server.admin('PUT', '/autopilot', { scenarioRates: { customs_hold: 101 } })).status).toBe(400);
    expect((await server.admin('PUT', '/autopilot', { scenarioRates: { customs_hold: 1.234 } })).status).toBe(400);
  });

  it('takes every rate with two decimals, those whose hundredfold is not a whole float too (2.55, 0.57)', async () => {
    const server = await freshServer();
    // 2.55 * 100 === 254.99999999999997 and 0.57 * 100 === 56.99999999999999: a float check refused them.
    const put = await server.admin('PUT', '/autopilot', { refundRate: 2.55, scenarioRates: { qc_issue: 0.57, customs_hold: 1.13 } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data).toMatchObject({ refundRate: 2.55, scenarioRates: { qc_issue: 0.57, customs_hold: 1.13 } });
    expect((await server.admin('GET', '/warehouse/figures')).body.data).toMatchObject({ customsHoldRateBp: 113 });
    expect((await server.admin('PUT', '/autopilot', { refundRate: 2.555 })).status).toBe(400);
  });

  it('refunds out-of-stock orders at the configured rate, and does nothing when off', async () => {
    const server = await freshServer();
    expect((await server.admin('PUT', '/autopilot', { pace: 'off' })).body.data).toEqual({ pace: 'off', refundRate: 0, scenarioRates: { price_increase: 0, price_decrease: 0, domestic_freight: 0, qc_issue: 0, seller_delay: 0, customs_hold: 0, lost_in_transit: 0, customs_seized: 0 } });
    const orderNo = await placeOrder(server);
    expect((await server.admin('POST', '/clock/advance', { by: '10d' })).body.data.steps).toBe(0);
    expect((await server.api('GET', `/orders/${orderNo}/status`)).body.data.status).toBe('pending');

    await server.admin('PUT', '/autopilot', { pace: 'realistic', refundRate: 100 });
    const balanceBefore = (await server.api('GET', '/user/wallet/balance')).body.data.balance;
    await server.admin('POST', '/clock/advance', { by: '1d' });
    const detail = (await server.api('GET', `/orders/${orderNo}`)).body.data;
    expect(detail.status).toBe('refunded');
    expect((await server.api('GET', '/user/wallet/balance')).body.data.balance).toBe(Math.round((balanceBefore + detail.totalAmount) * 100) / 100);
  });

  it('validates its controls', async () => {
    const server = await freshServer();
    for (const body of [{ by: 'soon' }, { by: '-1d' }, { by: '0d' }, { by: '400d' }, {}]) {
      const res = await server.admin('POST', '/clock/advance', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.admin('PUT', '/autopilot', { pace: 'warp' })).status).toBe(400);
    expect((await server.admin('PUT', '/autopilot', {})).status).toBe(400);
    expect((await server.admin('PUT', '/autopilot', { refundRate: 101 })).status).toBe(400);
  });
});

describe('autopilot resumes after a restart without doing a step twice', () => {
  it('picks up where the data says it is', async () => {
    const server = await freshServer();
    const orderNo = await placeOrder(server);
    await server.admin('POST', '/clock/advance', { by: '2h' });
    const midway = timeline(server, orderNo).length;
    expect(midway).toBeGreaterThanOrEqual(2);

    // Restart on the same data folder.
    const dataDir = server.dataDir;
    await server.running.stop();
    const again = await startServer({ dataDir, port: 0, uiDir: null, sessionToken: 'test-session-token' });
    try {
      const admin = (method: string, path: string, body?: unknown) =>
        fetch(`${again.origin}/api/v1/admin${path}`, {
          method,
          headers: { authorization: `Bearer ${again.core.adminToken}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then((r) => r.json() as Promise<{ data: { steps: number } }>);
      expect((await admin('POST', '/autopilot/run')).data.steps).toBe(0);
      await admin('POST', '/clock/advance', { by: '10d' });
      const statuses = (again.core.ctx.db.prepare('SELECT status FROM order_timeline WHERE order_no = ? ORDER BY id').all(orderNo) as { status: string }[]).map((r) => r.status);
      expect(statuses).toEqual(['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse']);
      expect(new Set(statuses).size).toBe(statuses.length);
    } finally {
      await again.stop();
    }
  });
});

describe('autopilot at demo pace, by the timer', () => {
  async function waitFor(read: () => Promise<string>, want: string, ms: number): Promise<string> {
    const deadline = Date.now() + ms;
    let value = await read();
    while (value !== want && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      value = await read();
    }
    return value;
  }

  it('walks an order to completed on its own within seconds', async () => {
    const server = await freshServer();
    await server.admin('PUT', '/autopilot', { pace: 'demo' });
    const orderNo = await placeOrder(server);
    const orderStatus = async () => (await server.api('GET', `/orders/${orderNo}/status`)).body.data.status as string;
    expect(await waitFor(orderStatus, 'in_warehouse', 25_000)).toBe('in_warehouse');
    const inspection = (await server.api('GET', `/orders/${orderNo}/inspection`)).body.data;
    expect(inspection.photos.length).toBeGreaterThan(0);

    const shippingNo = await shipEverything(server, orderNo);
    const shippingStatus = async () => (await server.api('GET', `/shipping/orders/${shippingNo}`)).body.data.status as string;
    expect(await waitFor(shippingStatus, 'delivered', 20_000)).toBe('delivered');
    expect(await orderStatus()).toBe('completed');
    expect(timeline(server, orderNo).map((s) => s.status)).toEqual(['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse', 'completed']);
    expect(auditLedger(server.running.core.ctx).every((a) => a.ok)).toBe(true);
  }, 60_000);
});

afterAll(async () => {
  while (servers.length) await servers.pop()!.close();
});
