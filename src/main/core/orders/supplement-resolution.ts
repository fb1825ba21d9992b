import type { CoreContext } from '../context.js';
import { cancelStep } from '../autopilot/queue.js';
import { emitEvent } from '../events/log.js';
import { toAmount } from '../shared/money.js';
import { SUPPLEMENT_EXPIRE_STEP } from './after-sales-rules.js';
import { supplementRows, type SupplementRow } from './rows.js';

/**
 * A supplement leaves `pending`: its status and time, its expiry step cancelled, and its
 * `order.supplement_resolved` event (extensions.md section 8: every state change writes its event). Below
 * both supplements.ts (pay, decline, expiry) and lifecycle.ts (an order cancelled or refunded takes its
 * pending supplements with it), so neither imports the other for it.
 */
export function resolveSupplement(ctx: CoreContext, row: SupplementRow, status: 'paid' | 'declined' | 'expired'): void {
  const at = ctx.nowIso();
  ctx.db.prepare('UPDATE order_supplements SET status = ?, resolved_at = ? WHERE id = ?').run(status, at, row.id);
  cancelStep(ctx.db, SUPPLEMENT_EXPIRE_STEP, row.id);
  emitEvent(ctx, 'order.supplement_resolved', row.user_id, { orderNo: row.order_no, supplementId: row.id, status, amount: toAmount(row.amount_minor), at });
}

/** Every supplement of the order still pending, declined (the order is not bought). */
export function declinePendingSupplements(ctx: CoreContext, orderNo: string, how: 'declined' | 'expired' = 'declined'): void {
  const pending = supplementRows.all(ctx.db.prepare("SELECT * FROM order_supplements WHERE order_no = ? AND status = 'pending' ORDER BY id").all(orderNo));
  for (const row of pending) resolveSupplement(ctx, row, how);
}
