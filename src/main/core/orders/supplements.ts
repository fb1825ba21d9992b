import type { CoreContext } from '../context.js';
import { appendTimeline, englishNote, money, part } from './timeline.js';
import { scheduleStep } from '../autopilot/queue.js';
import { emitEvent } from '../events/log.js';
import { readSetting } from '../settings/settings.js';
import { badRequest, conflict, notFound } from '../shared/errors.js';
import { toAmount, type Minor } from '../shared/money.js';
import { postEntry } from '../wallet/ledger.js';
import { SUPPLEMENT_EXPIRE_STEP, supplementExpiry } from './after-sales-rules.js';
export { SUPPLEMENT_EXPIRE_STEP } from './after-sales-rules.js';
import { applyTransition } from './lifecycle.js';
import { declinePendingSupplements, resolveSupplement } from './supplement-resolution.js';
import { orderMoney } from './order-money.js';
import type { Actor } from './state-machine.js';
import { requireOrder } from './views.js';
import { supplementRows, type OrderRow, type SupplementRow } from './rows.js';
import type { Supplement } from '../../../contract/open/orders.js';

/**
 * Supplementary payments (extensions.md section 2): while an order is `paid` the back office asks for
 * more money (the seller raised the price, or charges domestic postage). The order is not purchased while
 * one is pending; the user pays it (ledger `supplement_payment`) or declines it (the order is refunded in
 * full, coupon back); expiry on the service clock acts as a decline. A price decrease is refunded at once.
 */

function view(row: SupplementRow): Supplement {
  return {
    id: row.id,
    orderNo: row.order_no,
    itemId: row.item_id,
    reason: row.reason,
    amount: toAmount(row.amount_minor),
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    resolvedAt: row.resolved_at,
  };
}

export function listSupplements(ctx: CoreContext, orderNo: string): Supplement[] {
  return supplementRows.all(ctx.db.prepare('SELECT * FROM order_supplements WHERE order_no = ? ORDER BY id').all(orderNo)).map(view);
}

export function listOrderSupplements(ctx: CoreContext, orderNo: string, userId: number | null): Supplement[] {
  requireOrder(ctx, orderNo, userId);
  return listSupplements(ctx, orderNo);
}

export function pendingSupplementTotal(ctx: CoreContext, orderNo: string): Minor {
  return ctx.db.prepare("SELECT COALESCE(SUM(amount_minor), 0) FROM order_supplements WHERE order_no = ? AND status = 'pending'").pluck().get(orderNo) as number;
}

export function hasPendingSupplement(ctx: CoreContext, orderNo: string): boolean {
  return ctx.db.prepare("SELECT 1 FROM order_supplements WHERE order_no = ? AND status = 'pending' LIMIT 1").get(orderNo) !== undefined;
}

function requireItem(ctx: CoreContext, orderNo: string, itemId: number | undefined | null): { price_minor: number; quantity: number } | null {
  if (itemId === undefined || itemId === null) return null;
  const item = ctx.db.prepare('SELECT price_minor, quantity FROM order_items WHERE id = ? AND order_no = ? AND replaces_item_id IS NULL').get(itemId, orderNo) as
    | { price_minor: number; quantity: number }
    | undefined;
  if (!item) throw notFound(`Order ${orderNo} has no item ${itemId}`);
  return item;
}

function requirePaid(order: OrderRow, what: string): void {
  if (order.status !== 'paid') throw conflict(`Order ${order.order_no} is ${order.status}; ${what} only while it is paid (before it is purchased)`);
}

export interface NewSupplement {
  reason: 'price_increase' | 'domestic_freight';
  /** Minor units, > 0. */
  amount: Minor;
  itemId?: number | null;
}

/** The back office asks for more money (admin API, its work page, autopilot, scenario). In the caller's transaction or its own. */
export function raiseSupplement(ctx: CoreContext, orderNo: string, input: NewSupplement): Supplement {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw badRequest('amount must be greater than 0');
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, null);
      requirePaid(order, 'a supplement can be raised');
      requireItem(ctx, orderNo, input.itemId);
      const now = ctx.nowIso();
      const expiresAt = supplementExpiry(now, readSetting(ctx.db, 'supplementHours'));
      const id = Number(
        ctx.db
          .prepare(
            `INSERT INTO order_supplements (order_no, user_id, item_id, reason, amount_minor, status, created_at, expires_at)
             VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)`,
          )
          .run(orderNo, order.user_id, input.itemId ?? null, input.reason, input.amount, now, expiresAt).lastInsertRowid,
      );
      scheduleStep(ctx.db, SUPPLEMENT_EXPIRE_STEP, id, new Date(expiresAt));
      appendTimeline(ctx, orderNo, order.status, now, {
        parts: [part('order.supplement_requested', { ...money(input.amount, order.currency), reason: input.reason, dueBy: expiresAt })],
      });
      emitEvent(ctx, 'order.supplement_requested', order.user_id, { orderNo, supplementId: id, reason: input.reason, amount: toAmount(input.amount), expiresAt });
      return view(requireSupplement(ctx, orderNo, id));
    })
    .immediate();
}

function requireSupplement(ctx: CoreContext, orderNo: string, id: number): SupplementRow {
  const row = supplementRows.one(ctx.db.prepare('SELECT * FROM order_supplements WHERE id = ? AND order_no = ?').get(id, orderNo));
  if (!row) throw notFound(`Supplement ${id} of order ${orderNo} not found`);
  return row;
}

/** The user pays a pending supplement: 402 when short, 409 unless pending. Once none is pending, the purchase step is due again. */
export function paySupplement(ctx: CoreContext, userId: number, orderNo: string, id: number): Supplement {
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, userId);
      const row = requireSupplement(ctx, orderNo, id);
      if (row.status !== 'pending') throw conflict(`Supplement ${id} is ${row.status}; only a pending supplement can be paid`);
      postEntry(ctx, {
        userId,
        type: 'supplement_payment',
        amount: -row.amount_minor,
        reference: orderNo,
        description: `Supplement ${id} for purchase order ${orderNo} (${row.reason.replace('_', ' ')})`,
      });
      resolveSupplement(ctx, row, 'paid');
      const now = ctx.nowIso();
      // Touching updated_at re-plans the order's purchase step (trigger of migration 005) from now.
      ctx.db.prepare('UPDATE orders SET updated_at = ? WHERE order_no = ?').run(now, orderNo);
      appendTimeline(ctx, orderNo, order.status, now, { parts: [part('order.supplement_paid', money(row.amount_minor, order.currency))] });
      return view(requireSupplement(ctx, orderNo, id));
    })
    .immediate();
}

/** Declining (by the user) or expiry (the service): the order is refunded in full (everything paid for it) and the coupon returned. */
export function declineSupplement(ctx: CoreContext, userId: number | null, orderNo: string, id: number, how: 'declined' | 'expired' = 'declined'): Supplement {
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, userId);
      const row = requireSupplement(ctx, orderNo, id);
      if (row.status !== 'pending') throw conflict(`Supplement ${id} is ${row.status}; only a pending supplement can be ${how}`);
      resolveSupplement(ctx, row, how);
      // Any other pending supplement of the order goes with it: the order is not bought.
      declinePendingSupplements(ctx, orderNo, how);
      if (order.status === 'paid') {
        const actor: Actor = how === 'declined' ? 'user' : 'system';
        const reasonPart = part(how === 'declined' ? 'order.refunded_supplement_declined' : 'order.refunded_supplement_expired', money(row.amount_minor, order.currency));
        applyTransition(ctx, orderNo, 'refunded', actor, { reason: englishNote([reasonPart]), reasonPart });
      }
      return view(requireSupplement(ctx, orderNo, id));
    })
    .immediate();
}

/** The step of the due-step queue: a supplement still pending at its expiry acts as a decline. */
export function expireSupplement(ctx: CoreContext, id: number): void {
  const row = supplementRows.one(ctx.db.prepare('SELECT * FROM order_supplements WHERE id = ?').get(id));
  if (!row || row.status !== 'pending') return;
  if (Date.parse(ctx.nowIso()) < Date.parse(row.expires_at)) return;
  declineSupplement(ctx, null, row.order_no, id, 'expired');
}

/**
 * The seller lowered the price: the difference goes back at once (`order_refund`, the description says
 * why), capped at what is left of the order's money. Only while paid (before purchase).
 */
export function refundPriceDecrease(ctx: CoreContext, orderNo: string, amount: Minor, itemId?: number | null): { refunded: Minor } {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw badRequest('amount must be greater than 0');
  return ctx.db
    .transaction(() => {
      const order = requireOrder(ctx, orderNo, null);
      requirePaid(order, 'a price decrease can be refunded');
      requireItem(ctx, orderNo, itemId);
      const left = orderMoney(ctx, orderNo).left;
      const refund = Math.min(amount, left);
      if (refund <= 0) throw conflict(`Order ${orderNo} has nothing left to refund`);
      postEntry(ctx, {
        userId: order.user_id,
        type: 'order_refund',
        amount: refund,
        reference: orderNo,
        description: `Price decrease refunded for purchase order ${orderNo}${itemId ? ` (item ${itemId})` : ''}: the seller lowered the price`,
      });
      ctx.db.prepare('UPDATE orders SET price_refunds_minor = price_refunds_minor + ? WHERE order_no = ?').run(refund, orderNo);
      if (itemId) ctx.db.prepare('UPDATE order_items SET price_refunds_minor = price_refunds_minor + ? WHERE id = ?').run(refund, itemId);
      const now = ctx.nowIso();
      appendTimeline(ctx, orderNo, order.status, now, { parts: [part('order.price_decrease_refunded', money(refund, order.currency))] });
      return { refunded: refund };
    })
    .immediate();
}
