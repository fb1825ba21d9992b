import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOrderInvariants } from '../../src/main/core/orders/invariants.js';
import { allocateDiscount } from '../../src/main/core/orders/pricing.js';
import { allocateProportionally } from '../../src/main/core/shared/apportion.js';
import { readSetting } from '../../src/main/core/settings/settings.js';
import { auditLedger } from '../../src/main/core/wallet/ledger.js';
import { forEachTopUpProblem } from '../../src/main/core/wallet/top-up-invariants.js';
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

type Status = 'pending' | 'paid' | 'purchased' | 'shipped_to_warehouse' | 'in_warehouse' | 'cancelled' | 'refunded' | 'returned';
/** v1.1: where a line's package is (after-sales). */
type LineState = 'in' | 'returning' | 'returned' | 'exchanged';
const RETURN_FEE = 1_500;
const PHOTO_PRICE = 200;
const NEXT: Partial<Record<Status, Status>> = { pending: 'paid', paid: 'purchased', purchased: 'shipped_to_warehouse', shipped_to_warehouse: 'in_warehouse' };
const BEFORE_WAREHOUSE: ReadonlySet<Status> = new Set(Object.keys(NEXT) as Status[]);

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
  // v1.1 after-sales
  itemIds: number[];
  supplementsPaid: number;
  refunded: number;
  /** `line`: the line a price increase is for, null for the whole order, 'postage' for domestic freight. */
  pending: { id: number; amount: number; line: number | null | 'postage' }[];
  /** The seller's price changes settled: per line, and for the whole order (shared by amount at a return). */
  lineIncreases: number[];
  lineDecreases: number[];
  wholeIncrease: number;
  wholeDecrease: number;
  lineState: LineState[];
  openReturn: { id: number; line: number; type: 'return' | 'exchange' } | null;
  fired: Set<string>;
}

interface Model {
  deposits: number;
  payments: number;
  refunds: number;
  /** v1.1: supplement payments, service charges (photos, exchange fees), money held for exchange fees. */
  supplements: number;
  charges: number;
  frozen: number;
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

const balanceOf = (m: Model) => m.deposits - m.payments - m.supplements - m.charges + m.refunds;
const availableOf = (m: Model) => balanceOf(m) - m.frozen;
/** What is left to give back of an order's money: everything paid for it less what was refunded. */
const leftOf = (o: OrderModel) => o.total + o.supplementsPaid - o.refunded;

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
  return { status: total > availableOf(m) ? 402 : 201, subtotal, discount, fee, total };
}

function applyPlaced(m: Model, orderNo: string, lines: readonly LineSpec[], couponIndex: number | null, total: number, itemIds: number[] = []): void {
  expect(m.orders.has(orderNo)).toBe(false);
  m.orders.set(orderNo, {
    total, couponIndex, lines: [...lines], status: 'pending', itemIds, supplementsPaid: 0, refunded: 0, pending: [],
    lineIncreases: lines.map(() => 0), lineDecreases: lines.map(() => 0), wholeIncrease: 0, wholeDecrease: 0,
    lineState: lines.map(() => 'in'), openReturn: null, fired: new Set(),
  });
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
  const refund = leftOf(order);
  m.refunds += refund;
  order.refunded += refund;
  order.pending = [];
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
  expect(-(sums.supplement_payment ?? 0) || 0).toBe(m.supplements);
  expect(-(sums.service_charge ?? 0) || 0).toBe(m.charges);
  expect(wallet.frozen_minor).toBe(m.frozen);
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
    // Nothing refunded twice: refunds are exactly the model's, and never more than paid for the order.
    expect(o.refunded).toBe(modelled.refunded);
    expect(o.refunded).toBeLessThanOrEqual(o.paid + modelled.supplementsPaid);
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
  const topUpProblems: unknown[] = [];
  forEachTopUpProblem(server.running.core.ctx, (p) => topUpProblems.push(p));
  expect(topUpProblems).toEqual([]);
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

/**
 * v1.2: the user tops up. Credited = amount - fee, the fee computed here on its own: card 3%, PayPal 4.4% +
 * 0.30 USD (2.17 CNY at the fallback 0.1381, no USD display rate set), Alipay nothing; a bank transfer is
 * pending (nothing credited yet) and a declined one credits nothing.
 */
class TopUp implements fc.AsyncCommand<Model, Real> {
  constructor(readonly method: 'card' | 'paypal' | 'alipay' | 'bank_transfer', readonly minor: number, readonly declined: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const fee = this.method === 'card' ? halfUp(this.minor * 300, 10_000) : this.method === 'paypal' ? halfUp(this.minor * 440, 10_000) + 217 : 0;
    const res = await server.api('POST', '/user/wallet/top-ups', {
      key: r.key,
      body: { method: this.method, amount: this.minor / 100 },
      headers: this.declined ? { 'Crossbuy-Scenario': 'declined' } : {},
    });
    if (this.minor - fee <= 0) {
      expect(res.status).toBe(422);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.fee).toBe(fee / 100);
      // A declined top-up credits nothing, and says so.
      expect(res.body.data.credited).toBe(this.declined ? 0 : (this.minor - fee) / 100);
      const status = this.declined ? 'failed' : this.method === 'bank_transfer' ? 'pending' : 'succeeded';
      expect(res.body.data.status).toBe(status);
      if (status === 'succeeded') m.deposits += this.minor - fee;
    }
    checkInvariants(m, r);
  }
  toString = () => `topUp(${this.method}, ${this.minor}${this.declined ? ', declined' : ''})`;
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
      applyPlaced(m, o.orderNo, this.lines, this.couponIndex, expected.total, o.items.map((i: { itemId: number }) => i.itemId));
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
      expect(res.body.data.refundAmount).toBe(leftOf(order) / 100);
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
  /** `toWarehouse`: the back office moves the order as far as the warehouse in one call (admin `to`). */
  constructor(readonly index: number, readonly toWarehouse = false) {}
  check = (m: Readonly<Model>) => m.placed.length > 0;
  async run(m: Model, r: Real) {
    const orderNo = pick(m, this.index);
    const order = m.orders.get(orderNo)!;
    const res = await server.admin('POST', `/orders/${orderNo}/advance`, this.toWarehouse ? { to: 'in_warehouse' } : undefined);
    const before = this.toWarehouse ? BEFORE_WAREHOUSE.has(order.status) : NEXT[order.status] !== undefined;
    const next = order.pending.length > 0 || !before ? undefined : this.toWarehouse ? 'in_warehouse' : NEXT[order.status];
    if (next) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.status).toBe(next);
      order.status = next;
    } else expect(res.status).toBe(409);
    checkInvariants(m, r);
  }
  toString = () => `advance(#${this.index}${this.toWarehouse ? ', to in_warehouse' : ''})`;
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
      expect(res.body.data.refundAmount).toBe(leftOf(order) / 100);
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
      applyPlaced(m, res.body.data.orderNo, spec.lines, spec.couponIndex, priced.total, res.body.data.items.map((i: { itemId: number }) => i.itemId));
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

/** v1.1: the back office raises a supplement (or refunds a price decrease at once) on a paid order. */
class RaiseSupplement implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly reason: 'price_increase' | 'domestic_freight' | 'price_decrease', readonly minor: number) {}
  check = (m: Readonly<Model>) => m.placed.length > 0;
  async run(m: Model, r: Real) {
    const orderNo = pick(m, this.index);
    const order = m.orders.get(orderNo)!;
    const res = await server.admin('POST', `/orders/${orderNo}/supplements`, { reason: this.reason, amount: this.minor / 100 });
    if (order.status !== 'paid') expect(res.status).toBe(409);
    else if (this.reason === 'price_decrease') {
      const refund = Math.min(this.minor, leftOf(order));
      expect(res.status).toBe(refund > 0 ? 201 : 409);
      m.refunds += refund;
      order.refunded += refund;
      order.wholeDecrease += refund;
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const sup = res.body.data.supplements.at(-1);
      expect(sup).toMatchObject({ status: 'pending', amount: this.minor / 100 });
      order.pending.push({ id: sup.id, amount: this.minor, line: this.reason === 'price_increase' ? null : 'postage' });
    }
    checkInvariants(m, r);
  }
  toString = () => `raise(#${this.index}, ${this.reason}, ${this.minor})`;
}

/** v1.1: the user pays or declines the order's first pending supplement. */
class ResolveSupplement implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly pay: boolean) {}
  check = (m: Readonly<Model>) => m.placed.some((no) => m.orders.get(no)!.pending.length > 0);
  async run(m: Model, r: Real) {
    const withPending = m.placed.filter((no) => m.orders.get(no)!.pending.length > 0);
    const orderNo = withPending[this.index % withPending.length]!;
    const order = m.orders.get(orderNo)!;
    const sup = order.pending[0]!;
    const res = await server.api('POST', `/orders/${orderNo}/supplements/${sup.id}/${this.pay ? 'pay' : 'decline'}`, { key: r.key });
    if (this.pay) {
      if (sup.amount > availableOf(m)) expect(res.status).toBe(402);
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        m.supplements += sup.amount;
        order.supplementsPaid += sup.amount;
        if (sup.line === null) order.wholeIncrease += sup.amount;
        else if (sup.line !== 'postage') order.lineIncreases[sup.line]! += sup.amount;
        order.pending.shift();
      }
    } else {
      expect(res.status).toBe(200);
      applyRefund(m, orderNo, 'refunded');
    }
    // Paid twice or declined twice: 409, nothing written.
    expect((await server.api('POST', `/orders/${orderNo}/supplements/${sup.id}/pay`, { key: r.key })).status).toBe(res.status === 402 ? 402 : 409);
    checkInvariants(m, r);
  }
  toString = () => `${this.pay ? 'pay' : 'decline'}Supplement(#${this.index})`;
}

/** v1.1: photos requested after arrival (charged at once), and a return or exchange of one line. */
class AfterArrival implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly line: number, readonly what: 'photos' | 'return' | 'exchange', readonly count: number) {}
  check = (m: Readonly<Model>) => m.placed.length > 0;
  async run(m: Model, r: Real) {
    const orderNo = pick(m, this.index);
    const order = m.orders.get(orderNo)!;
    const arrived = order.status === 'in_warehouse';
    if (this.what === 'photos') {
      const price = PHOTO_PRICE * this.count;
      const res = await server.api('POST', `/orders/${orderNo}/photo-requests`, { key: r.key, body: { count: this.count } });
      if (!arrived) expect(res.status).toBe(409);
      else if (price > availableOf(m)) expect(res.status).toBe(402);
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        m.charges += price;
      }
    } else {
      const line = this.line % order.lines.length;
      const res = await server.api('POST', `/orders/${orderNo}/returns`, { key: r.key, body: { itemId: order.itemIds[line], type: this.what, reason: 'property test' } });
      if (!arrived || order.lineState[line] !== 'in') expect(res.status).toBe(409);
      else if (this.what === 'exchange' && RETURN_FEE > availableOf(m)) expect(res.status).toBe(402);
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        order.lineState[line] = 'returning';
        order.openReturn = { id: res.body.data.id, line, type: this.what };
        if (this.what === 'exchange') m.frozen += RETURN_FEE;
      }
    }
    checkInvariants(m, r);
  }
  toString = () => `${this.what}(#${this.index}, line ${this.line}, ${this.count})`;
}

/** v1.1: the seller decides an open return or exchange; every line returned ends the order returned. */
class Decide implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly approve: boolean) {}
  check = (m: Readonly<Model>) => m.placed.some((no) => m.orders.get(no)!.lineState.includes('returning'));
  async run(m: Model, r: Real) {
    const open = m.placed.filter((no) => m.orders.get(no)!.lineState.includes('returning'));
    const orderNo = open[this.index % open.length]!;
    const order = m.orders.get(orderNo)!;
    const line = order.lineState.indexOf('returning');
    const db = server.running.core.ctx.db;
    const id = (db.prepare("SELECT id FROM order_returns WHERE order_no = ? AND item_id = ? AND status = 'requested'").get(orderNo, order.itemIds[line]) as { id: number }).id;
    const type = (db.prepare('SELECT type FROM order_returns WHERE id = ?').get(id) as { type: 'return' | 'exchange' }).type;
    const res = await server.admin('POST', `/orders/${orderNo}/returns/${id}/decide`, { decision: this.approve ? 'approved' : 'rejected' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (type === 'exchange') m.frozen -= RETURN_FEE;
    if (!this.approve) order.lineState[line] = 'in';
    else if (type === 'exchange') {
      m.charges += RETURN_FEE;
      order.lineState[line] = 'exchanged';
    } else {
      // What was paid for the line: its amount as the seller's price changes left it (those of the whole
      // order shared by amount), less its share of the order's coupon discount, then the fee.
      const discount = db.prepare('SELECT discount_minor FROM orders WHERE order_no = ?').pluck().get(orderNo) as number;
      const amounts = order.lines.map((l) => skus[l.sku]!.priceMinor * l.quantity);
      const share = allocateDiscount(amounts, discount)[line]!;
      const price =
        amounts[line]! +
        order.lineIncreases[line]! +
        allocateProportionally(amounts, order.wholeIncrease)[line]! -
        order.lineDecreases[line]! -
        allocateProportionally(amounts, order.wholeDecrease)[line]!;
      const refund = Math.min(Math.max(0, price - share - RETURN_FEE), leftOf(order));
      if (price !== amounts[line]) returnsAfterPriceChange += 1;
      m.refunds += refund;
      order.refunded += refund;
      order.lineState[line] = 'returned';
      if (order.lineState.every((s) => s === 'returned')) order.status = 'returned';
    }
    // Deciding twice: 409, nothing written (a return is refunded once).
    expect((await server.admin('POST', `/orders/${orderNo}/returns/${id}/decide`, { decision: 'approved' })).status).toBe(409);
    checkInvariants(m, r);
  }
  toString = () => `decide(#${this.index}, ${this.approve ? 'approve' : 'reject'})`;
}

/** v1.1 sandbox: an admin scenario on a paid order (out of stock refunds everything; a price change of 10% of the first line). */
class Simulate implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number, readonly scenario: 'out_of_stock' | 'price_increase' | 'price_decrease' | 'domestic_freight') {}
  check = (m: Readonly<Model>) => m.placed.length > 0;
  async run(m: Model, r: Real) {
    const orderNo = pick(m, this.index);
    const order = m.orders.get(orderNo)!;
    const res = await server.admin('POST', `/orders/${orderNo}/simulate`, { scenario: this.scenario });
    // One supplement at a time: a scenario that raises one waits while another is pending.
    const raisesSupplement = this.scenario === 'price_increase' || this.scenario === 'domestic_freight';
    // A price decrease refunds: on an order whose money has all gone back already (an earlier decrease as
    // large as the order) there is nothing to refund, and the scenario is refused as the back office's is.
    const nothingToRefund = this.scenario === 'price_decrease' && leftOf(order) === 0;
    if (order.status !== 'paid' || order.fired.has(this.scenario) || (raisesSupplement && order.pending.length > 0) || nothingToRefund) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      order.fired.add(this.scenario);
      const first = order.lines[0]!;
      const tenth = Math.max(100, Math.round((skus[first.sku]!.priceMinor * first.quantity) / 10));
      if (this.scenario === 'out_of_stock') applyRefund(m, orderNo, 'refunded');
      else if (this.scenario === 'price_decrease') {
        const refund = Math.min(tenth, leftOf(order));
        m.refunds += refund;
        order.refunded += refund;
        order.lineDecreases[0]! += refund;
      } else {
        const sup = res.body.data.supplements.at(-1);
        expect(sup.amount).toBe((this.scenario === 'domestic_freight' ? 800 : tenth) / 100);
        order.pending.push({ id: sup.id, amount: this.scenario === 'domestic_freight' ? 800 : tenth, line: this.scenario === 'domestic_freight' ? 'postage' : 0 });
      }
    }
    checkInvariants(m, r);
  }
  toString = () => `simulate(#${this.index}, ${this.scenario})`;
}

/**
 * A whole after-sales story on one order in one command: paid, the seller changes the price (a scenario on
 * the first line, or the back office for the whole order), the increase paid, on to the warehouse, a line
 * returned and approved. As separate commands (a run holds ~13) the chain almost never happened, so the
 * return's price after a change went unchecked. Each part is the command above, with its own expectations.
 */
class PriceChangeThenReturn implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly change: 'price_increase' | 'price_decrease',
    readonly viaScenario: boolean,
    readonly line: number,
    readonly minor: number,
  ) {}
  check = (m: Readonly<Model>) => m.placed.length > 0;
  async run(m: Model, r: Real) {
    const orderNo = pick(m, this.index);
    const at = m.placed.indexOf(orderNo);
    if (m.orders.get(orderNo)!.status === 'pending') await new Advance(at).run(m, r);
    if (this.viaScenario) await new Simulate(at, this.change).run(m, r);
    else await new RaiseSupplement(at, this.change, this.minor).run(m, r);
    if (m.orders.get(orderNo)!.pending.length > 0) {
      const waiting = m.placed.filter((no) => m.orders.get(no)!.pending.length > 0);
      await new ResolveSupplement(waiting.indexOf(orderNo), true).run(m, r);
    }
    await new Advance(at, true).run(m, r);
    await new AfterArrival(at, this.line, 'return', 1).run(m, r);
    const open = m.placed.filter((no) => m.orders.get(no)!.lineState.includes('returning'));
    if (open.includes(orderNo)) await new Decide(open.indexOf(orderNo), true).run(m, r);
  }
  toString = () => `priceChangeThenReturn(#${this.index}, ${this.change}${this.viaScenario ? ' scenario' : ` ${this.minor}`}, line ${this.line})`;
}

/** How many approved returns came after a price change of their order (surfaced with the budget). */
let returnsAfterPriceChange = 0;

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
  fc
    .tuple(fc.constantFrom('card' as const, 'paypal' as const, 'alipay' as const, 'bank_transfer' as const), fc.integer({ min: 1, max: 2_000_000 }), fc.boolean())
    .map(([method, minor, declined]) => new TopUp(method, minor, declined)),
  fc.tuple(linesArb, couponArb, fc.boolean()).map(([lines, coupon, keyed]) => new PlaceOrder(lines, coupon, keyed)),
  fc.tuple(linesArb, couponArb, fc.boolean()).map(([lines, coupon, keyed]) => new PlaceOrder(lines, coupon, keyed)),
  fc.boolean().map((other) => new RetryKeyed(other)),
  indexArb.map((i) => new Cancel(i)),
  indexArb.map((i) => new Advance(i)),
  indexArb.map((i) => new Refund(i)),
  // v1.1 after-sales
  fc
    .tuple(indexArb, fc.constantFrom('price_increase' as const, 'domestic_freight' as const, 'price_decrease' as const), fc.integer({ min: 1, max: 300_000 }))
    .map(([i, reason, amount]) => new RaiseSupplement(i, reason, amount)),
  fc.tuple(indexArb, fc.boolean()).map(([i, pay]) => new ResolveSupplement(i, pay)),
  fc.tuple(indexArb, fc.boolean()).map(([i, pay]) => new ResolveSupplement(i, pay)),
  indexArb.map((i) => new Advance(i)),
  indexArb.map((i) => new Advance(i, true)),
  fc
    .tuple(indexArb, fc.constantFrom('price_increase' as const, 'price_decrease' as const), fc.boolean(), fc.nat({ max: 3 }), fc.integer({ min: 1, max: 60_000 }))
    .map(([i, change, viaScenario, line, minor]) => new PriceChangeThenReturn(i, change, viaScenario, line, minor)),
  fc
    .tuple(indexArb, fc.nat({ max: 3 }), fc.constantFrom('photos' as const, 'return' as const, 'exchange' as const), fc.integer({ min: 1, max: 10 }))
    .map(([i, line, what, count]) => new AfterArrival(i, line, what, count)),
  fc.tuple(indexArb, fc.boolean()).map(([i, approve]) => new Decide(i, approve)),
  fc
    .tuple(indexArb, fc.constantFrom('out_of_stock' as const, 'price_increase' as const, 'price_decrease' as const, 'domestic_freight' as const))
    .map(([i, scenario]) => new Simulate(i, scenario)),
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
  const model: Model = { deposits: 0, payments: 0, refunds: 0, supplements: 0, charges: 0, frozen: 0, stock, coupons, orders: new Map(), placed: [], lastKeyed: null };
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
      console.info(`money property: ${NUM_RUNS} runs of up to ${MAX_COMMANDS} commands in ${Date.now() - started} ms; ${returnsAfterPriceChange} returns after a price change`);
    },
    DEEP ? 1_800_000 : 60_000,
  );
});
