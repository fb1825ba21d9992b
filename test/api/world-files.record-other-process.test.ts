import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextAt } from '../../src/main/core/context.js';
import { emitEvent } from '../../src/main/core/events/log.js';
import { readSetting, writeSetting } from '../../src/main/core/settings/settings.js';
import type { TestServer } from '../helpers/server.js';
import { startWorldFileServer, targetOf } from '../helpers/world-file.js';

/**
 * Recording (worlds.md section 4) through a server, of a session during which another process on the data
 * folder moved the clock (`crossbuy admin clock advance` beside a running server, walk s13 item 4): that
 * advance is not in the server's journal, yet it is the session's, and the file must hold it.
 */
let server: TestServer;
afterAll(async () => {
  await server?.close();
});

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers read as JSON

const DAY = 86_400_000;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What another process's advance leaves in the database: the offset moved and the event, no journal entry. */
function advanceFromAnotherProcess(ms: number): void {
  const { ctx } = server.running.core;
  ctx.db
    .transaction(() => {
      const from = ctx.clock.now();
      const to = new Date(from.getTime() + ms);
      writeSetting(ctx.db, 'clockOffsetMs', readSetting(ctx.db, 'clockOffsetMs') + ms);
      emitEvent(contextAt(ctx, to), 'clock.advanced', 1, { from: from.toISOString(), to: to.toISOString() });
    })
    .immediate();
}

describe('recording a session whose clock another process advanced', () => {
  let file: Json;
  let orderAt: string;

  beforeAll(async () => {
    server = await startWorldFileServer();
    const key = await targetOf(server);
    const api = (method: string, path: string, body?: unknown) => server.api(method, path, { key: key.openKey, body });
    await server.admin('POST', '/wallet/deposit', { amount: 3000 });
    await pause(20);
    const lamp = (await api('GET', '/products/search?q=lamp&limit=1')).body.data.items[0];
    const order = await api('POST', '/orders', { items: [{ productId: String(lamp.id), skuId: lamp.skus[0].skuId, quantity: 1 }] });
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    orderAt = order.body.data.createdAt;
    await pause(50);
    advanceFromAnotherProcess(2 * DAY);
    await pause(50);
    expect((await api('GET', `/orders/${order.body.data.orderNo}`)).status).toBe(200);
    const res = await server.admin('GET', `/requests/world-file?keyId=${key.keyId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    file = res.body.data;
  });

  it('holds the advance between the requests made before and after it', () => {
    const calls = (file.steps as Json[]).map((s) => s.call ?? `advance ${s.advance}`);
    expect(calls).toEqual(['POST /admin/wallet/deposit', 'GET /open/products/search', 'POST /open/orders', 'advance 2d']);
  });

  it('starts the clock where it stood at the first request, not after the advance', () => {
    const start = Date.parse(file.clockStart);
    const order = Date.parse(orderAt);
    expect(start).toBeLessThanOrEqual(order);
    expect(order - start).toBeLessThan(5_000);
  });

  it('opens with the balance from before the session (the deposit, not less the session\'s order)', () => {
    expect(file.steps[0]).toMatchObject({ call: 'POST /admin/wallet/deposit', body: { amount: 3000 } });
  });
});
