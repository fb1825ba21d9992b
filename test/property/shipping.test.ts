import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openCore, type Core } from '../../src/main/core/index.js';
import { writeFigures } from '../../src/main/core/warehouse/figures.js';
import { SEED_CHANNELS } from '../../src/main/core/logistics/channel-seed.js';
import { ManualClock } from '../../src/main/core/shared/clock.js';
import { ApiError } from '../../src/main/core/shared/errors.js';
import { createShippingOrder } from '../../src/main/core/shipping/create.js';
import { cancelShippingOrder, clearShipmentException, confirmDelivery, deliverShippingOrder, dispatchShippingOrder, runShippingScenario } from '../../src/main/core/shipping/lifecycle.js';
import { checkShippingInvariants } from '../../src/main/core/shipping/invariants.js';
import { cancelRehearsal, packRehearsal, requestRehearsal } from '../../src/main/core/shipping/rehearsals.js';
import { SHIPPING_SCENARIOS } from '../../src/main/core/shipping/scenarios.js';
import { completeService, requestServices } from '../../src/main/core/warehouse/services.js';
import { auditLedger } from '../../src/main/core/wallet/ledger.js';
import { createArrivedOrder, createUser, deliverableRecipient, deposit } from '../helpers/fixtures.js';

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
 * v1.1 adds warehouse services (requested, done), rehearsals (requested, packed, cancelled, used by a
 * create), insured creates with declared values, time passing (storage fees), scenarios (hold, clear,
 * lost, seized), and checks: frozen = fees + premiums + storage of pending orders, captured once at
 * dispatch, payouts <= declared value + fee (core/shipping/invariants.ts, as `crossbuy doctor`).
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
  | { kind: 'deposit'; user: UserIndex; amount: number }
  | { kind: 'services'; user: UserIndex; pick: number; services: string[] }
  | { kind: 'serviceDone'; pick: number }
  | { kind: 'rehearse'; user: UserIndex; picks: number[] }
  | { kind: 'pack'; pick: number }
  | { kind: 'cancelRehearsal'; user: UserIndex; pick: number }
  | { kind: 'shipRehearsal'; user: UserIndex; pick: number; channel: string; insurance: boolean }
  | { kind: 'insuredCreate'; user: UserIndex; picks: number[]; declared: number | null }
  | { kind: 'days'; days: number }
  | { kind: 'scenario'; own: boolean; pick: number; scenario: (typeof SHIPPING_SCENARIOS)[number] }
  | { kind: 'clear'; pick: number }
  /** Steps that only make sense one after another, drawn as one command so that a run of 100 reaches them. */
  | { kind: 'chain'; steps: Command[] };

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

/** The v1.1 steps: services, rehearsals, insured creates, time passing, scenarios. */
const v11Command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('services' as const),
      user,
      pick: fc.nat(20),
      services: fc.subarray(['photos', 'reinforce', 'vacuum', 'remove_packaging', 'moisture_barrier'], { minLength: 1 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('serviceDone' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('rehearse' as const), user, picks: fc.array(fc.nat(20), { minLength: 1, maxLength: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pack' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelRehearsal' as const), user, pick: fc.nat(20) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('shipRehearsal' as const),
      user,
      pick: fc.nat(20),
      channel: fc.constantFrom(...BROAD_CHANNELS),
      insurance: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('insuredCreate' as const),
      user,
      picks: fc.array(fc.nat(20), { minLength: 1, maxLength: 2 }),
      declared: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 1, max: 60 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('scenario' as const),
      own: aimed,
      pick: fc.nat(20),
      // overweight (v1.2 section 10, weighed at dispatch) has its own tests; these are the transit cases.
      scenario: fc.constantFrom<(typeof SHIPPING_SCENARIOS)[number]>('customs_hold', 'customs_hold', ...SHIPPING_SCENARIOS.filter((s) => s !== 'overweight')),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('clear' as const), pick: fc.nat(20) }) },
);
/**
 * Stories drawn whole: a rehearsal requested, packed and shipped by one user, or requested and cancelled; a
 * held parcel cleared. Drawn
 * step by step they were rare (a CI run of 100 sequences once never cancelled a rehearsal; shipping one and
 * clearing a hold came 3 to 5 times a run).
 */
const chainCommand: fc.Arbitrary<Command> = fc.oneof(
  fc
    .record({ user, picks: fc.array(fc.nat(20), { minLength: 1, maxLength: 3 }), pick: fc.nat(20), channel: fc.constantFrom(...BROAD_CHANNELS), insurance: fc.boolean() })
    .map(({ user, picks, pick, channel, insurance }): Command => ({
      kind: 'chain',
      steps: [
        { kind: 'rehearse', user, picks },
        { kind: 'pack', pick },
        { kind: 'shipRehearsal', user, pick, channel, insurance },
      ],
    })),
  fc.record({ user, picks: fc.array(fc.nat(20), { minLength: 1, maxLength: 3 }), pick: fc.nat(10) }).map(({ user, picks, pick }): Command => ({
    kind: 'chain',
    // An even pick: among the user's rehearsals that can still be cancelled (run, cancelRehearsal).
    steps: [
      { kind: 'rehearse', user, picks },
      { kind: 'cancelRehearsal', user, pick: pick * 2 },
    ],
  })),
  fc.nat(20).map((pick): Command => ({
    kind: 'chain',
    steps: [
      { kind: 'scenario', own: true, pick, scenario: 'customs_hold' },
      { kind: 'clear', pick },
    ],
  })),
);

/** v1 and v1.1 steps together, v1 ones first in weight so that shipments exist for the scenarios. */
const mixedCommand: fc.Arbitrary<Command> = fc.oneof({ weight: 3, arbitrary: command }, { weight: 2, arbitrary: v11Command }, { weight: 1, arbitrary: chainCommand });

const WATCHED = [
  'wallets',
  'wallet_entries',
  'wallet_holds',
  'packages',
  'shipping_orders',
  'shipping_order_items',
  'shipping_events',
  'orders',
  'order_timeline',
  'package_services',
  'rehearsals',
  'rehearsal_packages',
];

function dump(core: Core): string {
  // rehearsal_packages is WITHOUT ROWID: ordered by its key.
  return JSON.stringify(WATCHED.map((t) => core.ctx.db.prepare(`SELECT * FROM "${t}" ORDER BY ${t === 'rehearsal_packages' ? '1, 2' : 'rowid'}`).all()));
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
    const active = holders.filter((h) => h.status === 'pending' || h.status === 'shipped' || h.status === 'exception');
    expect(active.length, `package ${p.id} held by ${active.length} active shipping orders`).toBeLessThanOrEqual(1);
    const delivered = holders.filter((h) => h.status === 'delivered' || h.status === 'lost');
    const rehearsing = all<{ n: number }>(
      core,
      "SELECT COUNT(*) AS n FROM rehearsal_packages rp JOIN rehearsals r ON r.id = rp.rehearsal_id WHERE rp.package_id = ? AND r.status IN ('requested', 'packed')",
      p.id,
    )[0]!.n;
    expect(rehearsing, `package ${p.id} in ${rehearsing} open rehearsals`).toBeLessThanOrEqual(1);
    const expected =
      active[0]?.status === 'pending'
        ? 'packing'
        : active[0]
          ? 'shipped'
          : delivered[0]
            ? delivered[0].status
            : rehearsing === 1
              ? 'rehearsing'
              : 'in_warehouse';
    expect(p.status, `package ${p.id}`).toBe(expected);
    expect(delivered.length).toBeLessThanOrEqual(1);
    const link = active[0]?.order_no ?? delivered[0]?.order_no ?? null;
    expect(p.shipping_order_no, `package ${p.id} link`).toBe(link);
  }

  for (const audit of auditLedger(core.ctx)) {
    expect(audit.ok, JSON.stringify(audit)).toBe(true);
    const pendingFees = all<{ s: number }>(
      core,
      "SELECT COALESCE(SUM(shipping_fee_minor + insurance_premium_minor + storage_fees_minor), 0) AS s FROM shipping_orders WHERE user_id = ? AND status = 'pending'",
      audit.userId,
    )[0]!.s;
    expect(audit.cachedFrozen, `user ${audit.userId} frozen`).toBe(pendingFees);
    // Money only leaves for shipping when an order is dispatched: what weighing settled (v1.2 section 10: the
    // new fee of a lighter packed parcel, never more than the hold; forEachShippingProblem checks that bound).
    const paid = all<{ s: number }>(core, "SELECT COALESCE(-SUM(amount_minor), 0) AS s FROM wallet_entries WHERE user_id = ? AND type = 'shipping_payment'", audit.userId)[0]!.s;
    const shippedFees = all<{ s: number }>(
      core,
      "SELECT COALESCE(SUM(COALESCE(charged_total_minor, shipping_fee_minor + insurance_premium_minor + storage_fees_minor)), 0) AS s FROM shipping_orders WHERE user_id = ? AND status IN ('shipped', 'delivered', 'exception', 'lost')",
      audit.userId,
    )[0]!.s;
    expect(paid, `user ${audit.userId} shipping payments`).toBe(shippedFees);
  }

  const orders = all<{ order_no: string; status: string; open: number; n: number }>(
    core,
    `SELECT o.order_no, o.status, (SELECT COUNT(*) FROM packages p WHERE p.order_no = o.order_no AND p.status NOT IN ('delivered', 'lost', 'disposed')) AS open,
            (SELECT COUNT(*) FROM packages p WHERE p.order_no = o.order_no) AS n
       FROM orders o`,
  );
  for (const o of orders) {
    expect(o.n).toBeGreaterThan(0);
    expect(o.status, `purchase order ${o.order_no}`).toBe(o.open === 0 ? 'completed' : 'in_warehouse');
  }
  expect(checkShippingInvariants(core.ctx)).toEqual([]);
}

/** Successful steps by kind, over all runs: proof the generators reach every transition. */
const reached: Record<string, number> = {};

interface World {
  core: Core;
  clock: ManualClock;
  users: [number, number];
  packageIds: number[];
  shippingOrders: string[];
}

function statusOf(core: Core, orderNo: string): { status: string; user_id: number } {
  return core.ctx.db.prepare('SELECT status, user_id FROM shipping_orders WHERE order_no = ?').get(orderNo) as { status: string; user_id: number };
}

/** Runs one command. Refusals must be ApiErrors that change nothing; lifecycle outcomes must match the state machine. */
function run(world: World, cmd: Command): void {
  if (cmd.kind === 'chain') {
    for (const step of cmd.steps) run(world, step);
    return;
  }
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
          ...deliverableRecipient(cmd.country),
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
      case 'services': {
        const pool = all<{ id: number }>(core, "SELECT id FROM packages WHERE user_id = ? AND status = 'in_warehouse' ORDER BY id", world.users[cmd.user]).map((r) => r.id);
        const id = pool[cmd.pick % Math.max(1, pool.length)];
        if (id === undefined) return;
        requestServices(ctx, world.users[cmd.user], id, { serviceIds: cmd.services });
        break;
      }
      case 'serviceDone': {
        const pool = all<{ id: number }>(core, "SELECT id FROM package_services WHERE status = 'pending' ORDER BY id").map((r) => r.id);
        const id = pool[cmd.pick % Math.max(1, pool.length)];
        if (id === undefined) return;
        completeService(ctx, id);
        break;
      }
      case 'rehearse': {
        const pool = all<{ id: number }>(core, "SELECT id FROM packages WHERE user_id = ? AND status = 'in_warehouse' ORDER BY id", world.users[cmd.user]).map((r) => r.id);
        if (pool.length === 0) return;
        requestRehearsal(ctx, world.users[cmd.user], [...new Set(cmd.picks.map((i) => pool[i % pool.length]!))]);
        break;
      }
      case 'pack': {
        const pool = all<{ id: string }>(core, "SELECT id FROM rehearsals WHERE status = 'requested' ORDER BY rowid").map((r) => r.id);
        const id = pool[cmd.pick % Math.max(1, pool.length)];
        if (id === undefined) return;
        packRehearsal(ctx, id);
        break;
      }
      case 'cancelRehearsal': {
        // An even pick chooses among the rehearsals that can still be cancelled, an odd one among all of the
        // user's (the refusals): drawn from all alone, a run of 100 sometimes never cancelled one (CI).
        const cancellable = cmd.pick % 2 === 0 ? " AND status IN ('requested', 'packed')" : '';
        const pool = all<{ id: string; status: string }>(core, `SELECT id, status FROM rehearsals WHERE user_id = ?${cancellable} ORDER BY rowid`, world.users[cmd.user]);
        const r = pool[cmd.pick % Math.max(1, pool.length)];
        if (!r) return;
        expectOk = r.status === 'requested' || r.status === 'packed';
        cancelRehearsal(ctx, world.users[cmd.user], r.id);
        break;
      }
      case 'shipRehearsal': {
        const pool = all<{ id: string; inventory_ids: string }>(core, "SELECT id, inventory_ids FROM rehearsals WHERE user_id = ? AND status = 'packed' ORDER BY rowid", world.users[cmd.user]);
        const r = pool[cmd.pick % Math.max(1, pool.length)];
        if (!r) return;
        const ids = JSON.parse(r.inventory_ids) as number[];
        const qty = ctx.db.prepare('SELECT quantity FROM packages WHERE id = ?').pluck();
        const created = createShippingOrder(ctx, world.users[cmd.user], {
          items: ids.map((id) => ({ inventoryId: id, quantity: qty.get(id) as number })),
          logisticsChannelId: cmd.channel,
          ...deliverableRecipient('US'),
          rehearsalId: r.id,
          insurance: cmd.insurance,
        });
        world.shippingOrders.push(created.orderNo);
        break;
      }
      case 'insuredCreate': {
        const pool = all<{ id: number }>(core, "SELECT id FROM packages WHERE user_id = ? AND status = 'in_warehouse' ORDER BY id", world.users[cmd.user]).map((r) => r.id);
        if (pool.length === 0) return;
        const ids = [...new Set(cmd.picks.map((i) => pool[i % pool.length]!))];
        const qty = ctx.db.prepare('SELECT quantity FROM packages WHERE id = ?').pluck();
        const created = createShippingOrder(ctx, world.users[cmd.user], {
          items: ids.map((id) => ({ inventoryId: id, quantity: qty.get(id) as number })),
          logisticsChannelId: 'air-sensitive',
          ...deliverableRecipient('GB'),
          insurance: true,
          ...(cmd.declared === null ? {} : { declaredValue: cmd.declared / 100 }),
        });
        world.shippingOrders.push(created.orderNo);
        break;
      }
      case 'days':
        world.clock.advance(cmd.days * 86_400_000);
        return;
      case 'scenario': {
        const no = pickOrder(cmd.pick, cmd.own, 'shipped');
        if (!no) return;
        const st = statusOf(core, no).status;
        expectOk = cmd.scenario === 'customs_hold' ? st === 'shipped' : st === 'shipped' || st === 'exception';
        runShippingScenario(ctx, no, cmd.scenario);
        break;
      }
      case 'clear': {
        const no = pickOrder(cmd.pick, true, 'exception');
        if (!no) return;
        clearShipmentException(ctx, no);
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
  it.each([
    {
      name: 'v1 steps',
      commands: command,
      maxLength: 40,
      mustReach: ['create', 'cancel', 'dispatch', 'confirm', 'deliver', 'completedOrders', 'refused 402', 'refused 404', 'refused 409', 'refused 422'],
    },
    {
      name: 'v1 and v1.1 steps (services, rehearsals, insurance, storage, scenarios)',
      commands: mixedCommand,
      maxLength: 70,
      mustReach: ['services', 'serviceDone', 'rehearse', 'pack', 'cancelRehearsal', 'shipRehearsal', 'insuredCreate', 'scenario', 'clear'],
    },
  ])('under random sequences of operations: $name', ({ commands: arbitrary, maxLength, mustReach }) => {
    for (const key of Object.keys(reached)) delete reached[key];
    fc.assert(
      fc.property(fc.array(arbitrary, { minLength: 1, maxLength: DEEP ? 2 * maxLength : maxLength, size: 'max' }), (commands) => {
        const clock = new ManualClock();
        const core = openCore({ dataDir: ':memory:', clock });
        try {
          // The v1 and v1.1 model captures the fee quoted: no packing share, and any packed-weight difference
          // absorbed (v1.2 section 10 has its own tests: test/api/open/shipping.packed-weight.test.ts).
          writeFigures(core.ctx, { packingMinBp: 0, packingMaxBp: 0, weightToleranceBp: 10_000 });
          // User 1 has the demo deposit; the second user starts with a little, so some creates are a 402.
          const second = createUser(core.ctx, 'second');
          deposit(core.ctx, second, 15_000);
          const world: World = { core, clock, users: [1, second], packageIds: [], shippingOrders: [] };
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
    for (const kind of mustReach) {
      expect(reached[kind] ?? 0, `never reached: ${kind} (${JSON.stringify(reached)})`).toBeGreaterThan(0);
    }
    // The deep budget (four times the runs, sequences twice as long) takes 35-60 s a case on two cores.
  }, DEEP ? 1_800_000 : undefined);
});
