import type { CoreContext } from '../context.js';
import { appendTimeline, money, part, type TimelinePart } from './timeline.js';
import { cancelStep, scheduleStep } from '../autopilot/queue.js';
import { emitEvent } from '../events/log.js';
import { readSetting } from '../settings/settings.js';
import { conflict, notFound } from '../shared/errors.js';
import { formatAmount, toAmount, type Minor } from '../shared/money.js';
import { placeHold, captureHold, releaseHold, postEntry } from '../wallet/ledger.js';
import { receiveReplacementPackage } from '../warehouse/receive.js';
import { canMovePackage, type PackageStatus } from '../warehouse/package-state.js';
import { decisionDeadline, EXCHANGE_ARRIVE_STEP, insideWindow, linePricesAfterChanges, returnHoldRef, returnRefund, SELLER_DECISION_STEP } from './after-sales-rules.js';
export { SELLER_DECISION_STEP, EXCHANGE_ARRIVE_STEP } from './after-sales-rules.js';
import { settleOrderIfDone } from './completion.js';
import { FINAL_STATUSES } from './state-machine.js';
import { orderMoney } from './order-money.js';
import { allocateDiscount } from './pricing.js';
import { requireOrder } from './views.js';
import { linePriceRows, pendingReturnRows, returnRows, wholeOrderPriceRows, type OrderRow, type ReturnRow } from './rows.js';
import type { OrderReturn } from '../../../contract/open/orders.js';
import type { AdminPendingReturn } from '../../../contract/admin/returns.js';
import { integerCursor, pageOf, unknownCursor, type Page } from '../shared/pagination.js';

/**
 * Returns and exchanges (extensions.md section 3). Inside the decision window, while the line's package is
 * in the warehouse, the user asks to send it back (`return`: refund of the line less the return fee) or to
 * swap it (`exchange`: the fee is charged and a new package for the line arrives later). The package is
 * `returning` (not shippable) until the seller decides (admin API, back office, autopilot, scenario).
 *
 * Money: an exchange's fee is held at the request (402 when short, so the seller's decision can always
 * be charged), captured as `service_charge` on approval, released on rejection. A return refunds what was
 * paid for the line (its amount less its share of the coupon discount) less the fee, capped at what is
 * left of the order's money (order-money.ts), so nothing is refunded twice; the service fee stays.
 */

function view(row: ReturnRow): OrderReturn {
  return {
    id: row.id,
    orderNo: row.order_no,
    itemId: row.item_id,
    type: row.type,
    status: row.status,
    reason: row.reason,
    fee: toAmount(row.fee_minor),
    refundAmount: toAmount(row.refund_minor),
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

const holdRef = returnHoldRef;

export function listReturns(ctx: CoreContext, orderNo: string): OrderReturn[] {
  return returnRows.all(ctx.db.prepare('SELECT * FROM order_returns WHERE order_no = ? ORDER BY id').all(orderNo)).map(view);
}

/**
 * The back office's queue: every user's returns and exchanges still `requested`, oldest first (the order
 * they wait in), `limit` at a time after the `startingAfter` return. One seek in the partial index of
 * requested returns (migration 015) and the total from its trigger-kept count: the cost of a page does not
 * grow with the history. Any return id is a cursor, decided since or not, so a page walk survives the
 * decisions taken meanwhile; an id that is no return is 400.
 */
export function listPendingReturns(ctx: CoreContext, query: { limit: number; startingAfter?: string }): Page<AdminPendingReturn> {
  let after = 0;
  if (query.startingAfter !== undefined) {
    after = integerCursor(query.startingAfter);
    if (!ctx.db.prepare('SELECT 1 FROM order_returns WHERE id = ?').get(after)) unknownCursor();
  }
  const rows = pendingReturnRows.all(
    ctx.db
      .prepare(
        `SELECT r.*, i.title, i.sku_name, i.quantity FROM order_returns r JOIN order_items i ON i.id = r.item_id
          WHERE r.status = 'requested' AND r.id > ? ORDER BY r.id LIMIT ?`,
      )
      .all(after, query.limit),
  );
  const total = (ctx.db.prepare("SELECT n FROM order_return_counts WHERE status = 'requested'").pluck().get() as number | undefined) ?? 0;
  const items = rows.map((row) => ({ ...view(row), userId: row.user_id, packageId: row.package_id, title: row.title, skuName: row.sku_name, quantity: row.quantity }));
  return pageOf(items, total, { page: 1, limit: query.limit });
}

export function listOrderReturns(ctx: CoreContext, orderNo: string, userId: number | null): OrderReturn[] {
  requireOrder(ctx, orderNo, userId);
  return listReturns(ctx, orderNo);
}

/**
 * Why an order not `in_warehouse` nor `completed` takes no photo request, return or exchange, as its status
 * makes true: on its way (not arrived yet) they start at arrival; finished without arriving (cancelled,
 * refunded) they never will; `returned`, its packages have left the warehouse (and its window may have
 * closed too).
 */
function outsideWarehouseMessage(ctx: CoreContext, order: OrderRow): string {
  const is = `Order ${order.order_no} is ${order.status}`;
  if (!FINAL_STATUSES.includes(order.status)) return `${is}; photos, returns and exchanges start once it is in the warehouse`;
  if (order.arrived_at === null) return `${is}; it never reached the warehouse, so it has no photos, returns or exchanges`;
  const deadline = order.decision_deadline;
  const closed = deadline !== null && !insideWindow(ctx.nowIso(), deadline) ? ` and its after-sales window closed at ${deadline}` : '';
  return `${is}; it has left the warehouse${closed}, so photos, returns and exchanges are over`;
}

/** 409 unless the order is in the warehouse (or later) and inside its decision window. */
export function requireDecisionWindow(ctx: CoreContext, order: OrderRow & { decision_deadline?: string | null }): void {
  if (!['in_warehouse', 'completed'].includes(order.status)) throw conflict(outsideWarehouseMessage(ctx, order));
  const deadline = order.decision_deadline ?? null;
  if (!insideWindow(ctx.nowIso(), deadline)) {
    throw conflict(`The decision window of order ${order.order_no} closed at ${deadline ?? 'arrival'}`);
  }
}

function movePackage(ctx: CoreContext, packageId: number, from: PackageStatus, to: PackageStatus): void {
  if (!canMovePackage(from, to)) throw new Error(`package ${packageId} cannot move ${from} -> ${to}`);
  const changed = ctx.db.prepare('UPDATE packages SET status = ? WHERE id = ? AND status = ?').run(to, packageId, from).changes;
  if (changed !== 1) throw conflict(`Package ${packageId} is no longer ${from}`);
}

export interface NewReturn {
  itemId: number;
  type: 'return' | 'exchange';
  reason: string;
}

export function requestReturn(ctx: CoreContext, userId: number, orderNo: string, input: NewReturn): OrderReturn {
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, userId);
      requireDecisionWindow(ctx, order);
      const pkg = ctx.db
        // The line's newest package: after an exchange, the replacement's.
        .prepare(
          `SELECT p.id, p.status FROM packages p JOIN order_items i ON i.id = p.order_item_id
            WHERE p.order_no = ? AND (i.id = ? OR i.replaces_item_id = ?) ORDER BY p.id DESC LIMIT 1`,
        )
        .get(orderNo, input.itemId, input.itemId) as { id: number; status: PackageStatus } | undefined;
      const item = ctx.db.prepare('SELECT id FROM order_items WHERE id = ? AND order_no = ?').get(input.itemId, orderNo);
      if (!item) throw notFound(`Order ${orderNo} has no item ${input.itemId}`);
      if (!pkg || pkg.status !== 'in_warehouse') {
        throw conflict(`The package of item ${input.itemId} is ${pkg?.status ?? 'not in the warehouse'}; only a package in the warehouse can be returned or exchanged`);
      }
      const fee = readSetting(ctx.db, 'returnFeeMinor');
      const now = ctx.nowIso();
      movePackage(ctx, pkg.id, 'in_warehouse', 'returning');
      const id = Number(
        ctx.db
          .prepare(
            `INSERT INTO order_returns (order_no, user_id, item_id, package_id, type, status, reason, fee_minor, created_at)
             VALUES (?, ?, ?, ?, ?, 'requested', ?, ?, ?)`,
          )
          .run(orderNo, userId, input.itemId, pkg.id, input.type, input.reason, fee, now).lastInsertRowid,
      );
      if (input.type === 'exchange' && fee > 0) placeHold(ctx, userId, holdRef(id), fee);
      scheduleStep(ctx.db, SELLER_DECISION_STEP, id, { since: now });
      appendTimeline(ctx, orderNo, order.status, now, { parts: [part('order.return_requested', { type: input.type, itemId: input.itemId, reason: input.reason })] });
      emitEvent(ctx, 'order.return_requested', userId, { orderNo, returnId: id, itemId: input.itemId, type: input.type });
      return view(returnRows.existing(ctx.db.prepare('SELECT * FROM order_returns WHERE id = ?').get(id)));
    })
    .immediate();
}

/** The seller's decision (admin API, back office, autopilot). 409 unless the request is still open. */
export function decideReturn(ctx: CoreContext, orderNo: string, id: number, decision: 'approved' | 'rejected'): OrderReturn {
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, null);
      const row = returnRows.one(ctx.db.prepare('SELECT * FROM order_returns WHERE id = ? AND order_no = ?').get(id, orderNo));
      if (!row) throw notFound(`Return ${id} of order ${orderNo} not found`);
      if (row.status !== 'requested') throw conflict(`Return ${id} is already ${row.status}`);
      const now = ctx.nowIso();
      let refund = 0;
      let note: TimelinePart;
      if (decision === 'rejected') {
        movePackage(ctx, row.package_id, 'returning', 'in_warehouse');
        if (row.type === 'exchange' && row.fee_minor > 0) releaseHold(ctx, holdRef(id));
        note = part('order.return_rejected', { type: row.type, itemId: row.item_id });
      } else {
        movePackage(ctx, row.package_id, 'returning', 'returned');
        if (row.type === 'return') {
          const paid = paidForLine(ctx, order, row.item_id);
          const left = orderMoney(ctx, orderNo).left;
          refund = returnRefund(paid.price, paid.couponShare, row.fee_minor, left);
          if (refund > 0) {
            postEntry(ctx, {
              userId: row.user_id,
              type: 'order_refund',
              amount: refund,
              reference: orderNo,
              description: returnRefundDescription(order, row, paid, refund < paid.price - paid.couponShare - row.fee_minor),
            });
          }
          note = part('order.return_accepted', { itemId: row.item_id, ...money(refund, order.currency) });
        } else {
          if (row.fee_minor > 0) captureHold(ctx, holdRef(id), 'service_charge', `Exchange fee for item ${row.item_id} of purchase order ${orderNo}`);
          const replacement = Number(
            ctx.db
              .prepare(
                `INSERT INTO order_items (order_no, product_id, sku_id, title, sku_name, price_minor, quantity, remark, weight_g, cargo_type, image_url,
                   platform, shop_name, marketplace_order_no, replaces_item_id)
                 SELECT order_no, product_id, sku_id, title, sku_name, price_minor, quantity, remark, weight_g, cargo_type, image_url,
                   platform, shop_name, marketplace_order_no, id FROM order_items WHERE id = ?`,
              )
              .run(row.item_id).lastInsertRowid,
          );
          scheduleStep(ctx.db, EXCHANGE_ARRIVE_STEP, replacement, { since: now });
          note = part('order.exchange_accepted', { itemId: row.item_id });
        }
      }
      ctx.db.prepare('UPDATE order_returns SET status = ?, refund_minor = ?, resolved_at = ? WHERE id = ?').run(decision, refund, now, id);
      appendTimeline(ctx, orderNo, order.status, now, { parts: [note] });
      emitEvent(ctx, 'order.return_resolved', row.user_id, {
        orderNo,
        returnId: id,
        itemId: row.item_id,
        type: row.type,
        status: decision,
        refundAmount: toAmount(refund),
        at: now,
      });
      settleOrderIfDone(ctx, orderNo, [note]);
      return view(returnRows.existing(ctx.db.prepare('SELECT * FROM order_returns WHERE id = ?').get(id)));
    })
    .immediate();
}

/**
 * What was paid for an order line: its price after the seller's price changes (after-sales-rules.ts
 * linePricesAfterChanges: price x quantity, plus price increases paid for it, less price decreases refunded
 * for it; those of the whole order shared by amount) and its share of the order's coupon discount, shared
 * over the order's own lines (an exchange's hidden replacement is none) in proportion to their amounts
 * (pricing.ts allocateDiscount). The service fee and domestic postage stay the order's.
 */
function paidForLine(ctx: CoreContext, order: OrderRow, itemId: number): LinePaid {
  const lines = linePriceRows.all(
    ctx.db.prepare(
      `SELECT i.id, i.price_minor * i.quantity AS amount, i.price_refunds_minor AS decreased,
              (SELECT COALESCE(SUM(s.amount_minor), 0) FROM order_supplements s
                WHERE s.order_no = i.order_no AND s.item_id = i.id AND s.reason = 'price_increase' AND s.status = 'paid') AS increased
         FROM order_items i WHERE i.order_no = ? AND i.replaces_item_id IS NULL ORDER BY i.id`,
    ).all(order.order_no),
  );
  const index = lines.findIndex((l) => l.id === itemId);
  if (index < 0) throw new Error(`order ${order.order_no} has no line ${itemId}`);
  // Changes raised for no line; the order's decreases include its lines', and those refunded before lines kept theirs (migration 33).
  const changes = wholeOrderPriceRows.existing(
    ctx.db
      .prepare(
        `SELECT (SELECT COALESCE(SUM(amount_minor), 0) FROM order_supplements
                  WHERE order_no = o.order_no AND item_id IS NULL AND reason = 'price_increase' AND status = 'paid') AS increased,
                o.price_refunds_minor AS decreased
           FROM orders o WHERE o.order_no = ?`,
      )
      .get(order.order_no),
  );
  const amounts = lines.map((l) => l.amount);
  const wholeOrder = { increased: changes.increased, decreased: Math.max(0, changes.decreased - lines.reduce((sum, l) => sum + l.decreased, 0)) };
  const prices = linePricesAfterChanges(amounts, lines, wholeOrder);
  // The discount never exceeds the subtotal (doctor checks it); the min only keeps a damaged row from blocking the decision.
  const discount = Math.min(order.discount_minor, amounts.reduce((sum, a) => sum + a, 0));
  return { amount: amounts[index]!, price: prices[index]!, couponShare: allocateDiscount(amounts, discount)[index]! };
}

interface LinePaid {
  /** price x quantity at the order */
  amount: Minor;
  /** the amount after the price changes settled for the line */
  price: Minor;
  couponShare: Minor;
}

/** The refund's ledger description: the line's price, what was kept back (the coupon's share, the fee) and, when it applied, the cap. */
function returnRefundDescription(order: OrderRow, row: ReturnRow, paid: LinePaid, capped: boolean): string {
  const fmt = (minor: Minor) => formatAmount(minor, order.currency);
  const change = paid.price - paid.amount;
  const price = change === 0 ? '' : `${fmt(paid.price)} after a price ${change > 0 ? 'increase' : 'decrease'} of ${fmt(Math.abs(change))}, `;
  const kept =
    paid.couponShare > 0
      ? `${price}less its ${fmt(paid.couponShare)} share of the coupon discount and the ${fmt(row.fee_minor)} return fee`
      : `${price}less the ${fmt(row.fee_minor)} return fee`;
  return `Return of item ${row.item_id} of purchase order ${order.order_no} approved (${kept}${capped ? `; capped at what was left of the order's money` : ''})`;
}

/**
 * The back office receives an approved exchange's replacement by hand (the step the autopilot takes as
 * `order.exchange_arrive`): 404 for an unknown return of this order, 409 for a return that is not an
 * approved exchange or whose replacement is already in. Returns the new package's id.
 */
export function receiveExchangeOfReturn(ctx: CoreContext, orderNo: string, returnId: number): number {
  return ctx.db
    .transaction(() => {
      requireOrder(ctx, orderNo, null);
      const row = ctx.db.prepare('SELECT item_id, type, status FROM order_returns WHERE id = ? AND order_no = ?').get(returnId, orderNo) as
        | { item_id: number; type: string; status: string }
        | undefined;
      if (!row) throw notFound(`Return ${returnId} of purchase order ${orderNo} not found`);
      if (row.type !== 'exchange' || row.status !== 'approved') throw conflict(`Return ${returnId} is ${row.type === 'exchange' ? `an exchange ${row.status}` : 'a return'}: only an approved exchange has a replacement to receive`);
      const replacement = ctx.db.prepare('SELECT id FROM order_items WHERE order_no = ? AND replaces_item_id = ? ORDER BY id DESC LIMIT 1').pluck().get(orderNo, row.item_id) as number | undefined;
      const packageId = replacement === undefined ? null : receiveExchange(ctx, replacement);
      if (packageId === null) throw conflict(`The replacement for return ${returnId} is already in the warehouse`);
      cancelStep(ctx.db, EXCHANGE_ARRIVE_STEP, replacement!);
      return packageId;
    })
    .immediate();
}

/** The exchange's replacement reaches the warehouse: a new package with a fresh inspection. */
export function receiveExchange(ctx: CoreContext, replacementItemId: number): number | null {
  const row = ctx.db.prepare('SELECT order_no FROM order_items WHERE id = ? AND replaces_item_id IS NOT NULL').get(replacementItemId) as { order_no: string } | undefined;
  if (!row) return null;
  if (ctx.db.prepare('SELECT 1 FROM packages WHERE order_item_id = ?').get(replacementItemId)) return null;
  const packageId = receiveReplacementPackage(ctx, row.order_no, replacementItemId);
  // A fresh inspection opens a fresh decision window for the replacement.
  const now = ctx.nowIso();
  const deadline = decisionDeadline(now, readSetting(ctx.db, 'decisionWindowDays'));
  ctx.db.prepare('UPDATE orders SET decision_deadline = MAX(COALESCE(decision_deadline, ?), ?) WHERE order_no = ?').run(deadline, deadline, row.order_no);
  appendTimeline(ctx, row.order_no, null, ctx.nowIso(), { parts: [part('order.exchange_arrived', { packageId })] });
  return packageId;
}
