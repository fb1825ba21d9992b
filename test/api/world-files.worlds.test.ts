import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../src/contract/enums.js';
import { applyWorldFile } from '../../src/main/core/worlds/file/apply.js';
import { request, startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';
import { WORLDS_DIR } from '../helpers/world-file.js';

/**
 * World files through the worlds registry (worlds.md sections 1, 2 and 4): POST /admin/worlds { file }
 * runs the engine with the new world's key and admin rights; a session in a world is recorded with
 * Crossbuy-World and replayed into a new world with the same seed.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ applyFile: applyWorldFile });
});
afterAll(() => server.close());

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read as JSON

const adminIn = (world: string | null, method: string, path: string, body?: unknown): Promise<ApiResponse> =>
  request(`${server.running.origin}/api/v1/admin`, method, path, { body, bearer: server.running.core.adminToken, headers: world ? { 'crossbuy-world': world } : {} });
const open = (key: string, method: string, path: string, body?: unknown) => server.api(method, path, { key, body });
const shipped = (name: string): unknown => JSON.parse(readFileSync(join(WORLDS_DIR, `${name}.json`), 'utf8'));

async function createWorld(body: Record<string, unknown>) {
  const res = await server.admin('POST', '/worlds', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; key: { id: number; secret: string }; seed: number; frozen: boolean; clock: string; steps: Json[] };
}

describe('POST /admin/worlds with a world file', () => {
  it('a step that fails is a 422 whose body names it for a program (code world_file_failed, step), and no world is left', async () => {
    const before = (await server.admin('GET', '/worlds')).body.data.total;
    const file = {
      crossbuyWorld: 1,
      steps: [
        { name: 'hoodie', call: 'GET /open/products/search', query: { q: 'hoodie', limit: 1 } },
        { name: 'tooMany', call: 'POST /open/orders', body: { items: [{ productId: '${hoodie.data.items[0].id}', skuId: '${hoodie.data.items[0].skus[0].skuId}', quantity: 0 }] } },
      ],
    };
    const res = await server.admin('POST', '/worlds', { file });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ statusCode: 422, code: 'world_file_failed', step: { index: 1, name: 'tooMany', label: 'steps[1]', status: 400 } });
    expect(res.body.message).toContain('steps[1] "tooMany"');
    // Found before anything ran (a reference to no step): the step, without a status.
    const early = await server.admin('POST', '/worlds', { file: { crossbuyWorld: 1, steps: [{ call: 'GET /open/orders/${nope.data.orderNo}' }] } });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ code: 'world_file_failed', step: { index: 0, name: null, label: 'steps[0]' } });
    expect(early.body.step).not.toHaveProperty('status');
    expect((await server.admin('GET', '/worlds')).body.data.total).toBe(before);
  });

  it('makes the world the file describes: its seed and clock start, the catalog, every order status', async () => {
    const world = await createWorld({ file: shipped('orders-every-status') });
    expect(world).toMatchObject({ seed: 2, frozen: true, clock: '2026-03-02T09:00:00.000Z' });
    expect(world.steps.length).toBeGreaterThan(20);
    const orders = (await open(world.key.secret, 'GET', '/orders?limit=50')).body.data.items as { status: string }[];
    expect(orders.map((o) => o.status).sort()).toEqual([...ORDER_STATUSES].sort());
    // the default world saw none of it
    expect((await server.api('GET', '/orders?limit=50')).body.data.items.length).not.toBe(9);
  });

  it('a failing step: 422 naming it, and no world left behind', async () => {
    const before = (await server.admin('GET', '/worlds')).body.data.total;
    const res = await server.admin('POST', '/worlds', { file: { crossbuyWorld: 1, steps: [{ name: 'nope', call: 'POST /open/orders', body: { items: [] } }] } });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/steps\[0\] "nope" \(POST \/open\/orders\)/);
    expect((await server.admin('GET', '/worlds')).body.data.total).toBe(before);
    // an include needs a file on disk: over HTTP it is refused
    const include = await server.admin('POST', '/worlds', { file: { crossbuyWorld: 1, steps: [{ include: 'base.json' }] } });
    expect(include.status).toBe(422);
    // unknown fields: 400
    expect((await server.admin('POST', '/worlds', { file: { crossbuyWorld: 1, steps: [], colour: 'red' } })).status).toBe(400);
  });

  it('a session in a world copied from the kept template of a file that moves the clock is recorded too', async () => {
    // The first world runs the file (its advances run in this process); the second is a copy of the kept
    // template: its clock.advanced events were never run in its own database, and are history to any session.
    await createWorld({ file: shipped('packages-every-status') });
    const world = await createWorld({ file: shipped('packages-every-status') });
    const hoodie = (await open(world.key.secret, 'GET', '/products/search?q=hoodie&limit=1')).body.data.items[0];
    const order = await open(world.key.secret, 'POST', '/orders', { items: [{ productId: String(hoodie.id), skuId: hoodie.skus[0].skuId, quantity: 1 }] });
    expect(order.status).toBe(201);
    await new Promise((r) => setTimeout(r, 100));
    const recorded = await adminIn(world.id, 'GET', `/requests/world-file?keyId=${world.key.id}`);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    expect((recorded.body.data.steps as Json[]).map((s) => s.call ?? `advance ${s.advance}`)).toEqual(['POST /admin/wallet/deposit', 'GET /open/products/search', 'POST /open/orders']);
  });

  it('recording a key asked in the wrong world says key ids are per world: 404 for a key the world lacks, 422 naming the world for a quiet one', async () => {
    const world = await createWorld({ file: shipped('empty-funded') });
    expect((await open(world.key.secret, 'GET', '/cart')).status).toBe(200);
    const missing = await server.admin('GET', '/requests/world-file?keyId=987654');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Key 987654 is not a key of the world default: key ids are per world, and Crossbuy-World (--world) names the key\'s world');
    const made = (await adminIn(world.id, 'POST', '/keys', { name: 'quiet', scopes: ['all'] })).body.data as { id: number };
    const quiet = await adminIn(world.id, 'GET', `/requests/world-file?keyId=${made.id}`);
    expect(quiet.status).toBe(422);
    expect(quiet.body.message).toBe(`No requests of key ${made.id} in the log of the world ${world.id}: nothing to record`);
  });

  it('a session in a world, recorded and replayed into a new world with its seed, reads the same', async () => {
    const world = await createWorld({ file: shipped('empty-funded'), seed: 21 });
    const key = world.key.secret;
    const hoodie = (await open(key, 'GET', '/products/search?q=hoodie&limit=1')).body.data.items[0];
    const order = (await open(key, 'POST', '/orders', { items: [{ productId: String(hoodie.id), skuId: hoodie.skus[0].skuId, quantity: 1 }] })).body.data;
    expect((await adminIn(world.id, 'POST', `/orders/${order.orderNo}/advance`, { to: 'paid' })).status).toBe(200);
    expect((await adminIn(world.id, 'POST', '/clock/advance', { by: '2d' })).status).toBe(200);
    expect((await open(key, 'POST', `/orders/${order.orderNo}/cancel`, { reason: 'changed my mind' })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));

    const recorded = await adminIn(world.id, 'GET', `/requests/world-file?keyId=${world.key.id}`);
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
    const file = recorded.body.data;
    expect(file).toMatchObject({ seed: 21, clockStart: '2026-03-02T09:00:00.000Z' });
    // (the order's advance to paid is an admin call the log does not hold: added by hand, as docs/API.md says)
    const steps = file.steps as Json[];
    const at = steps.findIndex((s) => s.advance === '2d');
    expect(at).toBeGreaterThan(0);
    steps.splice(at, 0, { call: `POST /admin/orders/\${${steps.find((s) => s.call === 'POST /open/orders').name}.data.orderNo}/advance`, body: { to: 'paid' } });

    const copy = await createWorld({ file });
    expect(copy.seed).toBe(21);
    const read = async (w: { key: { secret: string } }, path: string) => JSON.stringify((await open(w.key.secret, 'GET', path)).body).replace(/world=w_[a-z0-9_-]+/g, 'world=<id>');
    for (const path of ['/orders?limit=50', `/orders/${order.orderNo}`, '/user/wallet/transactions?limit=50']) {
      expect(await read(copy, path), path).toBe(await read(world, path));
    }
  });
});
