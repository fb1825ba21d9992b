import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrderInvariants } from '../../src/main/core/orders/invariants.js';
import { readSetting } from '../../src/main/core/settings/settings.js';
import { auditLedger } from '../../src/main/core/wallet/ledger.js';
import { addCoupon, addUser, halfUp, pickSkus, type SkuPick } from '../helpers/order-setup.js';
import { startTestServer, type ApiResponse, type TestServer } from '../helpers/server.js';

/**
 * A model-based test of the money: random deposits, orders (random lines and coupons), cancels, double
 * cancels, back-office steps and refunds, idempotent retries and bursts of concurrent requests, all over
 * real HTTP. After every step the database must agree with a simple model of the wallet:
 *
 *   balance = sum of ledger entries = deposits - payments + refunds, available >= 0,
 *   each coupon used at most once, every total = subtotal - discount + serviceFee,
 *   refunds never exceed payments per order, stock = what the model says.
 *
 * Each run gets its own user (fresh wallet, fresh coupons) on one shared server, so runs are independent.
 * CROSSBUY_DEEP=1 runs many more and longer sequences.
 */
const DEEP = Boolean(process.env.CROSSBUY_DEEP);
const NUM_RUNS = DEEP ? 400 : 50;
const MAX_COMMANDS = DEEP ? 100 : 40;

type Status = 'pending' | 'paid' | 'purchased' | 'shipped_to_warehouse' | 'in_warehouse' | 'cancelled' | 'refunded';
const NEXT: Partial<Record<Status, Status>> = { pending: 'paid', paid: 'purchased', purchased: 'shipped_to_warehouse', shipped_to_warehouse: 'in_warehouse' };

interface CouponModel {
  id: number;
  type: 'percentage' | 'fixed';
  value: number;
  minOrder: number;
  expired: boolean;
  usedBy: string | null;
}

interface OrderModel {
  total: number;
  couponIndex: number | null;
  lines: { sku: number; quantity: number }[];
  status: Status;
}

interface Model {
  deposits: number;
  payments: number;
  refunds: number;
  stock: number[];
  coupons: CouponModel[];
  orders: Map<string, OrderModel>;
  /** Order numbers in the order they were placed, for picking one by index. */
  placed: string[];
  /** The last order request sent with an Idempotency-Key and its first response. */
  lastKeyed: { key: string; body: OrderBody; response: ApiResponse } | null;
}

interface Real {
  userId: number;
  key: string;
}

interface LineSpec {
  sku: number;
  quantity: number;
}

interface OrderBody {
  items: { productId: string; skuId: string; quantity: number }[];
  couponId?: number;
}

let server: TestServer;
let skus: SkuPick[];
let feeBp: number;
let runs = 0;

beforeAll(async () => {
  server = await startTestServer();
  skus = pickSkus(server, { platform: 'taobao', count: 5, minStock: 100, maxPriceMinor: 30_000 });
  feeBp = readSetting(server.running.core.ctx.db, 'serviceFeeBp');
});
afterAll(() => server.close());

const balanceOf = (m: Model) => m.deposits - m.payments + m.refunds;

function bodyOf(m: Model, lines: readonly LineSpec[], couponIndex: number | null): OrderBody {
  return {
    items: lines.map((l) => ({ productId: String(skus[l.sku]!.productId), skuId: skus[l.sku]!.skuId, quantity: l.quantity })),
    ...(couponIndex === null ? {} : { couponId: m.coupons[couponIndex]!.id }),
  };
}

/** What the service must answer to an order, given the model, computed independently of the core. */
function expectOrder(m: Model, lines: readonly LineSpec[], couponIndex: number | null): { status: number; subtotal: number; discount: number; fee: number; total: number } {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.sku, (wanted.get(l.sku) ?? 0) + l.quantity);
  const subtotal = lines.reduce((s, l) => s + skus[l.sku]!.priceMinor * l.quantity, 0);
  const fee = halfUp(subtotal * feeBp, 10_000);
  const none = { subtotal, discount: 0, fee, total: subtotal + fee };
  for (const [sku, quantity] of wanted) if (quantity > m.stock[sku]!) return { status: 422, ...none };
  let discount = 0;
  if (couponIndex !== null) {
    const c = m.coupons[couponIndex]!;
    if (c.usedBy !== null || c.expired || subtotal < c.minOrder) return { status: 422, ...none };
    discount = Math.min(subtotal, c.type === 'percentage' ? halfUp(subtotal * c.value, 100) : c.value);
  }
  const total = subtotal - discount + fee;
  return { status: total > balanceOf(m) ? 402 : 201, subtotal, discount, fee, total };
}

function applyPlaced(m: Model, orderNo: string, lines: readonly LineSpec[], couponIndex: number | null, total: number): void {
  expect(m.orders.has(orderNo)).toBe(false);
  m.orders.set(orderNo, { total, couponIndex, lines: [...lines], status: 'pending' });
  m.placed.push(orderNo);
  m.payments += total;
  for (const l of lines) m.stock[l.sku]! -= l.quantity;
  if (couponIndex !== null) {
    // A coupon redeemed twice (e.g. by two concurrent orders) fails here.
    expect(m.coupons[couponIndex]!.usedBy).toBeNull();
    m.coupons[couponIndex]!.usedBy = orderNo;
  }
}

function applyRefund(m: Model, orderNo: string, to: 'cancelled' | 'refunded'): void {
  const order = m.orders.get(orderNo)!;
  order.status = to;
  m.refunds += order.total;
  if (to === 'cancelled') for (const l of order.lines) m.stock[l.sku]! += l.quantity;
  if (order.couponIndex !== null) m.coupons[order.couponIndex]!.usedBy = null;
}

const pick = (m: Model, index: number) => m.placed[index % m.placed.length]!;

/** Every invariant, read straight from the database. */
function checkInvariants(m: Model, r: Real): void {
  const db = server.running.core.ctx.db;
  const wallet = db.prepare('SELECT balance_minor, frozen_minor FROM wallets WHERE user_id = ?').get(r.userId) as { balance_minor: number; frozen_minor: number };
  const sums = Object.fromEntries(
    (db.prepare('SELECT type, SUM(amount_minor) AS total FROM wallet_entries WHERE user_id = ? GROUP BY type').all(r.userId) as { type: string; total: number }[]).map(
      (row) => [row.type, row.total],
    ),
  );
  const ledgerSum = Object.values(sums).reduce((a, b) => a + b, 0);
  expect(wallet.balance_minor).toBe(balanceOf(m));
  expect(ledgerSum).toBe(balanceOf(m));
  expect(sums.deposit ?? 0).toBe(m.deposits);
  expect(Math.abs(sums.order_payment ?? 0)).toBe(m.payments);
  expect(sums.order_refund ?? 0).toBe(m.refunds);
  expect(wallet.balance_minor - wallet.frozen_minor).toBeGreaterThanOrEqual(0);

  const orders = db
    .prepare(
      `SELECT o.order_no, o.status, o.subtotal_minor, o.discount_minor, o.service_fee_minor, o.total_minor, o.coupon_id,
              COALESCE((SELECT -SUM(amount_minor) FROM wallet_entries e WHERE e.reference = o.order_no AND e.type = 'order_payment'), 0) AS paid,
              COALESCE((SELECT SUM(amount_minor) FROM wallet_entries e WHERE e.reference = o.order_no AND e.type = 'order_refund'), 0) AS refunded
         FROM orders o WHERE o.user_id = ?`,
    )
    .all(r.userId) as { order_no: string; status: string; subtotal_minor: number; discount_minor: number; service_fee_minor: number; total_minor: number; coupon_id: number | null; paid: number; refunded: number }[];
  expect(orders.length).toBe(m.orders.size);
  for (const o of orders) {
    const modelled = m.orders.get(o.order_no)!;
    expect(o.total_minor).toBe(o.subtotal_minor - o.discount_minor + o.service_fee_minor);
    expect(o.total_minor).toBe(modelled.total);
    expect(o.status).toBe(modelled.status);
    expect(o.paid).toBe(o.total_minor);
    expect(o.refunded).toBeLessThanOrEqual(o.paid);
  }
  for (const c of m.coupons) {
    const used = db.prepare('SELECT used_order_no FROM user_coupons WHERE user_id = ? AND coupon_id = ?').get(r.userId, c.id) as { used_order_no: string | null };
    expect(used.used_order_no).toBe(c.usedBy);
    const live = orders.filter((o) => o.coupon_id === c.id && o.status !== 'cancelled' && o.status !== 'refunded');
    expect(live.length).toBeLessThanOrEqual(1);
  }
  skus.forEach((sku, i) => {
    const row = db.prepare('SELECT stock FROM product_skus WHERE product_id = ? AND sku_id = ?').get(sku.productId, sku.skuId) as { stock: number };
    expect(row.stock).toBe(m.stock[i]);
  });
  expect(checkOrderInvariants(server.running.core.ctx)).toEqual([]);
  expect(auditLedger(server.running.core.ctx).filter((w) => !w.ok)).toEqual([]);
}

const orderApi = (r: Real, body: OrderBody, key?: string) =>
  server.api('POST', '/orders', { body, key: r.key, headers: key ? { 'Idempotency-Key': key } : {} });

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(readonly minor: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await server.admin('POST', '/wallet/deposit', { amount: this.minor / 100, userId: r.userId });
    expect(res.status).toBe(201);
    m.deposits += this.minor;
    expect(res.body.data.balance).toBe(balanceOf(m) / 100);
    checkInvariants(m, r);
  }
  toString = () => `deposit(${this.minor})`;
}

class PlaceOrder implements fc.AsyncCommand<Model, Real> {
  constructor(readonly lines: LineSpec[], readonly couponIndex: number | null, readonly keyed: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const expected = expectOrder(m, this.lines, this.couponIndex);
    const body = bodyOf(m, this.lines, this.couponIndex);
    const key = this.keyed ? `k-${r.userId}-${m.placed.length}-${Math.random()}` : undefined;
    const res = await orderApi(r, body, key);
    expect(res.status, JSON.stringify(res.body)).toBe(expected.status);
    if (res.status === 201) {
      const o = res.body.data;
      expect([o.subtotal, o.discount, o.serviceFee, o.totalAmount]).toEqual([expected.subtotal, expected.discount, expected.fee, expected.total].map((x) => x / 100));
      applyPlaced(m, o.orderNo, this.lines, this.couponIndex, expected.total);
      if (key) m.lastKeyed = { key, body, response: res };
    }
    checkInvariants(m, r);
  }
  toString = () => `order(${JSON.stringify(this.lines)}, coupon ${this.couponIndex}${this.keyed ? ', keyed' : ''})`;
}

/** The same key and body again: the first response, unchanged, and nothing written. Another body: 422. */
class RetryKeyed implements fc.AsyncCommand<Model, Real> {
  constructor(readonly otherBody: boolean) {}
  check = (m: Readonly<Model>) => m.lastKeyed !== null;
  async run(m: Model, r: Real) {
    const last = m.lastKeyed!;
    const body = this.otherBody ? { ...last.body, items: last.body.items.map((i) => ({ ...i, quantity: i.quantity + 1 })) } : last.body;
    const res = await orderApi(r, body, last.key);
    if (this.otherBody) expect(res.status).toBe(422);
    else {
      expect(res.status).toBe(last.response.status);
      expect(res.body).toEqual(last.response.body);
    }
    checkInvariants(m, r);
  }
  toString = () => `retryKeyed(${this.otherBody ? 'other body' : 'same body'})`;
}

class Cancel implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.placed.length > 0;
  async run(m: Model, r: Real) {
    const orderNo = pick(m, this.index);
    const order = m.orders.get(orderNo)!;
    const res = await server.api('POST', `/orders/${orderNo}/cancel`, { key: r.key, body: { reason: 'property test' } });
    if (order.status === 'pending' || order.status === 'paid') {
      expect(res.status).toBe(200);
      expect(res.body.data.refundAmount).toBe(order.total / 100);
      applyRefund(m, orderNo, 'cancelled');
    } else {
      expect(res.status).toBe(409);
      expect(res.body.message).toContain(order.status);
    }
    checkInvariants(m, r);
  }
  toString = () => `cancel(#${this.index})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.placed.length > 0;
  async run(m: Model, r: Real) {
    const orderNo = pick(m, this.index);
    const order = m.orders.get(orderNo)!;
    const res = await server.admin('POST', `/orders/${orderNo}/advance`);
    const next = NEXT[order.status];
    if (next) {
      expect(res.status).toBe(200);
      expect(res.body.data.status).toBe(next);
      order.status = next;
    } else expect(res.status).toBe(409);
    checkInvariants(m, r);
  }
  toString = () => `advance(#${this.index})`;
}

class Refund implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = (m: Readonly<Model>) => m.placed.length > 0;
  async run(m: Model, r: Real) {
    const orderNo = pick(m, this.index);
    const order = m.orders.get(orderNo)!;
    const res = await server.admin('POST', `/orders/${orderNo}/refund`);
    if (order.status === 'paid') {
      expect(res.status).toBe(200);
      expect(res.body.data.refundAmount).toBe(order.total / 100);
      applyRefund(m, orderNo, 'refunded');
    } else expect(res.status).toBe(409);
    checkInvariants(m, r);
  }
  toString = () => `refund(#${this.index})`;
}

/**
 * Requests in flight together: orders (some racing for one coupon), a double cancel of one order, a
 * deposit, and an idempotent order sent twice at once. Outcomes depend on arrival order, so each response
 * is checked for being one of the allowed ones and applied to the model; the invariants then hold the
 * database to what was answered.
 */
class Burst implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly orders: { lines: LineSpec[]; couponIndex: number | null }[],
    readonly cancelIndex: number | null,
    readonly depositMinor: number,
    readonly duplicateKeyed: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const cancelNo = this.cancelIndex !== null && m.placed.length > 0 ? pick(m, this.cancelIndex) : null;
    const keyedBody = this.duplicateKeyed && this.orders[0] ? bodyOf(m, this.orders[0].lines, this.orders[0].couponIndex) : null;
    const key = `burst-${r.userId}-${Math.random()}`;
    const orderBodies = this.orders.map((o) => bodyOf(m, o.lines, o.couponIndex));
    const [orderResults, cancelResults, depositResult, keyedResults] = await Promise.all([
      Promise.all(orderBodies.map((b) => orderApi(r, b))),
      Promise.all(cancelNo ? [1, 2].map(() => server.api('POST', `/orders/${cancelNo}/cancel`, { key: r.key })) : []),
      this.depositMinor > 0 ? server.admin('POST', '/wallet/deposit', { amount: this.depositMinor / 100, userId: r.userId }) : null,
      Promise.all(keyedBody ? [1, 2].map(() => orderApi(r, keyedBody, key)) : []),
    ]);
    if (depositResult) {
      expect(depositResult.status).toBe(201);
      m.deposits += this.depositMinor;
    }
    if (cancelNo) {
      const statuses = cancelResults.map((c) => c.status).sort();
      const cancellable = ['pending', 'paid'].includes(m.orders.get(cancelNo)!.status);
      // A double cancel refunds once: one 200 and one 409, or two 409s when it was not cancellable.
      expect(statuses).toEqual(cancellable ? [200, 409] : [409, 409]);
      if (cancellable) applyRefund(m, cancelNo, 'cancelled');
    }
    const apply = (res: ApiResponse, spec: { lines: LineSpec[]; couponIndex: number | null }) => {
      expect([201, 402, 422], JSON.stringify(res.body)).toContain(res.status);
      if (res.status !== 201) return;
      // Pricing does not depend on arrival order: check it against the model's own computation.
      const priced = expectOrder({ ...m, stock: m.stock.map(() => Number.MAX_SAFE_INTEGER), deposits: Number.MAX_SAFE_INTEGER, coupons: m.coupons.map((c) => ({ ...c, usedBy: null })) }, spec.lines, spec.couponIndex);
      expect(res.body.data.totalAmount).toBe(priced.total / 100);
      applyPlaced(m, res.body.data.orderNo, spec.lines, spec.couponIndex, priced.total);
    };
    orderResults.forEach((res, i) => apply(res, this.orders[i]!));
    if (keyedBody) {
      expect(keyedResults[1]!.status).toBe(keyedResults[0]!.status);
      expect(keyedResults[1]!.body).toEqual(keyedResults[0]!.body);
      apply(keyedResults[0]!, this.orders[0]!);
    }
    for (const stock of m.stock) expect(stock).toBeGreaterThanOrEqual(0);
    checkInvariants(m, r);
  }
  toString = () => `burst(${JSON.stringify(this.orders)}, cancel #${this.cancelIndex}, deposit ${this.depositMinor}, dupKey ${this.duplicateKeyed})`;
}

const COUPONS: readonly Omit<CouponModel, 'id' | 'usedBy'>[] = [
  { type: 'percentage', value: 10, minOrder: 0, expired: false },
  { type: 'fixed', value: 2_000, minOrder: 10_000, expired: false },
  { type: 'percentage', value: 25, minOrder: 0, expired: true },
  { type: 'fixed', value: 1_000_000, minOrder: 0, expired: false },
];

/** The stock the last SKU starts each run with. */
const SCARCE_STOCK = 12;

// The scarce SKU (index 4) is picked less often, so most orders get past the stock check.
const skuArb = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 3 }), weight: 6 }, { arbitrary: fc.constant(4), weight: 1 });
const lineArb = fc.record({ sku: skuArb, quantity: fc.integer({ min: 1, max: 6 }) });
const linesArb = fc.array(lineArb, { minLength: 1, maxLength: 4 });
const couponArb = fc.option(fc.integer({ min: 0, max: COUPONS.length - 1 }), { nil: null, freq: 2 });
const indexArb = fc.nat({ max: 1000 });

const commands = [
  fc.integer({ min: 1, max: 2_000_000 }).map((v) => new Deposit(v)),
  fc.integer({ min: 1, max: 2_000_000 }).map((v) => new Deposit(v)),
  fc.tuple(linesArb, couponArb, fc.boolean()).map(([lines, coupon, keyed]) => new PlaceOrder(lines, coupon, keyed)),
  fc.tuple(linesArb, couponArb, fc.boolean()).map(([lines, coupon, keyed]) => new PlaceOrder(lines, coupon, keyed)),
  fc.boolean().map((other) => new RetryKeyed(other)),
  indexArb.map((i) => new Cancel(i)),
  indexArb.map((i) => new Advance(i)),
  indexArb.map((i) => new Refund(i)),
  fc
    .tuple(
      fc.array(fc.record({ lines: linesArb, couponIndex: couponArb }), { minLength: 1, maxLength: 4 }),
      fc.option(indexArb, { nil: null }),
      fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500_000 })),
      fc.boolean(),
    )
    .map(([orders, cancel, deposit, dup]) => new Burst(orders, cancel, deposit, dup)),
];

async function setup(): Promise<{ model: Model; real: Real }> {
  const user = addUser(server, `prop${runs++}`);
  const ctx = server.running.core.ctx;
  const now = ctx.clock.now().getTime();
  const coupons = COUPONS.map((c) => ({
    ...c,
    usedBy: null,
    id: addCoupon(server, {
      type: c.type,
      value: c.value,
      minOrderMinor: c.minOrder,
      claimFor: user.userId,
      expiresAt: new Date(now + (c.expired ? -60_000 : 30 * 86_400_000)).toISOString(),
    }),
  }));
  // One SKU starts each run nearly sold out, so the stock check (422) and stock restored by cancels are exercised.
  const scarce = skus[skus.length - 1]!;
  ctx.db.prepare('UPDATE product_skus SET stock = ? WHERE product_id = ? AND sku_id = ?').run(SCARCE_STOCK, scarce.productId, scarce.skuId);
  const stock = skus.map((s) => (ctx.db.prepare('SELECT stock FROM product_skus WHERE product_id = ? AND sku_id = ?').get(s.productId, s.skuId) as { stock: number }).stock);
  const model: Model = { deposits: 0, payments: 0, refunds: 0, stock, coupons, orders: new Map(), placed: [], lastKeyed: null };
  return { model, real: user };
}

describe('wallet, orders and coupons under random sequences and concurrency', () => {
  it(
    'keeps balance = ledger = deposits - payments + refunds, coupons single-use, totals consistent',
    async () => {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: MAX_COMMANDS, size: 'max' }), async (cmds) => {
          await fc.asyncModelRun(setup, cmds);
        }),
        { numRuns: NUM_RUNS, ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) },
      );
      // Surfaces the budget in the test output (whole file < 60 s by default).
      console.info(`money property: ${NUM_RUNS} runs of up to ${MAX_COMMANDS} commands in ${Date.now() - started} ms`);
    },
    DEEP ? 1_800_000 : 60_000,
  );
});
