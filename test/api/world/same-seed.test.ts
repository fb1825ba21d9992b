import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';
import { dumpWorld, openTestWorld, registryWorld, type DumpTarget, type TestWorld } from '../../helpers/world-dump.js';
import { US_RECIPIENT as RECIPIENT } from '../../helpers/fixtures.js';

/**
 * worlds.md section 3, "same seed, same world": two worlds with one seed and clock start, sent the same
 * requests (orders placed and walked to the warehouse, shipped and delivered, after-sales cases, clock
 * advances with the autopilot running the steps due), show byte-identical open and admin APIs once key
 * secrets and ids are masked; another seed gives other numbers.
 */
const opened: TestWorld[] = [];
afterEach(async () => {
  for (const world of opened.splice(0)) await world.close();
});

function ok(answer: { status: number; body: unknown }, what: string): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
}

/** The same script for any world: every kind of made-up value gets made at least once. */
async function script(world: DumpTarget): Promise<void> {
  await world.admin('PUT', '/autopilot', { pace: 'realistic', refundRate: 0 });
  ok(await world.admin('POST', '/wallet/deposit', { amount: 5000 }), 'deposit');
  const found = (await world.open('GET', '/products/search?q=hoodie&limit=3')).body.data.items as { id: number; skus: { skuId: string; stock: number }[] }[];
  const lines = found.filter((p) => p.skus[0]!.stock > 5).slice(0, 2).map((p) => ({ productId: String(p.id), skuId: p.skus[0]!.skuId, quantity: 1 }));
  expect(lines.length).toBeGreaterThan(0);
  const placed: string[] = [];
  for (let i = 0; i < 4; i++) {
    const order = await world.open('POST', '/orders', { items: lines });
    ok(order, 'order');
    placed.push(order.body.data.orderNo as string);
  }
  // A request that fails writes nothing and draws nothing.
  expect((await world.open('POST', '/orders', { items: [{ ...lines[0], quantity: 0 }] })).status).toBe(400);
  expect((await world.open('POST', '/orders', { items: [{ ...lines[0], quantity: 100_000 }] })).status).toBeGreaterThanOrEqual(400);
  // One walked by the back office, one by the autopilot over clock advances, one cancelled.
  ok(await world.admin('POST', `/orders/${placed[0]}/advance`, { to: 'in_warehouse' }), 'advance');
  ok(await world.open('POST', `/orders/${placed[2]}/cancel`, {}), 'cancel');
  // After-sales: a supplement raised on a paid order (it waits for the user), a return requested and decided.
  ok(await world.admin('POST', `/orders/${placed[3]}/advance`, { to: 'paid' }), 'paid');
  ok(await world.admin('POST', `/orders/${placed[3]}/supplements`, { reason: 'domestic_freight', amount: 8 }), 'supplement');
  const order0 = (await world.open('GET', `/orders/${placed[0]}`)).body.data;
  const ret = await world.open('POST', `/orders/${placed[0]}/returns`, { itemId: order0.items[0].itemId, type: 'return', reason: 'wrong colour' });
  ok(ret, 'return');
  ok(await world.admin('POST', `/orders/${placed[0]}/returns/${ret.body.data.id}/decide`, { decision: 'approved' }), 'decide');
  ok(await world.admin('POST', '/clock/advance', { by: '10d' }), 'clock');
  const arrived = (await world.open('GET', `/orders/${placed[1]}`)).body.data;
  expect(arrived.status).toBe('in_warehouse');
  // Ship the other order's packages: a rehearsal, a shipping order, dispatched and delivered.
  const packages = ((await world.open('GET', '/warehouse/packages?limit=100')).body.data.items as { id: number; quantity: number; orderId: string; status: string }[]).filter(
    (p) => p.orderId === placed[1] && p.status === 'in_warehouse',
  );
  expect(packages.length).toBeGreaterThan(0);
  const ids = packages.map((p) => p.id);
  const rehearsal = await world.open('POST', '/shipping/rehearsals', { inventoryIds: ids });
  ok(rehearsal, 'rehearsal');
  ok(await world.open('POST', `/shipping/rehearsals/${rehearsal.body.data.id}/cancel`, {}), 'rehearsal cancelled');
  const so = await world.open('POST', '/shipping/create', { items: packages.map((p) => ({ inventoryId: p.id, quantity: p.quantity })), logisticsChannelId: 'dhl-express', ...RECIPIENT });
  ok(so, 'shipping order');
  ok(await world.admin('POST', `/shipping/orders/${so.body.data.orderNo}/dispatch`, {}), 'dispatch');
  ok(await world.admin('POST', '/clock/advance', { by: '3d' }), 'clock');
  ok(await world.admin('POST', `/shipping/orders/${so.body.data.orderNo}/deliver`, {}), 'deliver');
  ok(await world.admin('POST', '/clock/advance', { by: '1d' }), 'clock');
}

/** A new frozen world with this seed that has run the script. */
async function scripted(seed: number): Promise<TestWorld> {
  const world = await openTestWorld({ seed });
  opened.push(world);
  await script(world);
  return world;
}

describe('same seed, same world', () => {
  it('two worlds with one seed, sent the same requests, dump byte for byte the same', async () => {
    const a = await scripted(42);
    const b = await scripted(42);
    const dumpA = await dumpWorld(a);
    expect(dumpA).toMatch(/PO202603\d\d[2-9A-Z]{8}/);
    expect(dumpA).toMatch(/SO202603\d\d[2-9A-Z]{8}/);
    const dumpB = await dumpWorld(b);
    if (process.env.CROSSBUY_DUMP_DIR) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${process.env.CROSSBUY_DUMP_DIR}/a.json`, dumpA);
      writeFileSync(`${process.env.CROSSBUY_DUMP_DIR}/b.json`, dumpB);
    }
    expect(dumpB).toBe(dumpA);
  }, 90_000);

  it('another seed gives other numbers', async () => {
    const a = await scripted(42);
    const c = await scripted(43);
    const orderNos = async (world: DumpTarget) => ((await world.open('GET', '/orders')).body.data.items as { orderNo: string }[]).map((o) => o.orderNo);
    const [fromA, fromC] = [await orderNos(a), await orderNos(c)];
    expect(fromA).toHaveLength(4);
    expect(fromC).toHaveLength(4);
    for (const no of fromA) expect(fromC).not.toContain(no);
    expect(await dumpWorld(c)).not.toBe(await dumpWorld(a));
  }, 90_000);

  it('holds for worlds of one server made by POST /admin/worlds, their ids masked', async () => {
    const server = await startTestServer();
    try {
      const { app, worlds, core } = server.running;
      const create = async (seed: number) => {
        const made = await server.admin('POST', '/worlds', { seed, clockStart: '2026-03-02T09:00:00.000Z' });
        expect(made.status, JSON.stringify(made.body)).toBe(201);
        expect(made.body.data).toMatchObject({ seed, frozen: true });
        const world = registryWorld(app, worlds, made.body.data.id as string, made.body.data.key.secret as string, core.adminToken);
        await script(world);
        return world;
      };
      const [a, b, c] = [await create(7), await create(7), await create(8)];
      const dumpA = await dumpWorld(a);
      expect(dumpA).not.toContain(a.worldId);
      expect(await dumpWorld(b)).toBe(dumpA);
      expect(await dumpWorld(c)).not.toBe(dumpA);
    } finally {
      await server.close();
    }
  }, 180_000);
});
