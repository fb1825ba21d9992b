/**
 * Worlds for tests: every test gets a fresh world made from a world file (`beforeEach`), and deletes it
 * (`afterEach`). Tests never see each other's orders, and each starts from the same state.
 *
 *   CROSSBUY_ADMIN_TOKEN=$(crossbuy admin token) npx vitest run --config examples/vitest.config.ts
 */
import { readFileSync } from 'node:fs';
import { createClient, unwrap } from 'crossbuy/client';
import { afterEach, beforeEach, expect, it } from 'vitest';

const baseUrl = process.env.CROSSBUY_URL ?? 'http://127.0.0.1:4680';
const adminToken = process.env.CROSSBUY_ADMIN_TOKEN;
if (!adminToken) throw new Error('Set CROSSBUY_ADMIN_TOKEN (crossbuy admin token)');

/** One order in every order status (worlds/ ships it). */
const file: unknown = JSON.parse(readFileSync(new URL('../worlds/orders-every-status.json', import.meta.url), 'utf8'));

interface World {
  id: string;
  key: { secret: string };
}

async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1/admin${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? (undefined as T) : ((await response.json()) as { data: T }).data;
}

let world: World;
let crossbuy: ReturnType<typeof createClient>;
beforeEach(async () => {
  world = await admin<World>('POST', '/worlds', { file, seed: 42 });
  // The world's own key: it reaches this world and no other.
  crossbuy = createClient({ baseUrl, apiKey: world.key.secret });
});
afterEach(async () => {
  await admin('DELETE', `/worlds/${world.id}`);
});

async function pendingOrder(): Promise<string> {
  const page = await unwrap(crossbuy.GET('/orders', { params: { query: { status: 'pending', limit: 1 } } }));
  return page.items[0]!.orderNo;
}

it('starts with one order in every status', async () => {
  const page = await unwrap(crossbuy.GET('/orders', { params: { query: { limit: 50 } } }));
  expect(new Set(page.items.map((order) => order.status)).size).toBe(9);
});

it('cancels the pending order', async () => {
  const orderNo = await pendingOrder();
  await unwrap(crossbuy.POST('/orders/{id}/cancel', { params: { path: { id: orderNo } }, body: { reason: 'test' } }));
  const order = await unwrap(crossbuy.GET('/orders/{id}', { params: { path: { id: orderNo } } }));
  expect(order.status).toBe('cancelled');
});

it('gets a fresh world: the pending order is pending again', async () => {
  const orderNo = await pendingOrder();
  const order = await unwrap(crossbuy.GET('/orders/{id}', { params: { path: { id: orderNo } } }));
  expect(order.status).toBe('pending');
});
