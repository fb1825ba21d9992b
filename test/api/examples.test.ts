import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, unwrap } from 'crossbuy/client';
import { applyWorldFile } from '../../src/main/core/worlds/file/apply.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** The scripts of examples/, run as a user runs them (tsx or vitest, env vars) against a served instance. */

const ROOT = join(import.meta.dirname, '..', '..');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ applyFile: applyWorldFile });
});
afterAll(async () => {
  await server.close();
});

interface Run {
  child: ChildProcessWithoutNullStreams;
  /** Resolves with the stdout so far once a line matches. */
  waitFor(pattern: RegExp): Promise<string>;
  exit: Promise<{ code: number | null; stdout: string; stderr: string }>;
}

function run(script: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'examples', script), ...args], {
    cwd: ROOT,
    env: { ...process.env, CROSSBUY_URL: server.running.origin, ...env },
  });
  let stdout = '';
  let stderr = '';
  const waiters: { pattern: RegExp; resolve: (text: string) => void }[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const w of [...waiters]) {
      if (!w.pattern.test(stdout)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(stdout);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return {
    child,
    exit,
    waitFor: (pattern) =>
      pattern.test(stdout)
        ? Promise.resolve(stdout)
        : Promise.race([
            new Promise<string>((resolve) => waiters.push({ pattern, resolve })),
            exit.then((e) => Promise.reject(new Error(`exited ${e.code} before ${pattern}: ${e.stdout}\n${e.stderr}`))),
          ]),
  };
}

describe('examples/', () => {
  it('place-order-and-follow.ts places an order and follows it over SSE to in_warehouse', async () => {
    const script = run('place-order-and-follow.ts', ['in_warehouse'], { CROSSBUY_KEY: server.key });
    const placed = await script.waitFor(/placed (\S+):/);
    const orderNo = /placed (\S+):/.exec(placed)![1]!;
    // The back office moves it along; the script must see each step on the stream and stop at in_warehouse.
    expect((await server.admin('POST', `/orders/${orderNo}/advance`, { to: 'in_warehouse' })).status).toBe(200);
    const { code, stdout, stderr } = await script.exit;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(`${orderNo}: shipped_to_warehouse -> in_warehouse`);
  }, 30_000);

  it('place-order-and-follow.ts pays a supplement asked for on the way (the order waited for it silently before)', async () => {
    const script = run('place-order-and-follow.ts', ['in_warehouse'], { CROSSBUY_KEY: server.key, CROSSBUY_SCENARIO: 'price_increase' });
    const placed = await script.waitFor(/placed (\S+):/);
    const orderNo = /placed (\S+):/.exec(placed)![1]!;
    // The price increase fires on the way: the order stops until the supplement is paid.
    await server.admin('POST', `/orders/${orderNo}/advance`, { to: 'in_warehouse' });
    await script.waitFor(/supplement \d+ paid/);
    expect((await server.admin('POST', `/orders/${orderNo}/advance`, { to: 'in_warehouse' })).status).toBe(200);
    const { code, stdout, stderr } = await script.exit;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`${orderNo}: supplement \\d+ of [0-9.]+ CNY asked for \\(price_increase\\): paying it`));
    expect(stdout).toContain(`${orderNo}: shipped_to_warehouse -> in_warehouse`);
  }, 30_000);

  it('walk-orders.ts visits every order once with cursor paging', async () => {
    const crossbuy = createClient({ baseUrl: server.running.origin, apiKey: server.key });
    const hit = (await unwrap(crossbuy.GET('/products/search', { params: { query: { q: 'hoodie', limit: 1 } } }))).items[0]!;
    for (let i = 0; i < 5; i += 1) {
      await unwrap(crossbuy.POST('/orders', { body: { items: [{ productId: String(hit.id), skuId: hit.skus[0]!.skuId, quantity: 1 }] } }));
    }
    const all = await unwrap(crossbuy.GET('/orders', { params: { query: { limit: 100 } } }));
    expect(all.total).toBeGreaterThan(2); // several pages of 2
    const { code, stdout, stderr } = await run('walk-orders.ts', ['2'], { CROSSBUY_KEY: server.key }).exit;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const seen = stdout.trim().split('\n').slice(0, -1).map((line) => line.split('\t')[0]);
    expect(seen).toEqual(all.items.map((o) => o.orderNo));
    expect(stdout).toContain(`${all.total} orders`);
  }, 30_000);

  it('verify-webhooks.ts accepts a signed delivery and rejects a forged one', async () => {
    const script = run('verify-webhooks.ts', ['1'], { CROSSBUY_ADMIN_TOKEN: server.running.core.adminToken });
    const listening = await script.waitFor(/listening on (\S+)/);
    const url = /listening on (\S+)/.exec(listening)![1]!;
    const forged = await fetch(url, { method: 'POST', body: '{"id":1,"type":"order.created"}', headers: { 'crossbuy-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` } });
    expect(forged.status).toBe(400);
    expect((await server.admin('POST', '/wallet/deposit', { amount: 12.5 })).status).toBe(201);
    const { code, stdout, stderr } = await script.exit;
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('rejected: bad signature');
    expect(stdout).toMatch(/verified wallet\.transaction_created #\d+/);
    expect((await server.admin('GET', '/webhooks')).body.data).toEqual([]);
  }, 30_000);

  it('worlds-for-tests.test.ts gives each test a fresh world from a file and deletes it after', async () => {
    const vitest = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const child = spawn(process.execPath, [vitest, 'run', '--config', 'examples/vitest.config.ts', '--reporter', 'verbose'], {
      cwd: ROOT,
      env: { ...process.env, CROSSBUY_URL: server.running.origin, CROSSBUY_ADMIN_TOKEN: server.running.core.adminToken },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, output).toBe(0);
    expect(output).toMatch(/3 passed/);
    // every world the tests made is gone again
    expect((await server.admin('GET', '/worlds')).body.data.total).toBe(0);
  }, 120_000);
});
