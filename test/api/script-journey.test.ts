import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Issue 5's promise, as a script sees it: subscribed to /events, it watches an order placed over the API
 * walk to the warehouse after `crossbuy admin clock advance 10d` run from another process.
 */
const run = promisify(execFile);
const cli = join(import.meta.dirname, '..', '..', 'bin', 'crossbuy.js');

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.admin('PUT', '/autopilot', { pace: 'realistic', refundRate: 0 });
});
afterAll(() => server.close());

describe('a script follows an order through the events stream while the CLI moves the clock', () => {
  it('sees every step in order', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/events`, { headers: { authorization: `Bearer ${server.key}` }, signal: controller.signal });
    const reader = response.body!.getReader();
    const seen: { type: string; data: Record<string, unknown> }[] = [];
    let buffer = '';
    const pump = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').find((l) => l.startsWith('data: '));
          buffer = buffer.slice(end + 2);
          if (data) seen.push(JSON.parse(data.slice(6)));
        }
      }
    })();

    const product = (await server.api('GET', '/products/search?q=lamp&limit=5')).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
    const order = await server.api('POST', '/orders', { body: { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] } });
    const orderNo = order.body.data.orderNo as string;

    const { stdout } = await run(process.execPath, [cli, 'admin', 'clock', 'advance', '10d', '--data', server.dataDir]);
    expect(stdout).toMatch(/4 autopilot steps run/);

    const deadline = Date.now() + 5000;
    const statuses = () => seen.filter((e) => e.type === 'order.status_changed' && e.data.orderNo === orderNo).map((e) => e.data.to);
    // The advance's own event is written after its last step, so it may reach the stream one poll later.
    const clockSeen = () => seen.some((e) => e.type === 'clock.advanced');
    while ((statuses().length < 4 || !clockSeen()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await pump;

    expect(seen.find((e) => e.type === 'order.created')!.data.orderNo).toBe(orderNo);
    expect(statuses()).toEqual(['paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse']);
    const arrived = seen.findIndex((e) => e.type === 'package.arrived' && e.data.orderNo === orderNo);
    const inWarehouse = seen.findIndex((e) => e.type === 'order.status_changed' && e.data.to === 'in_warehouse');
    expect(arrived).toBeGreaterThanOrEqual(0);
    expect(arrived).toBeLessThan(inWarehouse);
    expect(seen.some((e) => e.type === 'clock.advanced')).toBe(true);
    const inspection = (await server.api('GET', `/orders/${orderNo}/inspection`)).body.data;
    expect(inspection.photos.length).toBeGreaterThan(0);
  });
});
