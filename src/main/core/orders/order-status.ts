import type { CoreContext } from '../context.js';
import { appendTimeline, type TimelinePart } from './timeline.js';
import { ApiError, conflict } from '../shared/errors.js';
import { emitEvent } from '../events/log.js';
import { toAmount } from '../shared/money.js';
import { canTransition, type Actor, type OrderStatus } from './state-machine.js';

/**
 * The one place an order's status is written: checks the state machine, moves the row, appends the
 * timeline. Side effects (money, coupons, packages) belong to the caller, in the same transaction.
 */
export function recordStatusChange(
  ctx: CoreContext,
  orderNo: string,
  to: OrderStatus,
  actor: Actor,
  note = '',
  parts: TimelinePart[] | null = null,
): { from: OrderStatus; to: OrderStatus; at: string } {
  if (!ctx.db.inTransaction) throw new Error('status changes must run inside a transaction');
  const row = ctx.db.prepare('SELECT status, user_id FROM orders WHERE order_no = ?').get(orderNo) as
    | { status: OrderStatus; user_id: number }
    | undefined;
  if (!row) throw new ApiError(404, `Order ${orderNo} not found`);
  if (!canTransition(row.status, to, actor)) {
    throw conflict(`Order ${orderNo} is ${row.status} and cannot move to ${to}`);
  }
  const at = ctx.nowIso();
  ctx.db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE order_no = ?').run(to, at, orderNo);
  if (parts) appendTimeline(ctx, orderNo, to, at, { parts });
  else appendTimeline(ctx, orderNo, to, at, { note });
  emitEvent(ctx, 'order.status_changed', row.user_id, { orderNo, from: row.status, to, at, note });
  return { from: row.status, to, at };
}

/**
 * The first timeline entry of a new order (its row is inserted as pending by the order's creator, who
 * passes what it wrote rather than have it read back). Returns the entry's English note.
 */
export function recordOrderPlaced(
  ctx: CoreContext,
  order: { orderNo: string; userId: number; totalMinor: number; currency: string },
  at: string,
  parts: TimelinePart[],
): string {
  if (!ctx.db.inTransaction) throw new Error('status changes must run inside a transaction');
  const note = appendTimeline(ctx, order.orderNo, 'pending', at, { parts });
  emitEvent(ctx, 'order.created', order.userId, { orderNo: order.orderNo, status: 'pending', totalAmount: toAmount(order.totalMinor), currency: order.currency });
  return note;
}
