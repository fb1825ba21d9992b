import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backoffMs, deliverDue } from '../../../src/main/core/webhooks/dispatcher.js';
import { listDeliveries } from '../../../src/main/core/webhooks/endpoints.js';
import { fullScans, queryPlan, recordStatements } from '../../helpers/read-counter.js';
import { signatureHeader, verifySignature } from '../../../src/main/core/webhooks/signature.js';
import { startTestServer, tableCounts, type TestServer } from '../../helpers/server.js';

/** A local receiver that fails its first `failFirst` calls, then accepts; it records what it got. */
function receiver(failFirst: number) {
  const received: { headers: IncomingMessage['headers']; body: string; status: number }[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (c: Buffer) => (body += c.toString()));
    request.on('end', () => {
      const status = received.length < failFirst ? 500 : 200;
      received.push({ headers: request.headers, body, status });
      response.writeHead(status).end();
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
    });
  });
  return {
    received,
    /**
     * Resolves once `count` calls have arrived (at once if they have). The bound is generous on purpose:
     * on a loaded machine the feed and the dispatcher's timer run late, and a miss must still fail, not hang.
     */
    calls(count: number, withinMs = 45_000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`receiver: ${received.length} of ${count} calls after ${withinMs} ms`)), withinMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    async listen(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const address = server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('webhook signatures', () => {
  it('verifies what it signs, and nothing else', () => {
    const now = 1_800_000_000;
    const header = signatureHeader('whsec_x', now, '{"a":1}');
    expect(verifySignature('whsec_x', header, '{"a":1}', now)).toBe(true);
    expect(verifySignature('whsec_x', header, '{"a":2}', now)).toBe(false);
    expect(verifySignature('whsec_y', header, '{"a":1}', now)).toBe(false);
    expect(verifySignature('whsec_x', header, '{"a":1}', now + 301)).toBe(false);
    expect(verifySignature('whsec_x', undefined, '{"a":1}', now)).toBe(false);
    expect(verifySignature('whsec_x', 't=abc,v1=zz', '{"a":1}', now)).toBe(false);
  });

  it('backs off exponentially, capped', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30)).toBe(3_600_000);
  });
});

describe('webhook endpoints and deliveries', () => {
  it('refuses non-loopback URLs and unknown events, writing nothing', async () => {
    const before = tableCounts(server);
    expect((await server.admin('POST', '/webhooks', { url: 'https://example.com/hook', events: ['*'] })).status).toBe(400);
    expect((await server.admin('POST', '/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['order.exploded'] })).status).toBe(400);
    expect((await server.admin('POST', '/webhooks', { url: 'ftp://127.0.0.1/x', events: ['*'] })).status).toBe(400);
    expect(tableCounts(server)).toEqual(before);
  });

  it('delivers signed events, retrying a receiver that fails first, recording every attempt', async () => {
    const hook = receiver(1);
    const url = await hook.listen();
    try {
      const created = await server.admin('POST', '/webhooks', { url, events: ['order.created'], description: 'test receiver' });
      expect(created.status).toBe(201);
      const endpoint = created.body.data;
      expect(endpoint.secret).toMatch(/^whsec_/);

      const product = (await server.api('GET', '/products/search?limit=5')).body.data.items.find((p: { skus: { stock: number }[] }) => p.skus[0]!.stock > 0);
      const order = await server.api('POST', '/orders', { body: { items: [{ productId: String(product.id), skuId: product.skus[0].skuId, quantity: 1 }] } });
      expect(order.status).toBe(201);

      // The feed picks the event up and the first attempt fails (500); the running dispatcher retries it
      // on its own timer once the backoff (5 s) is over. Nothing else attempts it (a second dispatcher
      // racing the timer would post it twice), so the test waits on the two calls and the recorded outcome.
      await hook.calls(2);
      const recorded = () => server.admin('GET', `/webhooks/${endpoint.id}/deliveries`).then((r) => r.body.data.items[0]?.status as string | undefined);
      await vi.waitFor(async () => expect(await recorded()).toBe('succeeded'), { timeout: 30_000, interval: 100 });
      expect(hook.received.map((r) => r.status)).toEqual([500, 200]);

      const ok = hook.received[1]!;
      expect(ok.status).toBe(200);
      expect(verifySignature(endpoint.secret, ok.headers['crossbuy-signature'] as string, ok.body)).toBe(true);
      const payload = JSON.parse(ok.body);
      expect(payload).toMatchObject({ type: 'order.created', data: { orderNo: order.body.data.orderNo }, world: 'default' });
      expect(ok.headers['crossbuy-event-type']).toBe('order.created');

      const deliveries = await server.admin('GET', `/webhooks/${endpoint.id}/deliveries`);
      expect(deliveries.body.data.total).toBe(1);
      const delivery = deliveries.body.data.items[0];
      expect(delivery).toMatchObject({ eventType: 'order.created', status: 'succeeded', attempts: 2, lastStatusCode: 200, lastError: null });
      expect(delivery.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);

      // Only subscribed events are delivered: the payment's wallet event was not.
      expect(hook.received.every((r) => JSON.parse(r.body).type === 'order.created')).toBe(true);
    } finally {
      await hook.close();
    }
  }, 90_000);

  it('disables, updates and deletes endpoints', async () => {
    const created = (await server.admin('POST', '/webhooks', { url: 'http://localhost:9/x', events: ['*'] })).body.data;
    const disabled = await server.admin('PATCH', `/webhooks/${created.id}`, { active: false, events: ['wallet.transaction_created'] });
    expect(disabled.body.data).toMatchObject({ active: false, events: ['wallet.transaction_created'] });
    expect((await server.admin('PATCH', `/webhooks/${created.id}`, {})).status).toBe(400);
    expect((await server.admin('DELETE', `/webhooks/${created.id}`)).status).toBe(200);
    expect((await server.admin('DELETE', `/webhooks/${created.id}`)).status).toBe(404);
    const types = await server.admin('GET', '/event-types');
    expect(types.body.data).toContain('shipping.status_changed');
  });
});

describe('POST /webhooks/:id/test', () => {
  it('sends one signed webhook.test event now, answers what the endpoint replied, and keeps each attempt in the delivery history', async () => {
    const hook = receiver(1);
    const url = await hook.listen();
    try {
      const endpoint = (await server.admin('POST', '/webhooks', { url, events: ['order.created'], description: 'test-event receiver' })).body.data;
      const deliveriesBefore = (await server.admin('GET', `/webhooks/${endpoint.id}/deliveries`)).body.data.total;

      // The receiver fails its first call: the answer says so.
      const failed = await server.admin('POST', `/webhooks/${endpoint.id}/test`);
      expect(failed.status).toBe(200);
      expect(failed.body.data).toMatchObject({ eventType: 'webhook.test', succeeded: false, statusCode: 500, error: 'HTTP 500' });

      const ok = await server.admin('POST', `/webhooks/${endpoint.id}/test`);
      expect(ok.body.data).toMatchObject({ eventType: 'webhook.test', succeeded: true, statusCode: 200, error: null });
      expect(ok.body.data.eventId).toMatch(/^evt_test_/);

      const got = hook.received[1]!;
      expect(verifySignature(endpoint.secret, got.headers['crossbuy-signature'] as string, got.body)).toBe(true);
      expect(JSON.parse(got.body)).toMatchObject({ id: ok.body.data.eventId, type: 'webhook.test', data: { endpointId: endpoint.id }, world: 'default' });
      expect(got.headers['crossbuy-event-type']).toBe('webhook.test');
      // Each test is a delivery of its own, newest first, done at once (never retried), with its one attempt.
      const history = (await server.admin('GET', `/webhooks/${endpoint.id}/deliveries`)).body.data;
      expect(history.total).toBe(deliveriesBefore + 2);
      expect(history.items.slice(0, 2)).toEqual([
        {
          id: ok.body.data.deliveryId, eventId: null, testEventId: ok.body.data.eventId, eventType: 'webhook.test', status: 'succeeded', attempts: 1,
          lastStatusCode: 200, lastError: null, nextAttemptAt: null, createdAt: ok.body.data.at,
          attemptLog: [{ at: ok.body.data.at, statusCode: 200, error: null, durationMs: ok.body.data.durationMs }],
        },
        {
          id: failed.body.data.deliveryId, eventId: null, testEventId: failed.body.data.eventId, eventType: 'webhook.test', status: 'failed', attempts: 1,
          lastStatusCode: 500, lastError: 'HTTP 500', nextAttemptAt: null, createdAt: failed.body.data.at,
          attemptLog: [{ at: failed.body.data.at, statusCode: 500, error: 'HTTP 500', durationMs: failed.body.data.durationMs }],
        },
      ]);
      // Not a service event: the dispatcher never picks it up again.
      await deliverDue(server.running.core.ctx, fetch, new Date(Date.now() + 86_400_000));
      expect(hook.received).toHaveLength(2);
      await server.admin('DELETE', `/webhooks/${endpoint.id}`);
    } finally {
      await hook.close();
    }
  });

  it('deliveries page by cursor (startingAfter) as by page, by index; a cursor of another endpoint is 400', async () => {
    const hook = receiver(0);
    const url = await hook.listen();
    try {
      const endpoint = (await server.admin('POST', '/webhooks', { url, events: ['order.created'] })).body.data;
      const other = (await server.admin('POST', '/webhooks', { url, events: ['order.created'] })).body.data;
      for (let i = 0; i < 3; i++) expect((await server.admin('POST', `/webhooks/${endpoint.id}/test`)).status).toBe(200);
      const foreign = (await server.admin('POST', `/webhooks/${other.id}/test`)).body.data.deliveryId as number;
      const byPage = (await server.admin('GET', `/webhooks/${endpoint.id}/deliveries?limit=100`)).body.data;
      expect(byPage.total).toBe(3);
      const walked: number[] = [];
      let cursor = '';
      for (let pages = 0; pages < 5; pages++) {
        const page = (await server.admin('GET', `/webhooks/${endpoint.id}/deliveries?limit=2${cursor}`)).body.data;
        expect(page.total).toBe(3);
        walked.push(...page.items.map((d: { id: number }) => d.id));
        if (page.items.length < 2) break;
        cursor = `&startingAfter=${page.items.at(-1).id}`;
      }
      expect(walked).toEqual(byPage.items.map((d: { id: number }) => d.id));
      for (const bad of [String(foreign), '999999', 'x']) {
        const res = await server.admin('GET', `/webhooks/${endpoint.id}/deliveries?startingAfter=${bad}`);
        expect(res.body, bad).toMatchObject({ statusCode: 400, message: 'startingAfter must be the id of an item of this list' });
      }
      expect((await server.admin('GET', `/webhooks/${endpoint.id}/deliveries?page=2&startingAfter=${walked[0]}`)).status).toBe(400);

      const ctx = server.running.core.ctx;
      const { reads } = recordStatements(ctx.db, () => listDeliveries(ctx, endpoint.id, { page: 1, limit: 2, startingAfter: String(walked[0]) }));
      const page = reads.find((r) => /ORDER BY d\.seq DESC/.test(r.sql))!.sql;
      expect(fullScans(queryPlan(ctx.db, page))).toEqual([]);
      expect(queryPlan(ctx.db, page).join('\n')).toMatch(/webhook_deliveries_seq/);
      await server.admin('DELETE', `/webhooks/${endpoint.id}`);
      await server.admin('DELETE', `/webhooks/${other.id}`);
    } finally {
      await hook.close();
    }
  });

  it('404 for an unknown endpoint, 400 for a non-numeric id', async () => {
    expect((await server.admin('POST', '/webhooks/999999/test')).body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Webhook endpoint 999999 not found' });
    expect((await server.admin('POST', '/webhooks/abc/test')).status).toBe(400);
  });
});
