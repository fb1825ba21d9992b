import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseFile } from '../../../src/main/core/data-dir.js';
import { migrations } from '../../../src/main/core/db/migrations/index.js';
import { worldDir } from '../../../src/main/core/worlds/files.js';
import { WorldRuntime } from '../../../src/main/core/worlds/runtime.js';
import { request, startTestServer, type ApiResponse, type TestServer } from '../../helpers/server.js';

/** Snapshots, reset, fork, events and webhooks per world, the LRU of open worlds and the ttl sweep. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ worlds: { maxOpen: 2, idleCloseMs: 60_000, sweepMs: 50 } });
});
afterAll(() => server.close());

const adminIn = (world: string | null, method: string, path: string, body?: unknown): Promise<ApiResponse> =>
  request(`${server.running.origin}/api/v1/admin`, method, path, { body, bearer: server.running.core.adminToken, headers: world ? { 'crossbuy-world': world } : {} });
const open = (key: string, method: string, path: string, body?: unknown) => server.api(method, path, { key, body });

async function createWorld(body: Record<string, unknown> = {}) {
  const res = await server.admin('POST', '/worlds', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; key: { id: number; secret: string } };
}
const balance = async (key: string) => (await open(key, 'GET', '/user/wallet/balance')).body.data.balance as number;

describe('snapshots and reset', () => {
  it('resets to a snapshot and to the world as created, keys included', async () => {
    const w = await createWorld();
    const start = await balance(w.key.secret);
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 100 });
    const snap = await server.admin('POST', `/worlds/${w.id}/snapshots`, { name: 'after 100' });
    expect(snap.status).toBe(201);
    expect(snap.body.data).toMatchObject({ name: 'after 100' });
    expect(Object.keys(snap.body.data).sort()).toEqual(['clock', 'createdAt', 'id', 'name']);
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 50 });
    // a key made after the snapshot is gone after the reset
    const later = (await adminIn(w.id, 'POST', '/keys', { name: 'later', scopes: ['all'] })).body.data.key as string;
    expect((await open(later, 'GET', '/cart')).status).toBe(200);
    expect(await balance(w.key.secret)).toBeCloseTo(start + 150, 2);

    const reset = await server.admin('POST', `/worlds/${w.id}/reset`, { snapshot: snap.body.data.id });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ id: w.id, keyCount: 1 });
    expect(await balance(w.key.secret)).toBeCloseTo(start + 100, 2);
    expect((await open(later, 'GET', '/cart')).status).toBe(401);

    const list = (await server.admin('GET', `/worlds/${w.id}/snapshots`)).body.data as { id: string }[];
    expect(list.map((s) => s.id)).toEqual(['initial', snap.body.data.id]);
    expect((await server.admin('POST', `/worlds/${w.id}/reset`)).status).toBe(200);
    expect(await balance(w.key.secret)).toBe(start);
    expect((await server.admin('POST', `/worlds/${w.id}/reset`, { snapshot: 's_nope' })).status).toBe(404);
    expect((await server.admin('POST', '/worlds/w_no_such_world/reset')).status).toBe(404);
  });

  it('a snapshot is found by the name it was given too; a name two snapshots share is a 409 naming their ids', async () => {
    const w = await createWorld();
    const start = await balance(w.key.secret);
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 20 });
    await server.admin('POST', `/worlds/${w.id}/snapshots`, { name: 'before-order' });
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 5 });
    const byName = await server.admin('POST', `/worlds/${w.id}/reset`, { snapshot: 'before-order' });
    expect(byName.status).toBe(200);
    expect(await balance(w.key.secret)).toBeCloseTo(start + 20, 2);

    const missing = await server.admin('POST', `/worlds/${w.id}/reset`, { snapshot: 'before-ordr' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`Snapshot "before-ordr" of world ${w.id} not found: give a snapshot's id or its name, as GET /admin/worlds/${w.id}/snapshots lists them`);

    const twice = (await server.admin('POST', `/worlds/${w.id}/snapshots`, { name: 'before-order' })).body.data as { id: string };
    const shared = await server.admin('POST', `/worlds/${w.id}/reset`, { snapshot: 'before-order' });
    expect(shared.status).toBe(409);
    expect(shared.body.message).toContain(twice.id);
    expect(await balance(w.key.secret)).toBeCloseTo(start + 20, 2);
    expect((await server.admin('POST', `/worlds/${w.id}/reset`, { snapshot: twice.id })).status).toBe(200);
  });

  it('waits for requests in flight before a reset and holds the ones that arrive during it', async () => {
    const w = await createWorld();
    const start = await balance(w.key.secret);
    // A request in flight on the world (as the server pins one from its arrival to its answer).
    const runtime = server.running.worlds.runtime(w.id)!;
    runtime.pin();
    let resetDone = false;
    const reset = server.admin('POST', `/worlds/${w.id}/reset`).then((r) => ((resetDone = true), r));
    await new Promise((r) => setTimeout(r, 200));
    expect(resetDone).toBe(false);
    // Arrives during the reset: held until the world is back, then applied to the reset world.
    let depositDone = false;
    const deposit = adminIn(w.id, 'POST', '/wallet/deposit', { amount: 7 }).then((r) => ((depositDone = true), r));
    await new Promise((r) => setTimeout(r, 200));
    expect(depositDone).toBe(false);
    runtime.unpin();
    expect((await reset).status).toBe(200);
    expect((await deposit).status).toBe(201);
    expect(await balance(w.key.secret)).toBeCloseTo(start + 7, 2);
  });
});

describe('a reset under way', () => {
  it('opens no second copy of the world being replaced: a describe or a request meanwhile waits for it', async () => {
    const worlds = server.running.worlds;
    const w = await createWorld();
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 7 });
    const opened = vi.spyOn(WorldRuntime, 'open');
    try {
      // In process, so the describe and the request run while the reset is between its awaits.
      const reset = worlds.reset(w.id, undefined);
      const described = worlds.describe(w.id);
      const request = balance(w.key.secret);
      const [afterReset, info, seen] = await Promise.all([reset, described, request]);
      expect(opened).toHaveBeenCalledTimes(1);
      expect(info.id).toBe(w.id);
      expect(info.keyCount).toBe(afterReset.keyCount);
      // the request waited for the reset: the deposit made after creation is gone
      expect(seen).toBe(await balance(w.key.secret));
    } finally {
      opened.mockRestore();
    }
  });
});

describe('fork', () => {
  it('copies the world as it is now, with its own key; the source key is not the fork\'s', async () => {
    const w = await createWorld();
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 321 });
    const res = await server.admin('POST', `/worlds/${w.id}/fork`, { name: 'copy' });
    expect(res.status).toBe(201);
    const fork = res.body.data;
    expect(fork).toMatchObject({ name: 'copy' });
    expect(fork.id).not.toBe(w.id);
    expect(await balance(fork.key.secret)).toBe(await balance(w.key.secret));
    // the source key stays the source's, and the fork moves on alone
    await adminIn(fork.id, 'POST', '/wallet/deposit', { amount: 1 });
    expect(await balance(fork.key.secret)).toBeCloseTo((await balance(w.key.secret)) + 1, 2);
    expect((await server.admin('GET', `/worlds/${fork.id}`)).body.data.keyCount).toBe(1);
    expect((await server.admin('POST', `/worlds/${w.id}/fork`, { id: w.id })).status).toBe(409);
  });
});

describe('events and webhooks per world', () => {
  let receiver: Server;
  const received: { world: string; type: string }[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

  it('a world\'s webhooks carry its events only, each naming the world', async () => {
    const w = await createWorld();
    const port = (receiver.address() as { port: number }).port;
    const endpoint = await adminIn(w.id, 'POST', '/webhooks', { url: `http://127.0.0.1:${port}/hook`, events: ['wallet.transaction_created'] });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    await server.admin('POST', '/wallet/deposit', { amount: 5 });
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 6 });
    const deadline = Date.now() + 5000;
    while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBe(1);
    expect(received[0]).toMatchObject({ world: w.id, type: 'wallet.transaction_created' });
  });

  it('a world\'s event stream carries its events, named by the world, and ends when the world is reset', async () => {
    const w = await createWorld();
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/events`, { headers: { authorization: `Bearer ${w.key.secret}` }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = '';
    await server.admin('POST', '/wallet/deposit', { amount: 1 });
    await adminIn(w.id, 'POST', '/wallet/deposit', { amount: 2 });
    const deadline = Date.now() + 5000;
    while (!text.includes('"world"') && Date.now() < deadline) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
    }
    const frames = text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)));
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatchObject({ type: 'wallet.transaction_created', world: w.id, data: { amount: 2 } });
    // a reset ends the stream (the client reconnects)
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    expect((await server.admin('POST', `/worlds/${w.id}/reset`)).status).toBe(200);
    expect(await Promise.race([ended, new Promise((r) => setTimeout(() => r(false), 3000))])).toBe(true);
    controller.abort();
  });
});

describe('open worlds are an LRU', () => {
  it('closes the least recently used world past the limit and reopens it on use, data intact', async () => {
    const worlds = server.running.worlds;
    const a = await createWorld();
    await adminIn(a.id, 'POST', '/wallet/deposit', { amount: 9 });
    const aBalance = await balance(a.key.secret);
    await createWorld();
    await createWorld();
    await new Promise((r) => setTimeout(r, 100));
    expect(worlds.openCount).toBeLessThanOrEqual(2);
    expect(worlds['open'].has(a.id)).toBe(false);
    expect(await balance(a.key.secret)).toBe(aBalance);
    expect(worlds['open'].has(a.id)).toBe(true);
  });
});

describe('lastUsedAt', () => {
  it('is the last request\'s time, kept when the world is closed, never the read of it', async () => {
    const worlds = server.running.worlds;
    const w = await createWorld();
    const beforeUse = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    expect(await balance(w.key.secret)).toBeGreaterThanOrEqual(0);
    const afterUse = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    // closed as idle: the registry keeps its last use
    await worlds['closeRuntime'](w.id, worlds['open'].get(w.id)!);
    expect(worlds['open'].has(w.id)).toBe(false);
    const listed = (await server.admin('GET', '/worlds?limit=100')).body.data.items.find((i: { id: string }) => i.id === w.id);
    const described = (await server.admin('GET', `/worlds/${w.id}`)).body.data;
    for (const lastUsedAt of [listed.lastUsedAt, described.lastUsedAt]) {
      expect(Date.parse(lastUsedAt)).toBeGreaterThanOrEqual(beforeUse);
      expect(Date.parse(lastUsedAt)).toBeLessThanOrEqual(afterUse);
    }
    // reading it again (it is open now, by that read) still says the request's time
    expect((await server.admin('GET', `/worlds/${w.id}`)).body.data.lastUsedAt).toBe(described.lastUsedAt);
  });
});

describe('the autopilot of closed worlds', () => {
  it('a closed, unfrozen world keeps its next step\'s time in the registry and is reopened when it falls due', async () => {
    const worlds = server.running.worlds;
    const w = await createWorld();
    expect((await adminIn(w.id, 'PUT', '/autopilot', { pace: 'demo' })).status).toBe(200);
    const product = (await open(w.key.secret, 'GET', '/products/search?limit=10')).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
    const placed = await open(w.key.secret, 'POST', '/orders', { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] });
    expect(placed.status).toBe(201);
    // Closed as an idle world is: its next step's wall time goes to the registry.
    const runtime = worlds['open'].get(w.id)!;
    await worlds['closeRuntime'](w.id, runtime);
    const due = server.running.core.ctx.db.prepare('SELECT next_due_at FROM worlds WHERE id = ?').get(w.id) as { next_due_at: string | null };
    expect(due.next_due_at).not.toBeNull();
    expect(worlds['open'].has(w.id)).toBe(false);
    // The sweep (every 50 ms here) opens it once that time comes, and its autopilot moves the order on.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && !worlds['open'].has(w.id)) await new Promise((r) => setTimeout(r, 50));
    expect(worlds['open'].has(w.id)).toBe(true);
    const frozen = await createWorld({ seed: 3 });
    expect((await server.admin('GET', `/worlds/${frozen.id}`)).body.data.frozen).toBe(true);
    expect(worlds['open'].get(frozen.id)!.autopilot).toBeNull();
  });

  it('with the autopilot off, a closed world is still woken when a service rule falls due (a bank transfer arriving)', async () => {
    const worlds = server.running.worlds;
    const w = await createWorld();
    expect((await adminIn(w.id, 'PUT', '/autopilot', { pace: 'off' })).status).toBe(200);
    const topUp = await open(w.key.secret, 'POST', '/user/wallet/top-ups', { method: 'bank_transfer', amount: 100 });
    expect(topUp.status, JSON.stringify(topUp.body)).toBe(201);
    const expectedAt = Date.parse(topUp.body.data.expectedAt as string);
    await worlds['closeRuntime'](w.id, worlds['open'].get(w.id)!);
    const due = server.running.core.ctx.db.prepare('SELECT next_due_at FROM worlds WHERE id = ?').get(w.id) as { next_due_at: string | null };
    expect(due.next_due_at).not.toBeNull();
    // The world's clock runs as wall time here (no clockStart): the wake-up is the transfer's arrival.
    expect(Math.abs(Date.parse(due.next_due_at!) - expectedAt)).toBeLessThan(1_000);
  });
});

describe('a world a newer crossbuy migrated (a newer CLI beside this server)', () => {
  it('is a 409 saying so, never a 500; the sweep does not try to wake it every second', async () => {
    const worlds = server.running.worlds;
    const w = await createWorld();
    expect((await adminIn(w.id, 'PUT', '/autopilot', { pace: 'off' })).status).toBe(200);
    expect((await open(w.key.secret, 'POST', '/user/wallet/top-ups', { method: 'bank_transfer', amount: 100 })).status).toBe(201);
    await worlds['closeRuntime'](w.id, worlds['open'].get(w.id)!);
    const newer = migrations.at(-1)!.version + 1;
    const db = new Database(databaseFile(worldDir(server.dataDir, w.id)));
    db.pragma(`user_version = ${newer}`);
    db.close();
    for (const res of [await open(w.key.secret, 'GET', '/cart'), await adminIn(w.id, 'GET', '/clock')]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'world_schema_newer', message: expect.stringMatching(new RegExp(`^World ${w.id} was last opened by a newer crossbuy \\(its database is at schema ${newer}; `)) });
    }
    // Due for its transfer: the sweep gives up on it instead of throwing each time.
    server.running.core.ctx.db.prepare('UPDATE worlds SET next_due_at = ? WHERE id = ?').run(new Date(0).toISOString(), w.id);
    await expect(worlds.sweep()).resolves.toBeUndefined();
    expect(server.running.core.ctx.db.prepare('SELECT next_due_at FROM worlds WHERE id = ?').pluck().get(w.id)).toBeNull();
  });
});

describe('ttl', () => {
  it('removes a world its ttl after its last request, in the background', async () => {
    const w = await createWorld({ ttl: '1s' });
    expect((await server.admin('GET', `/worlds/${w.id}`)).body.data.expiresAt).not.toBeNull();
    // Used within its ttl: kept.
    await new Promise((r) => setTimeout(r, 600));
    expect((await open(w.key.secret, 'GET', '/cart')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect((await open(w.key.secret, 'GET', '/cart')).status).toBe(200);
    // Then left alone: gone, keys and folder too.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await server.admin('GET', `/worlds/${w.id}`)).status === 200) await new Promise((r) => setTimeout(r, 100));
    expect((await server.admin('GET', `/worlds/${w.id}`)).status).toBe(404);
    expect((await open(w.key.secret, 'GET', '/cart')).status).toBe(401);
    // Unregistered first (its keys 401 at once), then closed and its folder removed.
    while (Date.now() < deadline && existsSync(join(server.dataDir, 'worlds', w.id))) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(join(server.dataDir, 'worlds', w.id))).toBe(false);
  });
});
