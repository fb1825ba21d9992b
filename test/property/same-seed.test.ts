import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_SCENARIOS, SHIPPING_SCENARIOS } from '../../src/contract/enums.js';
import { dumpWorld, openTestWorld, type Answer, type TestWorld } from '../helpers/world-dump.js';
import { US_RECIPIENT as RECIPIENT } from '../helpers/fixtures.js';

/**
 * worlds.md section 3 as a property: any sequence of requests, failing ones included (bad input, wrong
 * states, idempotent retries, scenario headers, clock advances that run the autopilot), sent to two new
 * worlds with one seed, gets the same answers from both, and leaves them with byte-identical dumps.
 * A request is written symbolically ("the 3rd order") and resolved against the world it is sent to, so
 * both worlds get the same request only while they agree. CROSSBUY_DEEP=1 runs many more, longer ones.
 */
const DEEP = Boolean(process.env.CROSSBUY_DEEP);
const NUM_RUNS = DEEP ? 40 : 4;
const MAX_COMMANDS = DEEP ? 60 : 18;

type Command =
  | { kind: 'deposit'; amount: number }
  | { kind: 'order'; product: number; quantity: number; lines: number; scenario: string | null; idempotent: boolean }
  | { kind: 'cancel'; order: number }
  | { kind: 'advance'; order: number; to: string }
  | { kind: 'clock'; by: string }
  | { kind: 'supplement'; order: number; amount: number }
  | { kind: 'settle'; order: number; pay: boolean }
  | { kind: 'return'; order: number; type: 'return' | 'exchange' }
  | { kind: 'decide'; pick: number; approve: boolean }
  | { kind: 'photos'; order: number; count: number }
  | { kind: 'rehearsal'; packages: number[] }
  | { kind: 'ship'; packages: number[]; channel: string; scenario: string | null }
  | { kind: 'dispatch'; shipping: number }
  | { kind: 'deliver'; shipping: number }
  | { kind: 'pace'; pace: 'off' | 'realistic' | 'demo' };

const pick = fc.nat({ max: 20 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { depthSize: 'small' },
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.oneof(fc.integer({ min: 1, max: 5000 }), fc.constantFrom(0, -5, 1e12)) }),
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      product: pick,
      quantity: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constantFrom(0, 100_000)),
      lines: fc.integer({ min: 1, max: 3 }),
      scenario: fc.option(fc.constantFrom(...ORDER_SCENARIOS, 'no_such_scenario')),
      idempotent: fc.boolean(),
    }),
  },
  fc.record({ kind: fc.constant('cancel' as const), order: pick }),
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('advance' as const), order: pick, to: fc.constantFrom('paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse', 'completed') }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('clock' as const), by: fc.constantFrom('1h', '6h', '1d', '3d', '8d', 'soon') }) },
  fc.record({ kind: fc.constant('supplement' as const), order: pick, amount: fc.constantFrom(3, 8, 999_999) }),
  fc.record({ kind: fc.constant('settle' as const), order: pick, pay: fc.boolean() }),
  fc.record({ kind: fc.constant('return' as const), order: pick, type: fc.constantFrom('return' as const, 'exchange' as const) }),
  fc.record({ kind: fc.constant('decide' as const), pick, approve: fc.boolean() }),
  fc.record({ kind: fc.constant('photos' as const), order: pick, count: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('rehearsal' as const), packages: fc.array(pick, { minLength: 1, maxLength: 3 }) }),
  fc.record({
    kind: fc.constant('ship' as const),
    packages: fc.array(pick, { minLength: 1, maxLength: 3 }),
    channel: fc.constantFrom('dhl-express', 'air-special', 'no-such-channel'),
    scenario: fc.option(fc.constantFrom(...SHIPPING_SCENARIOS)),
  }),
  fc.record({ kind: fc.constant('dispatch' as const), shipping: pick }),
  fc.record({ kind: fc.constant('deliver' as const), shipping: pick }),
  fc.record({ kind: fc.constant('pace' as const), pace: fc.constantFrom('off' as const, 'realistic' as const, 'demo' as const) }),
);

const at = <T>(list: readonly T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);

async function listOf<T>(answer: Promise<Answer>): Promise<T[]> {
  const body = (await answer).body;
  return (Array.isArray(body.data) ? body.data : body.data.items) as T[];
}

interface Products {
  lines: { productId: string; skuId: string }[];
}

async function products(world: TestWorld): Promise<Products> {
  const found = await listOf<{ id: number; skus: { skuId: string; stock: number }[] }>(world.open('GET', '/products/search?q=a&limit=30'));
  return { lines: found.filter((p) => p.skus[0]!.stock > 0).map((p) => ({ productId: String(p.id), skuId: p.skus[0]!.skuId })) };
}

/** Sends one command to a world, resolving its picks against that world; the answer, as the client sees it. */
async function send(world: TestWorld, catalog: Products, c: Command, step: number): Promise<Answer | null> {
  const order = async (index: number) => at(await listOf<{ orderNo: string; items?: { itemId: number }[] }>(world.open('GET', '/orders?limit=100')), index);
  const packages = async () => listOf<{ id: number; quantity: number }>(world.open('GET', '/warehouse/packages?limit=100'));
  const shipping = async (index: number) => at(await listOf<{ orderNo: string }>(world.open('GET', '/shipping/orders?limit=100')), index);
  switch (c.kind) {
    case 'deposit':
      return world.admin('POST', '/wallet/deposit', { amount: c.amount });
    case 'order': {
      const items = Array.from({ length: c.lines }, (_, i) => ({ ...at(catalog.lines, c.product + i)!, quantity: c.quantity }));
      const headers: Record<string, string> = {};
      if (c.scenario) headers['crossbuy-scenario'] = c.scenario;
      if (c.idempotent) headers['idempotency-key'] = `order-${step}`;
      const first = await world.open('POST', '/orders', { items }, headers);
      // An idempotent retry answers the same and makes nothing new.
      return c.idempotent ? world.open('POST', '/orders', { items }, headers).then((again) => ({ status: again.status, body: [first.body, again.body] })) : first;
    }
    case 'cancel': {
      const o = await order(c.order);
      return o ? world.open('POST', `/orders/${o.orderNo}/cancel`, {}) : null;
    }
    case 'advance': {
      const o = await order(c.order);
      return o ? world.admin('POST', `/orders/${o.orderNo}/advance`, { to: c.to }) : null;
    }
    case 'clock':
      return world.admin('POST', '/clock/advance', { by: c.by });
    case 'supplement': {
      const o = await order(c.order);
      return o ? world.admin('POST', `/orders/${o.orderNo}/supplements`, { reason: 'domestic_freight', amount: c.amount }) : null;
    }
    case 'settle': {
      const o = await order(c.order);
      if (!o) return null;
      const pending = await listOf<{ id: number; status: string }>(world.open('GET', `/orders/${o.orderNo}/supplements`));
      const s = pending.find((x) => x.status === 'pending') ?? pending[0];
      return s ? world.open('POST', `/orders/${o.orderNo}/supplements/${s.id}/${c.pay ? 'pay' : 'decline'}`) : null;
    }
    case 'return': {
      const o = await order(c.order);
      if (!o) return null;
      const detail = (await world.open('GET', `/orders/${o.orderNo}`)).body.data as { items: { itemId: number }[] };
      return world.open('POST', `/orders/${o.orderNo}/returns`, { itemId: detail.items[0]!.itemId, type: c.type, reason: 'wrong colour' });
    }
    case 'decide': {
      const pending = await listOf<{ id: number; orderNo: string }>(world.admin('GET', '/returns/pending?limit=100'));
      const r = at(pending, c.pick);
      return r ? world.admin('POST', `/orders/${r.orderNo}/returns/${r.id}/decide`, { decision: c.approve ? 'approved' : 'rejected' }) : null;
    }
    case 'photos': {
      const o = await order(c.order);
      return o ? world.open('POST', `/orders/${o.orderNo}/photo-requests`, { count: c.count, note: 'the seams' }) : null;
    }
    case 'rehearsal': {
      const all = await packages();
      return all.length ? world.open('POST', '/shipping/rehearsals', { inventoryIds: [...new Set(c.packages.map((p) => at(all, p)!.id))] }) : null;
    }
    case 'ship': {
      const all = await packages();
      if (!all.length) return null;
      const chosen = [...new Map(c.packages.map((p) => at(all, p)!).map((p) => [p.id, p])).values()];
      const body = { items: chosen.map((p) => ({ inventoryId: p.id, quantity: p.quantity })), logisticsChannelId: c.channel, ...RECIPIENT };
      return world.open('POST', '/shipping/create', body, c.scenario ? { 'crossbuy-scenario': c.scenario } : {});
    }
    case 'dispatch': {
      const s = await shipping(c.shipping);
      return s ? world.admin('POST', `/shipping/orders/${s.orderNo}/dispatch`, {}) : null;
    }
    case 'deliver': {
      const s = await shipping(c.shipping);
      return s ? world.admin('POST', `/shipping/orders/${s.orderNo}/deliver`, {}) : null;
    }
    case 'pace':
      return world.admin('PUT', '/autopilot', { pace: c.pace });
  }
}

describe('same seed, same world (property)', () => {
  it(
    'any request sequence, failures included, sent to two worlds with one seed keeps their answers and dumps equal',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: Number.MAX_SAFE_INTEGER }), fc.array(command, { minLength: Math.floor(MAX_COMMANDS / 2), maxLength: MAX_COMMANDS }), async (seed, commands) => {
          const a = await openTestWorld({ seed });
          const b = await openTestWorld({ seed });
          try {
            const [catalogA, catalogB] = [await products(a), await products(b)];
            expect(catalogB).toEqual(catalogA);
            // Every run starts with money and two orders, so the commands after them have something to act on.
            const prelude: Command[] = [
              { kind: 'deposit', amount: 5000 },
              { kind: 'order', product: 0, quantity: 1, lines: 2, scenario: null, idempotent: false },
              { kind: 'order', product: 3, quantity: 2, lines: 1, scenario: null, idempotent: false },
            ];
            let step = 0;
            for (const c of [...prelude, ...commands]) {
              step++;
              const fromA = await send(a, catalogA, c, step);
              const fromB = await send(b, catalogB, c, step);
              expect(JSON.stringify(fromB), `step ${step}: ${JSON.stringify(c)}`).toBe(JSON.stringify(fromA));
            }
            expect(await dumpWorld(b)).toBe(await dumpWorld(a));
          } finally {
            await a.close();
            await b.close();
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    DEEP ? 1_800_000 : 180_000,
  );
});
