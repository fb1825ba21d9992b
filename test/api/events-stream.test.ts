import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestServer, type TestServer } from '../helpers/server.js';

/** Server-Sent Events: live, filtered by scope, resumable from the persisted log. */
interface Received {
  id: number;
  event: string;
  data: { id: number; type: string; data: Record<string, unknown> };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Opens a stream and collects frames until `until` holds or the time runs out. */
async function collect(key: string, until: (events: Received[]) => boolean, options: { lastEventId?: number; action?: () => Promise<unknown> } = {}): Promise<Received[]> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(`${server.baseUrl}/events`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: Received[] = [];
  let buffer = '';
  if (options.action) await options.action();
  const deadline = Date.now() + 5000;
  try {
    while (!until(events) && Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(block.split('\n').filter((l) => !l.startsWith(':') && l.includes(': ')).map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]));
        if (fields.id) events.push({ id: Number(fields.id), event: fields.event!, data: JSON.parse(fields.data!) });
      }
    }
  } finally {
    controller.abort();
  }
  return events;
}

async function placeOrder(): Promise<string> {
  const product = (await server.api('GET', '/products/search?q=bag&limit=5')).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
  const res = await server.api('POST', '/orders', { body: { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] } });
  expect(res.status).toBe(201);
  return res.body.data.orderNo;
}

describe('GET /events', () => {
  let firstOrder = '';
  let lastSeen = 0;

  it('streams the events of a change as it commits', async () => {
    const events = await collect(server.key, (e) => e.some((x) => x.event === 'order.created') && e.some((x) => x.event === 'wallet.transaction_created'), {
      action: async () => {
        firstOrder = await placeOrder();
      },
    });
    const created = events.find((e) => e.event === 'order.created')!;
    expect(created.data).toMatchObject({ type: 'order.created', data: { orderNo: firstOrder, status: 'pending' }, world: 'default' });
    expect(created.data.id).toBe(created.id);
    const payment = events.find((e) => e.event === 'wallet.transaction_created')!;
    expect(payment.data.data).toMatchObject({ type: 'order_payment', reference: firstOrder });
    expect(payment.data.data.amount).toBeLessThan(0);
    lastSeen = Math.max(...events.map((e) => e.id));
  });

  it('sends each key only what its scopes can read', async () => {
    const ordersOnly = server.makeKey(['orders:read']);
    const events = await collect(ordersOnly, (e) => e.some((x) => x.event === 'order.status_changed'), {
      action: async () => {
        const no = await placeOrder();
        await server.admin('POST', `/orders/${no}/advance`, {});
      },
    });
    expect(events.some((e) => e.event === 'order.status_changed')).toBe(true);
    expect(events.some((e) => e.event.startsWith('wallet.'))).toBe(false);

    const cartOnly = server.makeKey(['cart:read']);
    const refused = await server.api('GET', '/events', { key: cartOnly });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('orders:read');
  });

  it('resumes after Last-Event-ID from the persisted log', async () => {
    const events = await collect(server.key, (e) => e.some((x) => x.event === 'order.status_changed'), { lastEventId: lastSeen });
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.id > lastSeen)).toBe(true);
    const ids = events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(events.some((e) => e.event === 'order.created' && e.data.data.orderNo !== firstOrder)).toBe(true);
  });

  it('a Last-Event-ID from before a reset of the world (beyond its log now) resumes from the log\'s end: later events arrive', async () => {
    const world = (await server.admin('POST', '/worlds', {})).body.data as { id: string; key: { secret: string } };
    const inWorld = (body: unknown) =>
      request(`${server.running.origin}/api/v1/admin`, 'POST', '/wallet/deposit', { body, bearer: server.running.core.adminToken, headers: { 'crossbuy-world': world.id } });
    for (let i = 0; i < 3; i++) expect((await inWorld({ amount: 1 + i })).status).toBe(201);
    const seen = await collect(world.key.secret, (e) => e.filter((x) => x.event === 'wallet.transaction_created').length >= 3, { lastEventId: 0 });
    const newest = Math.max(...seen.map((e) => e.id));
    expect((await server.admin('POST', `/worlds/${world.id}/reset`, {})).status).toBe(200);
    // The client reconnects with the id it last saw, from the log as it was before the reset.
    const after = await collect(world.key.secret, (e) => e.some((x) => x.event === 'wallet.transaction_created'), {
      lastEventId: newest,
      action: () => inWorld({ amount: 9 }),
    });
    expect(after.some((e) => e.event === 'wallet.transaction_created' && (e.data.data as { amount?: number }).amount === 9)).toBe(true);
    await server.admin('DELETE', `/worlds/${world.id}`);
  });

  it('needs a key', async () => {
    expect((await server.api('GET', '/events', { key: null })).status).toBe(401);
  });
});
