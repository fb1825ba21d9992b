import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeRequest } from '../../../src/preload/bridge.js';
import { fromInjectResponse, toInjectRequest } from '../../../src/main/desktop/ipc-request.js';
import { startServer, type RunningServer } from '../../../src/main/headless/serve.js';
import { CoreClient } from '../../../src/main/desktop/core-client.js';
import { forkHostFactory } from '../../desktop/fork-host.js';

/**
 * The desktop window's IPC path and the localhost HTTP path serve one route table: a table of requests —
 * reads, writes, validation errors, unknown ids, conflicts, admin calls — gives the same status and body
 * through both, and through the desktop's real hop: the core host in a process of its own (forked here,
 * a utility process in Electron), reached over its message channel. Writes are sent to each transport's
 * twin data folder so all see the same state.
 */
const TOKEN = 'parity-token';
let viaIpc: RunningServer;
let viaHttp: RunningServer;
let viaHost: CoreClient;
const dirs: string[] = [];

beforeAll(async () => {
  for (let i = 0; i < 3; i++) dirs.push(mkdtempSync(join(tmpdir(), 'crossbuy-parity-')));
  viaIpc = await startServer({ dataDir: dirs[0]!, port: 0, uiDir: null, sessionToken: TOKEN });
  viaHttp = await startServer({ dataDir: dirs[1]!, port: 0, uiDir: null, sessionToken: TOKEN });
  viaHost = new CoreClient(forkHostFactory().spawn, { dataDir: dirs[2]!, port: 0, portFallback: false, uiDir: null });
  await viaHost.start();
}, 60_000);
afterAll(async () => {
  await viaIpc.stop();
  await viaHttp.stop();
  await viaHost.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function ipc(request: BridgeRequest) {
  return fromInjectResponse(await viaIpc.app.inject(toInjectRequest(request, TOKEN)));
}

async function http(request: BridgeRequest) {
  const headers: Record<string, string> = { cookie: `crossbuy_session=${TOKEN}`, 'x-crossbuy-client': 'ui' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(viaHttp.origin + request.path, { method: request.method, headers, body: request.body === undefined ? undefined : JSON.stringify(request.body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Fields that differ by nature between two installations (random numbers, times, absolute URLs). */
function normalise(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value)
      .replace(/PO\d{8}[0-9A-Z]{6,}/g, 'PO#')
      .replace(/SO\d{8}[0-9A-Z]{6,}/g, 'SO#')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, 'T')
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'ORIGIN'),
  );
}

const table: BridgeRequest[] = [
  { method: 'GET', path: '/api/v1/open/products/search?q=hoodie&limit=3' },
  { method: 'GET', path: '/api/v1/open/products/search?limit=0' },
  { method: 'GET', path: '/api/v1/open/products/999999' },
  { method: 'GET', path: '/api/v1/open/products/platform/amazon/search' },
  { method: 'POST', path: '/api/v1/open/cart/items', body: { productId: '1', skuId: 'nope', quantity: 1 } },
  { method: 'POST', path: '/api/v1/open/cart/items', body: { productId: '1', quantity: 0 } },
  { method: 'GET', path: '/api/v1/open/cart' },
  { method: 'GET', path: '/api/v1/open/orders?status=lost' },
  { method: 'POST', path: '/api/v1/open/orders', body: { items: [] } },
  { method: 'POST', path: '/api/v1/open/orders/PO00000000XXXXXX/cancel', body: {} },
  { method: 'GET', path: '/api/v1/open/user/wallet/balance' },
  { method: 'GET', path: '/api/v1/open/logistics/countries' },
  { method: 'POST', path: '/api/v1/open/logistics/calculate-freight-batch', body: { country: 'US', weight: 1234, length: 30, width: 20, height: 10 } },
  { method: 'POST', path: '/api/v1/open/logistics/calculate-freight-batch', body: { country: 'ZZ', weight: 1 } },
  { method: 'PUT', path: '/api/v1/open/user/profile', body: { language: 'zh-CN' } },
  { method: 'POST', path: '/api/v1/open/user/addresses', body: { name: 'Ada Lovelace', phone: '+1 617 555 0123', country: 'US', city: 'Boston', address: '1 Main St', zipCode: '02110' } },
  { method: 'GET', path: '/api/v1/admin/autopilot' },
  { method: 'POST', path: '/api/v1/admin/wallet/deposit', body: { amount: 12.5 } },
  { method: 'POST', path: '/api/v1/admin/wallet/deposit', body: { amount: 1.005 } },
  { method: 'GET', path: '/api/v1/open/user/wallet/transactions?limit=2' },
];

describe('IPC and HTTP give the same answers', () => {
  it.each(table.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, request) => {
    const [a, b, c] = [await ipc(request), await http(request), await viaHost.request(request)];
    expect(a.status).toBe(b.status);
    expect(normalise(a.body)).toEqual(normalise(b.body));
    expect(c.status).toBe(b.status);
    expect(normalise(c.body)).toEqual(normalise(b.body));
  });

  it('places the same order through both and reads it back the same way', async () => {
    const search = (await http({ method: 'GET', path: '/api/v1/open/products/search?q=mug&limit=1' })).body as { data: { items: { id: number; skus: { skuId: string }[] }[] } };
    const product = search.data.items[0]!;
    const body = { items: [{ productId: String(product.id), skuId: product.skus[0]!.skuId, quantity: 1 }] };
    const [a, b, c] = [await ipc({ method: 'POST', path: '/api/v1/open/orders', body }), await http({ method: 'POST', path: '/api/v1/open/orders', body }), await viaHost.request({ method: 'POST', path: '/api/v1/open/orders', body })];
    expect(a.status).toBe(201);
    expect(normalise(a.body)).toEqual(normalise(b.body));
    expect(normalise(c.body)).toEqual(normalise(b.body));
  });
});
