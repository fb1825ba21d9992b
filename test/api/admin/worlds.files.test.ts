import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/main/core/shared/errors.js';
import type { ApplyWorldFile } from '../../../src/main/core/worlds/worlds.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

/**
 * POST /admin/worlds with `file`: the world-file engine is handed in (core/worlds/file/ is its own
 * module); this stand-in runs a file's `deposit` steps through the target exactly as the engine does
 * (admin calls with the world's admin headers, open calls with its key), so what is tested here is the
 * worlds side: the target, the 422 that leaves no world, and templates.
 */
let applied = 0;
const applyFile: ApplyWorldFile = async (target, file) => {
  applied++;
  const steps: unknown[] = [];
  for (const [index, step] of ((file as { steps: { deposit: number }[] }).steps ?? []).entries()) {
    const res = await target.inject({
      method: 'POST',
      url: '/api/v1/admin/wallet/deposit',
      headers: { ...target.adminHeaders, 'content-type': 'application/json' },
      payload: { amount: step.deposit },
    });
    if (res.statusCode !== 201) throw new ApiError(422, `step ${index} failed: ${res.body}`);
    steps.push({ index, status: res.statusCode });
  }
  const cart = await target.inject({ method: 'GET', url: '/api/v1/open/cart', headers: { authorization: `Bearer ${target.openKey}` } });
  steps.push({ cart: cart.statusCode });
  return { steps };
};

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ applyFile });
});
afterAll(() => server.close());

const balanceOf = async (key: string) => (await server.api('GET', '/user/wallet/balance', { key })).body.data.balance as number;

describe('worlds from a file', () => {
  it('runs the file with the world\'s key and admin rights on it, starting from the reference data only', async () => {
    const res = await server.admin('POST', '/worlds', { file: { crossbuyWorld: 1, steps: [{ deposit: 12.5 }, { deposit: 7.5 }] }, seed: 5 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ seed: 5, frozen: true, steps: [{ index: 0, status: 201 }, { index: 1, status: 201 }, { cart: 200 }] });
    // no demo deposit: only what the file put in
    expect(await balanceOf(res.body.data.key.secret)).toBe(20);
    // the default world saw none of it
    expect(await balanceOf(server.key)).not.toBe(20);
  });

  it('a failing file is 422 and leaves no world behind', async () => {
    const before = (await server.admin('GET', '/worlds')).body.data.total;
    const res = await server.admin('POST', '/worlds', { id: 'w_failing_file', file: { crossbuyWorld: 1, steps: [{ deposit: 1 }, { deposit: -5 }] } });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain('step 1');
    expect((await server.admin('GET', '/worlds')).body.data.total).toBe(before);
    expect((await server.admin('GET', '/worlds/w_failing_file')).status).toBe(404);
    expect(existsSync(join(server.dataDir, 'worlds', 'w_failing_file'))).toBe(false);
    // the id is free
    expect((await server.admin('POST', '/worlds', { id: 'w_failing_file' })).status).toBe(201);
  });

  it('a known file (same file, seed, version) copies the kept template: same world, own key, steps not run again', async () => {
    const file = { crossbuyWorld: 1, name: 'templated', clockStart: '2026-05-01T08:00:00Z', steps: [{ deposit: 3 }] };
    const first = (await server.admin('POST', '/worlds', { file, seed: 77 })).body.data;
    const runs = applied;
    const second = await server.admin('POST', '/worlds', { file: { steps: [{ deposit: 3 }], clockStart: '2026-05-01T08:00:00Z', name: 'templated', crossbuyWorld: 1 }, seed: 77 });
    expect(second.status).toBe(201);
    expect(applied).toBe(runs);
    expect(second.body.data.steps).toEqual(first.steps);
    expect(second.body.data.key.secret).not.toBe(first.key.secret);
    expect(await balanceOf(second.body.data.key.secret)).toBe(await balanceOf(first.key.secret));
    // the template's own key is not carried over: the first world's key stays the first world's only
    expect((await server.admin('GET', `/worlds/${second.body.data.id}`)).body.data.keyCount).toBe(1);
    // another seed is another world: the steps run again
    await server.admin('POST', '/worlds', { file, seed: 78 });
    expect(applied).toBe(runs + 1);
    expect(readdirSync(join(server.dataDir, 'worlds', '.templates')).filter((f) => f.endsWith('.db'))).toHaveLength(2); // seeds 77 and 78: the earlier files start "now", so none of theirs is kept
  });

  it('worlds made at once from a file and seed never used before all succeed, and one template is kept (a parallel test runner on a fresh folder)', async () => {
    const file = { crossbuyWorld: 1, name: 'raced', clockStart: '2026-06-01T08:00:00Z', steps: [{ deposit: 9 }] };
    const made = await Promise.all(Array.from({ length: 8 }, () => server.admin('POST', '/worlds', { file, seed: 4242 })));
    expect(made.map((res) => res.status)).toEqual(Array(8).fill(201));
    for (const res of made) expect(await balanceOf(res.body.data.key.secret)).toBe(9);
    const templates = readdirSync(join(server.dataDir, 'worlds', '.templates'));
    expect(templates.filter((f) => f.includes('.partial'))).toEqual([]);
    // The kept template is whole: a later world copied from it works with its own key.
    const runs = applied;
    const later = await server.admin('POST', '/worlds', { file, seed: 4242 });
    expect(later.status).toBe(201);
    expect(applied).toBe(runs);
    expect(await balanceOf(later.body.data.key.secret)).toBe(9);
  });

  it('a demo-data file with no steps, a clock start and a seed keeps a template too (the fast way to many demo worlds)', async () => {
    const file = { crossbuyWorld: 1, demo: true, clockStart: '2026-07-01T08:00:00Z', steps: [] };
    const first = await server.admin('POST', '/worlds', { file, seed: 31 });
    expect(first.status).toBe(201);
    const runs = applied;
    const second = await server.admin('POST', '/worlds', { file, seed: 31 });
    expect(second.status).toBe(201);
    expect(applied).toBe(runs);
    // The demo data came along: the demo deposit is in both.
    expect(await balanceOf(second.body.data.key.secret)).toBe(await balanceOf(first.body.data.key.secret));
    expect(await balanceOf(second.body.data.key.secret)).toBeGreaterThan(0);
  });

  it('a file whose clock starts "now" (no clockStart, none in the request) is run each time: a template would keep the first world\'s clock', async () => {
    const file = { crossbuyWorld: 1, name: 'clock-now', steps: [{ deposit: 2 }] };
    const first = (await server.admin('POST', '/worlds', { file, seed: 55 })).body.data;
    const runs = applied;
    await new Promise((r) => setTimeout(r, 20));
    const second = (await server.admin('POST', '/worlds', { file, seed: 55 })).body.data;
    expect(applied).toBe(runs + 1);
    expect(Date.parse(second.clock)).toBeGreaterThan(Date.parse(first.clock));
    expect(second.steps).toEqual(first.steps);
  });

  it('a clockStart or frozen the request gives is part of what makes the result known: no template of another is copied', async () => {
    const file = { crossbuyWorld: 1, name: 'templated-clock', clockStart: '2026-03-02T09:00:00Z', steps: [{ deposit: 4 }] };
    const first = (await server.admin('POST', '/worlds', { file, seed: 91 })).body.data;
    expect(first.clock).toBe('2026-03-02T09:00:00.000Z');
    const runs = applied;
    const later = await server.admin('POST', '/worlds', { file, seed: 91, clockStart: '2031-06-01T00:00:00Z' });
    expect(later.status).toBe(201);
    expect(later.body.data.clock).toBe('2031-06-01T00:00:00.000Z');
    expect(applied).toBe(runs + 1);
    // unfrozen: its clock runs (a copy of the frozen template's would stand still)
    const unfrozen = await server.admin('POST', '/worlds', { file, seed: 91, frozen: false });
    expect(unfrozen.status).toBe(201);
    expect(applied).toBe(runs + 2);
  });
});

describe('a server built without the world-file engine (applyFile: null)', () => {
  it('answers 503 for a file, and makes nothing', async () => {
    const bare = await startTestServer({ applyFile: null });
    try {
      const res = await bare.admin('POST', '/worlds', { file: { crossbuyWorld: 1, steps: [] } });
      expect(res.status).toBe(503);
      expect((await bare.admin('GET', '/worlds')).body.data.total).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
