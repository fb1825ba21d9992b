import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWorldFile } from '../../../src/main/core/worlds/file/apply.js';
import { fromInjectResponse, toInjectRequest } from '../../../src/main/desktop/ipc-request.js';
import { request, startTestServer, type TestServer } from '../../helpers/server.js';

/** The UI session works on the world the header picks (shopping and back office alike); sk- keys never. */
let server: TestServer;
let world: { id: string; key: { secret: string } };
const ui = { cookie: 'crossbuy_session=test-session-token', 'x-crossbuy-client': 'ui' };

beforeAll(async () => {
  server = await startTestServer({ applyFile: applyWorldFile });
  const created = await server.admin('POST', '/worlds', { id: 'w_ui_session_world', name: 'ui world', seed: 7 });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  world = created.body.data;
  // Demo data in both worlds: a deposit in this one alone tells their wallets apart.
  const deposit = await request(`${server.running.origin}/api/v1/admin`, 'POST', '/wallet/deposit', {
    bearer: server.running.core.adminToken,
    headers: { 'crossbuy-world': world.id },
    body: { amount: 12345 },
  });
  expect(deposit.status).toBeLessThan(300);
});
afterAll(() => server.close());

async function walletBalance(headers: Record<string, string>, bearer: string | null = null): Promise<number> {
  const res = await request(server.baseUrl, 'GET', '/user/wallet/balance', { bearer, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.balance;
}

// The UI session on both APIs and its event stream's ?world= are tested in worlds.test.ts.
describe('the UI session on the open API', () => {
  it('never lets the header move an sk- key out of its world', async () => {
    const inWorld = await walletBalance({}, world.key.secret);
    expect(await walletBalance({ 'crossbuy-world': 'default' }, world.key.secret)).toBe(inWorld);
    const defaultBalance = await walletBalance({}, server.key);
    expect(defaultBalance).not.toBe(inWorld);
    expect(await walletBalance({ 'crossbuy-world': world.id }, server.key)).toBe(defaultBalance);
  });

  it('carries the world over the desktop bridge (IPC) as over HTTP', async () => {
    const viaIpc = fromInjectResponse(
      await server.running.app.inject(toInjectRequest({ method: 'GET', path: '/api/v1/open/user/wallet/balance', headers: { 'crossbuy-world': world.id } }, 'test-session-token')),
    );
    expect(viaIpc.status).toBe(200);
    expect((viaIpc.body as { data: { balance: number } }).data.balance).toBe(await walletBalance({}, world.key.secret));
  });
});

describe('the registry routes under the header of the world they act on', () => {
  it('snapshot, reset and delete a world while the header names it (the UI sends it on every call)', async () => {
    const created = await server.admin('POST', '/worlds', { id: 'w_ui_reset_itself', seed: 3 });
    expect(created.status).toBe(201);
    const inIt = (method: string, path: string, body?: unknown) =>
      request(`${server.running.origin}/api/v1/admin`, method, path, { body, bearer: null, headers: { ...ui, 'crossbuy-world': 'w_ui_reset_itself' } });
    expect((await inIt('POST', '/worlds/w_ui_reset_itself/snapshots', { name: 'kept' })).status).toBe(201);
    // Before: the reset waited for its own request, pinned to the world it resets, forever.
    const reset = await Promise.race([inIt('POST', '/worlds/w_ui_reset_itself/reset', {}), new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]);
    expect(reset?.status).toBe(200);
    expect((await inIt('DELETE', '/worlds/w_ui_reset_itself')).status).toBe(204);
    expect((await inIt('GET', '/worlds/w_ui_reset_itself')).status).toBe(404);
  });
});

describe('GET /admin/worlds/files', () => {
  it('lists every shipped world file with the file itself, which creates a world', async () => {
    const res = await server.admin('GET', '/worlds/files');
    expect(res.status).toBe(200);
    const files = res.body.data as { name: string; description: string; seed: number | null; fileName: string; file: unknown }[];
    const shipped = readdirSync(join(import.meta.dirname, '../../../worlds')).filter((name) => name.endsWith('.json') && !name.includes('schema'));
    expect(files.map((f) => f.fileName).sort()).toEqual(shipped.sort());
    const orders = files.find((f) => f.name === 'orders-every-status')!;
    expect(orders.description).toMatch(/every order status/);
    expect(orders.seed).toBe(2);
    const created = await server.admin('POST', '/worlds', { file: orders.file, name: 'from the listing' });
    expect(created.status, JSON.stringify(created.body).slice(0, 400)).toBe(201);
  });
});
