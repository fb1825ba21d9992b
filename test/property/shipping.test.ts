import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../src/main/core/index.js';
import { SEED_CHANNELS } from '../../src/main/core/logistics/channel-seed.js';
import { ManualClock } from '../../src/main/core/shared/clock.js';
import { ApiError } from '../../src/main/core/shared/errors.js';
import { createShippingOrder } from '../../src/main/core/shipping/create.js';
import { cancelShippingOrder, confirmDelivery, deliverShippingOrder, dispatchShippingOrder } from '../../src/main/core/shipping/lifecycle.js';
import { auditLedger } from '../../src/main/core/wallet/ledger.js';
import { createArrivedOrder, createUser, deposit } from '../helpers/fixtures.js';

/**
 * Random sequences of package arrivals, shipping creates, cancels, dispatches and deliveries (by the
 * recipient and by the back office), by two users, against a real core. After every step:
 * - every package is in exactly one status, agreeing with the shipping orders that hold it, and is held by
 *   at most one active (pending or shipped) shipping order;
 * - each user's frozen balance is the sum of the fees of their pending shipping orders;
 * - each balance is the sum of its ledger entries (and the ledger audit passes);
 * - a purchase order is completed exactly when all its packages are delivered;
 * - a refused step (ApiError) changed nothing, and nothing else than an ApiError is ever thrown;
 * - lifecycle steps succeed exactly when the state machine allows them.
 */

const DEEP = Boolean(process.env.CROSSBUY_DEEP);
const CHANNELS = SEED_CHANNELS.map((c) => c.channelId);
// Mostly channels and countries that can carry most things, so that many creates succeed; sometimes any.
const BROAD_CHANNELS = ['air-sensitive', 'economy-line'];
const COUNTRIES = ['US', 'GB', 'DE', 'JP', 'ZA', 'SG'];
const CARGO = ['general', 'battery', 'sensitive'] as const;

type UserIndex = 0 | 1;
type Command =
  | { kind: 'arrive'; user: UserIndex; lines: { cargo: (typeof CARGO)[number]; quantity: number }[]; weight: number | null }
  | { kind: 'create'; user: UserIndex; own: boolean; picks: number[]; channel: string; country: string; wrongQuantity: boolean }
  | { kind: 'cancel'; user: UserIndex; own: boolean; pick: number }
  | { kind: 'dispatch'; own: boolean; pick: number }
  | { kind: 'confirm'; user: UserIndex; own: boolean; pick: number }
  | { kind: 'deliver'; own: boolean; pick: number }
  | { kind: 'deposit'; user: UserIndex; amount: number };

const user = fc.constantFrom<UserIndex>(0, 1);
/** Mostly true: aim at something the step can apply to; sometimes at anything, to see it refused. */
const aimed = fc.nat(9).map((n) => n < 8);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('arrive' as const),
      user,
      lines: fc.array(fc.record({ cargo: fc.constantFrom(...CARGO), quantity: fc.integer({ min: 1, max: 3 }) }), { minLength: 1, maxLength: 3 }),
      weight: fc.option(fc.integer({ min: 50, max: 6_000 }), { nil: null }),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      user,
      // own: pick among the user's in_warehouse packages; otherwise among every package ever made.
      own: aimed,
      picks: fc.array(fc.nat(40), { minLength: 1, maxLength: 3 }),
      channel: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...BROAD_CHANNELS) }, { weight: 1, arbitrary: fc.constantFrom(...CHANNELS) }),
      country: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('US', 'GB', 'DE') }, { weight: 1, arbitrary: fc.constantFrom(...COUNTRIES) }),
      wrongQuantity: fc.nat(9).map((n) => n === 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancel' as const), user, own: aimed, pick: fc.nat(20) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('dispatch' as const), own: aimed, pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('confirm' as const), user, own: aimed, pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deliver' as const), own: aimed, pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deposit' as const), user, amount: fc.integer({ min: 1, max: 50_000 }) }) },
);

const WATCHED = ['wallets', 'wallet_entries', 'wallet_holds', 'packages', 'shipping_orders', 'shipping_order_items', 'shipping_events', 'orders', 'order_timeline'];

function dump(core: Core): string {
  return JSON.stringify(WATCHED.map((t) => core.ctx.db.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all()));
}

function all<T>(core: Core, sql: string, ...args: unknown[]): T[] {
  return core.ctx.db.prepare(sql).all(...args) as T[];
}

function checkInvariants(core: Core): void {
  const packages = all<{ id: number; status: string; shipping_order_no: string | null }>(core, 'SELECT id, status, shipping_order_no FROM packages');
  for (const p of packages) {
    const holders = all<{ order_no: string; status: string }>(
      core,
      'SELECT s.order_no, s.status FROM shipping_order_items i JOIN shipping_orders s ON s.order_no = i.shipping_order_no WHERE i.package_id = ?',
      p.id,
    );
    const active = holders.filter((h) => h.status === 'pending' || h.status === 'shipped');
    expect(active.length, `package ${p.id} held by ${active.length} active shipping orders`).toBeLessThanOrEqual(1);
    const delivered = holders.filter((h) => h.status === 'delivered');
    const expected =
      active[0]?.status === 'pending' ? 'packing' : active[0]?.status === 'shipped' ? 'shipped' : delivered.length > 0 ? 'delivered' : 'in_warehouse';
    expect(p.status, `package ${p.id}`).toBe(expected);
    expect(delivered.length).toBeLessThanOrEqual(1);
    const link = active[0]?.order_no ?? delivered[0]?.order_no ?? null;
    expect(p.shipping_order_no, `package ${p.id} link`).toBe(link);
  }

  for (const audit of auditLedger(core.ctx)) {
    expect(audit.ok, JSON.stringify(audit)).toBe(true);
    const pendingFees = all<{ s: number }>(
      core,
      "SELECT COALESCE(SUM(shipping_fee_minor), 0) AS s FROM shipping_orders WHERE user_id = ? AND status = 'pending'",
      audit.userId,
    )[0]!.s;
    expect(audit.cachedFrozen, `user ${audit.userId} frozen`).toBe(pendingFees);
    // Money only leaves for shipping when an order is dispatched, exactly its fee.
    const paid = all<{ s: number }>(core, "SELECT COALESCE(-SUM(amount_minor), 0) AS s FROM wallet_entries WHERE user_id = ? AND type = 'shipping_payment'", audit.userId)[0]!.s;
    const shippedFees = all<{ s: number }>(
      core,
      "SELECT COALESCE(SUM(shipping_fee_minor), 0) AS s FROM shipping_orders WHERE user_id = ? AND status IN ('shipped', 'delivered')",
      audit.userId,
    )[0]!.s;
    expect(paid, `user ${audit.userId} shipping payments`).toBe(shippedFees);
  }

  const orders = all<{ order_no: string; status: string; open: number; n: number }>(
    core,
    `SELECT o.order_no, o.status, (SELECT COUNT(*) FROM packages p WHERE p.order_no = o.order_no AND p.status <> 'delivered') AS open,
            (SELECT COUNT(*) FROM packages p WHERE p.order_no = o.order_no) AS n
       FROM orders o`,
  );
  for (const o of orders) {
    expect(o.n).toBeGreaterThan(0);
    expect(o.status, `purchase order ${o.order_no}`).toBe(o.open === 0 ? 'completed' : 'in_warehouse');
  }
}

/** Successful steps by kind, over all runs: proof the generators reach every transition. */
const reached: Record<string, number> = {};

interface World {
  core: Core;
  users: [number, number];
  packageIds: number[];
  shippingOrders: string[];
}

function statusOf(core: Core, orderNo: string): { status: string; user_id: number } {
  return core.ctx.db.prepare('SELECT status, user_id FROM shipping_orders WHERE order_no = ?').get(orderNo) as { status: string; user_id: number };
}

/** Runs one command. Refusals must be ApiErrors that change nothing; lifecycle outcomes must match the state machine. */
function run(world: World, cmd: Command): void {
  const { core } = world;
  const ctx = core.ctx;
  /** A shipping order: when aimed, one in `status` (of `userId` if given); otherwise any. */
  const pickOrder = (i: number, aim: boolean, status: string, userId?: number) => {
    const pool = aim
      ? all<{ order_no: string }>(core, 'SELECT order_no FROM shipping_orders WHERE status = ? AND (? IS NULL OR user_id = ?) ORDER BY rowid', status, userId ?? null, userId ?? null).map((r) => r.order_no)
      : world.shippingOrders;
    return pool[i % Math.max(1, pool.length)];
  };
  const before = dump(core);
  let expectOk: boolean | null = null;
  try {
    switch (cmd.kind) {
      case 'arrive': {
        const made = createArrivedOrder(ctx, {
          userId: world.users[cmd.user],
          lines: cmd.lines.map((l) => ({ cargoType: l.cargo, quantity: l.quantity })),
          inspectedWeightGrams: cmd.weight ?? undefined,
        });
        world.packageIds.push(...made.packageIds);
        return;
      }
      case 'deposit':
        deposit(ctx, world.users[cmd.user], cmd.amount);
        return;
      case 'create': {
        const pool = cmd.own
          ? all<{ id: number }>(core, "SELECT id FROM packages WHERE user_id = ? AND status = 'in_warehouse' ORDER BY id", world.users[cmd.user]).map((r) => r.id)
          : world.packageIds;
        if (pool.length === 0) return;
        const ids = [...new Set(cmd.picks.map((i) => pool[i % pool.length]!))];
        const items = ids.map((id, index) => {
          const q = (ctx.db.prepare('SELECT quantity FROM packages WHERE id = ?').get(id) as { quantity: number }).quantity;
          return { inventoryId: id, quantity: cmd.wrongQuantity && index === 0 ? q + 1 : q };
        });
        const created = createShippingOrder(ctx, world.users[cmd.user], {
          items,
          logisticsChannelId: cmd.channel,
          recipientName: 'R',
          recipientPhone: '1',
          recipientCountry: cmd.country,
          recipientCity: 'C',
          recipientAddress: 'A',
          recipientZipCode: 'Z',
        });
        expect(cmd.wrongQuantity).toBe(false);
        world.shippingOrders.push(created.orderNo);
        reached.create = (reached.create ?? 0) + 1;
        return;
      }
      case 'cancel': {
        const no = pickOrder(cmd.pick, cmd.own, 'pending', world.users[cmd.user]);
        if (!no) return;
        const so = statusOf(core, no);
        expectOk = so.status === 'pending' && so.user_id === world.users[cmd.user];
        cancelShippingOrder(ctx, world.users[cmd.user], no);
        break;
      }
      case 'dispatch': {
        const no = pickOrder(cmd.pick, cmd.own, 'pending');
        if (!no) return;
        expectOk = statusOf(core, no).status === 'pending';
        dispatchShippingOrder(ctx, no);
        break;
      }
      case 'confirm': {
        const no = pickOrder(cmd.pick, cmd.own, 'shipped', world.users[cmd.user]);
        if (!no) return;
        const so = statusOf(core, no);
        expectOk = so.status === 'shipped' && so.user_id === world.users[cmd.user];
        confirmDelivery(ctx, world.users[cmd.user], no);
        break;
      }
      case 'deliver': {
        const no = pickOrder(cmd.pick, cmd.own, 'shipped');
        if (!no) return;
        expectOk = statusOf(core, no).status === 'shipped';
        deliverShippingOrder(ctx, no);
        break;
      }
    }
    if (expectOk !== null) expect(expectOk, `${cmd.kind} succeeded where the state machine forbids it`).toBe(true);
    reached[cmd.kind] = (reached[cmd.kind] ?? 0) + 1;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    reached[`refused ${error.statusCode}`] = (reached[`refused ${error.statusCode}`] ?? 0) + 1;
    if (expectOk !== null) expect(expectOk, `${cmd.kind} refused (${error.message}) where it should pass`).toBe(false);
    expect(dump(core), `a refused ${cmd.kind} (${error.statusCode} ${error.message}) changed data`).toBe(before);
  }
}

describe('shipping orders, packages, wallet and purchase orders stay consistent', () => {
  it('under random sequences of operations', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 1, maxLength: DEEP ? 80 : 40, size: 'max' }), (commands) => {
        const core = openCore({ dataDir: ':memory:', clock: new ManualClock() });
        try {
          // User 1 has the demo deposit; the second user starts with a little, so some creates are a 402.
          const second = createUser(core.ctx, 'second');
          deposit(core.ctx, second, 15_000);
          const world: World = { core, users: [1, second], packageIds: [], shippingOrders: [] };
          for (const cmd of commands) {
            run(world, cmd);
            checkInvariants(core);
          }
          const completed = core.ctx.db.prepare("SELECT COUNT(*) AS n FROM orders WHERE status = 'completed'").get() as { n: number };
          reached.completedOrders = (reached.completedOrders ?? 0) + completed.n;
        } finally {
          core.close();
        }
      }),
      { numRuns: DEEP ? 400 : 100 },
    );
    if (DEEP) console.log('shipping property: successful steps and refusals over all runs', reached);
    for (const kind of ['create', 'cancel', 'dispatch', 'confirm', 'deliver', 'completedOrders', 'refused 402', 'refused 404', 'refused 409', 'refused 422']) {
      expect(reached[kind] ?? 0, `never reached: ${kind} (${JSON.stringify(reached)})`).toBeGreaterThan(0);
    }
  });
});
