import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyWorldFile, type WorldTarget } from '../../src/main/core/worlds/file/apply.js';
import type { TestServer } from '../helpers/server.js';
import { startWorldFileServer, targetOf } from '../helpers/world-file.js';

/**
 * Recording (worlds.md section 4): a session of one key, with clock advances between its requests,
 * becomes a world file; replayed into a fresh server it gives the same answers once the made-up numbers
 * (order and package numbers, times) are masked. (Byte for byte with one seed is h-determinism's check.)
 */
let recorded: TestServer;
let replayed: TestServer;
afterAll(async () => {
  await recorded?.close();
  await replayed?.close();
});

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read as JSON

/** The answer with what a fresh world makes up differently today masked: numbers made of time and chance. */
function masked(value: Json): Json {
  return JSON.parse(
    JSON.stringify(value)
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
      .replace(/\b(PO|SO|RH|SP|RT)[0-9A-Z]{10,}\b/g, '<$1>')
      .replace(/:\d{4,5}\/media/g, ':<port>/media')
      .replace(/"(trackingNo|marketplaceOrderNo)":"[^"]*"/g, '"$1":"<no>"'),
  );
}

describe('recording a session as a world file', () => {
  let session: { key: string; keyId: number; answers: Json[] };
  let file: Json;

  beforeAll(async () => {
    recorded = await startWorldFileServer();
    const key = await targetOf(recorded);
    const api = (method: string, path: string, body?: unknown) => recorded.api(method, path, { key: key.openKey, body });
    const answers: Json[] = [];
    await recorded.admin('PUT', '/autopilot', { pace: 'realistic', refundRate: 0 });
    // A fee other than a fresh world's: the replay must charge it too.
    await recorded.admin('PUT', '/settings', { serviceFeeRate: 7.5 });
    // The back office's money is not in the log: the recording finds it in the ledger.
    await recorded.admin('POST', '/wallet/deposit', { amount: 3000 });
    const lamp = (await api('GET', '/products/search?q=lamp&limit=1')).body.data.items[0];
    const order = await api('POST', '/orders', { items: [{ productId: String(lamp.id), skuId: lamp.skus[0].skuId, quantity: 1 }] });
    answers.push(order.body);
    const orderNo = order.body.data.orderNo as string;
    await recorded.admin('POST', '/clock/advance', { by: '10d' });
    answers.push((await api('GET', `/orders/${orderNo}`)).body);
    const inspection = await api('GET', `/orders/${orderNo}/inspection`);
    const packageId = inspection.body.data.items[0].packageId as number;
    answers.push((await api('GET', `/warehouse/packages/${packageId}`)).body);
    await api('GET', '/cart'); // a read nothing uses: not a step
    await recorded.admin('POST', '/wallet/deposit', { amount: 25.5, note: 'top-up' });
    const other = await api('POST', '/orders', { items: [{ productId: String(lamp.id), skuId: lamp.skus[0].skuId, quantity: 2 }] });
    answers.push((await api('POST', `/orders/${other.body.data.orderNo}/cancel`, { reason: 'changed my mind' })).body);
    session = { key: key.openKey, keyId: key.keyId, answers };
    await new Promise((r) => setTimeout(r, 100));
    const res = await recorded.admin('GET', `/requests/world-file?keyId=${key.keyId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    file = res.body.data;
  });

  it('writes the writes, the reads later requests use, the advance between, and ids as references', () => {
    const steps = file.steps as Json[];
    expect(file).toMatchObject({ crossbuyWorld: 1, settings: { serviceFeeRate: 7.5, autopilot: { pace: 'realistic', refundRate: 0 } } });
    // settings left as a fresh world has them are not written
    expect(Object.keys(file.settings).sort()).toEqual(['autopilot', 'serviceFeeRate']);
    expect(file.demo).toBeUndefined();
    expect(Date.parse(file.clockStart)).toBeGreaterThan(0);
    const calls = steps.map((s) => s.call ?? `advance ${s.advance}`);
    expect(calls).toEqual([
      'POST /admin/wallet/deposit',
      'GET /open/products/search',
      'POST /open/orders',
      'advance 10d',
      expect.stringMatching(/^GET \/open\/orders\/\$\{orders\d+\.data\.orderNo\}\/inspection$/),
      'POST /admin/wallet/deposit',
      'POST /open/orders',
      expect.stringMatching(/^POST \/open\/orders\/\$\{orders\d+\.data\.orderNo\}\/cancel$/),
    ]);
    // the product and SKU came from the search's answer: references, typed back by the route's schema
    // the opening balance, and the top-up where it was made
    expect(steps[0].body).toEqual({ amount: 3000, note: 'opening balance of the recorded session' });
    expect(steps[5].body).toEqual({ amount: 25.5, note: 'top-up' });
    expect(steps[2].body.items[0]).toEqual({ productId: expect.stringMatching(/^\$\{search\d+\.data\.items\[0\]\.id\}$/), skuId: expect.stringMatching(/^\$\{search\d+\.data\.items\[0\]\.skus\[0\]\.skuId\}$/), quantity: 1 });
    // reads nothing later used (the order, the package, the cart) are not steps; the cancel's body is kept
    expect(steps.filter((s) => /GET \/open\/(cart|warehouse)/.test(s.call ?? ''))).toEqual([]);
    expect(steps[7].body).toEqual({ reason: 'changed my mind' });
  });

  it('replays into a fresh world with the same answers (made-up numbers masked)', async () => {
    replayed = await startWorldFileServer();
    const { answers, steps } = await applyWorldFile(await targetOf(replayed), file, {});
    expect(steps.every((s) => s.status === null || (s.status >= 200 && s.status < 300))).toBe(true);
    const named = (call: RegExp) => file.steps.find((s: Json) => call.test(s.call ?? ''))?.name as string;
    const replayedOrder = answers[named(/^POST \/open\/orders$/)] as Json;
    expect(masked(replayedOrder)).toEqual(masked(session.answers[0]));
    // the order walked the same path to the warehouse during the advance, and its package is the same
    const orderNo = replayedOrder.data.orderNo as string;
    const key = (await targetOf(replayed)).openKey;
    // (carriers, tracking and marketplace numbers, weights, the autopilot's delays are drawn at random today:
    // h-determinism seeds them)
    const orderGist = ({ data }: Json) => ({
      status: data.status,
      totalAmount: data.totalAmount,
      items: data.items.map((i: Json) => [i.productId, i.skuId, i.quantity]),
      timeline: data.timeline.map((t: Json) => t.status),
    });
    const replayedDetail = (await replayed.api('GET', `/orders/${orderNo}`, { key })).body;
    expect(orderGist(replayedDetail)).toEqual(orderGist(session.answers[1]));
    expect(replayedDetail.data.status).toBe('in_warehouse');
    const packageId = (answers[named(/inspection$/)] as Json).data.items[0].packageId as number;
    const packageGist = ({ data }: Json) => ({ status: data.status, quantity: data.quantity, productName: data.productName, services: data.services });
    expect(packageGist((await replayed.api('GET', `/warehouse/packages/${packageId}`, { key })).body)).toEqual(packageGist(session.answers[2]));
    // both worlds hold the same orders in the same statuses, and the same wallet
    const orders = async (server: TestServer) => ((await server.api('GET', '/orders?limit=50', { key: server === replayed ? key : session.key })).body.data.items as Json[]).map((o) => [o.status, o.totalAmount]);
    expect(await orders(replayed)).toEqual(await orders(recorded));
    const balance = async (server: TestServer) => (await server.api('GET', '/user/wallet/balance', { key: server === replayed ? key : session.key })).body.data;
    expect(await balance(replayed)).toEqual(await balance(recorded));
  });
});

describe('a recorded session replayed with the recorded world\'s seed', () => {
  let original: TestServer;
  let copy: TestServer;
  afterAll(async () => {
    await original?.close();
    await copy?.close();
  });

  /** The open requests a target sends and what each was answered, in order. */
  function capturing(target: WorldTarget, into: { url: string; body: string }[]): WorldTarget {
    return {
      ...target,
      inject: async (request) => {
        const answer = await target.inject(request);
        if (request.url.startsWith('/api/v1/open/')) into.push({ url: `${request.method} ${request.url}`, body: answer.body });
        return answer;
      },
    };
  }
  const portless = (text: string) => text.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>');

  it('answers every step byte for byte as the session was answered, and ends in the same world', async () => {
    const clockStart = '2026-03-02T09:00:00.000Z';
    original = await startWorldFileServer({ seed: 11, frozen: true, clockStart });
    const session: { url: string; body: string }[] = [];
    const made = await targetOf(original);
    const target = capturing(made, session);
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await target.inject({ method, url: `/api/v1${path}`, headers: { authorization: `Bearer ${path.startsWith('/admin') ? original.running.core.adminToken : target.openKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, payload: body === undefined ? undefined : JSON.stringify(body) });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      return JSON.parse(answer.body) as Json;
    };
    await call('PUT', '/admin/autopilot', { pace: 'realistic', refundRate: 0 });
    await call('POST', '/admin/wallet/deposit', { amount: 3000 });
    const hoodie = (await call('GET', '/open/products/search?q=hoodie&limit=1')).data.items[0];
    const line = { productId: String(hoodie.id), skuId: hoodie.skus[0].skuId, quantity: 1 };
    const order = (await call('POST', '/open/orders', { items: [line] })).data;
    await call('POST', '/admin/clock/advance', { by: '10d' });
    const inspection = (await call('GET', `/open/orders/${order.orderNo}/inspection`)).data;
    await call('GET', `/open/warehouse/packages/${inspection.items[0].packageId}`);
    const second = (await call('POST', '/open/orders', { items: [{ ...line, quantity: 2 }] })).data;
    await call('POST', `/open/orders/${second.orderNo}/cancel`, { reason: 'changed my mind' });
    await call('POST', '/admin/clock/advance', { by: '1d' });
    await call('GET', `/open/orders/${order.orderNo}`);

    await new Promise((r) => setTimeout(r, 100));
    const res = await original.admin('GET', `/requests/world-file?keyId=${made.keyId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const file = res.body.data;
    expect(file).toMatchObject({ seed: 11, clockStart });
    expect(file.steps.filter((s: Json) => s.advance).map((s: Json) => s.advance)).toEqual(['10d', '1d']);

    copy = await startWorldFileServer({ seed: file.seed, frozen: true, clockStart: file.clockStart });
    const replayed: { url: string; body: string }[] = [];
    await applyWorldFile(capturing(await targetOf(copy), replayed), file, {});
    // Every replayed request is a request of the session, sent to the same URL (same numbers) and answered
    // with the same bytes.
    expect(replayed.length).toBeGreaterThanOrEqual(5);
    let next = 0;
    for (const step of replayed) {
      while (next < session.length && session[next]!.url !== step.url) next++;
      expect(next, `${step.url} is not a later request of the session`).toBeLessThan(session.length);
      expect(portless(step.body), step.url).toBe(portless(session[next]!.body));
      next++;
    }
    // and the worlds read the same afterwards
    for (const path of ['/orders?limit=50', `/orders/${order.orderNo}`, '/warehouse/packages?limit=50', '/user/wallet/transactions?limit=50']) {
      const a = await original.api('GET', path);
      const b = await copy.api('GET', path);
      expect(portless(JSON.stringify(b.body)), path).toBe(portless(JSON.stringify(a.body)));
    }
  });
});
