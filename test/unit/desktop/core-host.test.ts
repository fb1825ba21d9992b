import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationText } from '../../../src/main/core-host/protocol.js';
import { CoreClient } from '../../../src/main/desktop/core-client.js';
import type { BridgeResponse, ServiceEventMessage } from '../../../src/preload/bridge.js';
import { forkHostFactory } from '../../desktop/fork-host.js';

/**
 * The core host in its own process, as the desktop runs it, started here with child_process.fork: the
 * same entry (src/main/core-host/index.ts), the same supervisor (CoreClient). Requests over the channel
 * answer as HTTP does, events and notification texts arrive, and a host killed with SIGKILL is reported
 * and restarted on the same data folder and port with every acknowledged write still there.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'crossbuy-host-'));
const { spawn, children } = forkHostFactory();
const events: ServiceEventMessage[] = [];
const notes: NotificationText[] = [];
const crashes: { code: number | null; restarting: boolean }[] = [];
let restarted: () => void = () => {};
const client = new CoreClient(spawn, { dataDir, port: 0, portFallback: false, uiDir: null }, {
  event: (e) => events.push(e),
  notify: (n) => notes.push(n),
  crashed: (c) => crashes.push({ code: c.code, restarting: c.restarting }),
  restarted: () => restarted(),
});
let origin = '';

beforeAll(async () => {
  origin = (await client.start()).origin;
}, 60_000);
afterAll(async () => {
  await client.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(read: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const adminHeaders = async () => {
  // The host's admin token is in its data folder, as for any server.
  const { readFileSync } = await import('node:fs');
  return { authorization: `Bearer ${readFileSync(join(dataDir, 'admin-token'), 'utf8').trim()}` };
};

describe('the core host process', () => {
  it('answers over the channel as the same server answers over HTTP', async () => {
    for (const path of ['/api/v1/admin/settings', '/api/v1/admin/autopilot', '/api/v1/admin/keys/999999/revoke']) {
      const method = path.endsWith('revoke') ? 'POST' : 'GET';
      const viaHost = await client.request({ method, path, ...(method === 'POST' ? { body: {} } : {}) });
      const viaHttp = await fetch(origin + path, { method, headers: { ...(await adminHeaders()), ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) }, body: method === 'POST' ? '{}' : undefined });
      expect(viaHost.status).toBe(viaHttp.status);
      expect(viaHost.body).toEqual(await viaHttp.json());
    }
  });

  it('pushes events and notification texts', async () => {
    await client.request({ method: 'PUT', path: '/api/v1/admin/settings', body: { lowBalanceThreshold: 1_000_000 } });
    const deposit = await client.request({ method: 'POST', path: '/api/v1/admin/wallet/deposit', body: { amount: 2 } });
    expect(deposit.status).toBe(201);
    const event = await until(() => events.find((e) => e.type === 'wallet.transaction_created'));
    expect(event.data).toMatchObject({ type: 'deposit' });
    expect((await until(() => notes.find((n) => n.title === 'Wallet balance is low'))).body).toMatch(/available/);
  });

  it('is reported and restarted after a crash, on the same folder and port, losing nothing acknowledged', async () => {
    const search = (await client.request({ method: 'GET', path: '/api/v1/open/products/search?q=mug&limit=1' })).body as { data: { items: { id: number; skus: { skuId: string }[] }[] } };
    const product = search.data.items[0]!;
    const placed = await client.request({ method: 'POST', path: '/api/v1/open/orders', body: { items: [{ productId: String(product.id), skuId: product.skus[0]!.skuId, quantity: 1 }] } });
    expect(placed.status).toBe(201);
    const orderNo = (placed.body as { data: { orderNo: string } }).data.orderNo;
    const balance = ((await client.request({ method: 'GET', path: '/api/v1/open/user/wallet/balance' })).body as { data: unknown }).data;

    const back = new Promise<void>((resolve) => (restarted = resolve));
    const first = children.at(-1)!;
    first.kill('SIGKILL');
    await back;
    expect(crashes).toEqual([{ code: null, restarting: true }]);
    expect(children).toHaveLength(2);
    expect(client.current!.origin).toBe(origin);

    const order = await client.request({ method: 'GET', path: `/api/v1/open/orders/${orderNo}` });
    expect(order.status).toBe(200);
    expect((order.body as { data: { orderNo: string } }).data.orderNo).toBe(orderNo);
    expect(((await client.request({ method: 'GET', path: '/api/v1/open/user/wallet/balance' })).body as { data: unknown }).data).toEqual(balance);
    const viaHttp = await fetch(`${origin}/api/v1/admin/settings`, { headers: await adminHeaders() });
    expect(viaHttp.status).toBe(200);
  });

  it('refuses an off-shape request without running it', async () => {
    await expect(client.request({ method: 'GET', path: '/docs' } as never)).rejects.toThrow(/api\/v1/);
  });

  it('stops cleanly when asked: the process exits 0 and is not restarted', async () => {
    const host = children.at(-1)!;
    const exited = new Promise<number | null>((resolve) => host.on('exit', (code) => resolve(code)));
    await client.stop();
    expect(await exited).toBe(0);
    expect(children).toHaveLength(2);
    expect(((await client.request({ method: 'GET', path: '/api/v1/open/cart' })) as BridgeResponse).status).toBe(503);
  });
});
