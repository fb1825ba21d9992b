import type { CoreContext } from '../context.js';
import { part, type TimelinePart } from './timeline.js';
import { finalStatusOf } from './after-sales-rules.js';
import { applyTransition } from './lifecycle.js';

/**
 * An order in the warehouse ends when each of its packages is done (v1.1 section 3): `returned` when every
 * package went back to its seller, `completed` when each is delivered or returned. An open return request
 * or an exchange whose replacement has not arrived keeps it open. Runs in the caller's transaction (a
 * delivery, a seller's decision). Returns the status reached, or null.
 */
export function settleOrderIfDone(ctx: CoreContext, orderNo: string, parts: TimelinePart[]): 'completed' | 'returned' | null {
  const order = ctx.db.prepare('SELECT status FROM orders WHERE order_no = ?').get(orderNo) as { status: string } | undefined;
  if (order?.status !== 'in_warehouse') return null;
  const statuses = ctx.db.prepare('SELECT status FROM packages WHERE order_no = ?').pluck().all(orderNo) as string[];
  const open =
    ctx.db.prepare("SELECT 1 FROM order_returns WHERE order_no = ? AND status = 'requested' LIMIT 1").get(orderNo) !== undefined ||
    ctx.db
      .prepare('SELECT 1 FROM order_items i WHERE i.order_no = ? AND i.replaces_item_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM packages p WHERE p.order_item_id = i.id) LIMIT 1')
      .get(orderNo) !== undefined;
  const to = finalStatusOf(statuses, open);
  if (to === null) return null;
  applyTransition(ctx, orderNo, to, 'system', { parts: to === 'returned' ? [part('order.all_returned')] : parts });
  return to;
}
