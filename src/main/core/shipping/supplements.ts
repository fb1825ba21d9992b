import type { CoreContext } from '../context.js';
import { cancelStep, scheduleStep } from '../autopilot/queue.js';
import { emitEvent } from '../events/log.js';
import { notFound } from '../shared/errors.js';
import { toAmount, type Minor } from '../shared/money.js';
import { readFigure } from '../warehouse/figures.js';
import { shippingSupplementRows, type ShippingSupplementRow } from './rows.js';
import type { ShippingSupplement } from '../../../contract/open/shipping.js';

/**
 * Shipping supplements (extensions.md section 10): what the packed parcel costs beyond the fee held and
 * its tolerance. Raised when the parcel is weighed (the order waits in `awaiting_payment`), paid by the
 * customer (lifecycle.ts hands the parcel over then) or expired after 48 h on the service clock (a due
 * step: the shipment is cancelled, its hold released, its packages back on the shelf). This module keeps
 * the rows; the order's moves are lifecycle.ts's.
 */
export const SHIPPING_SUPPLEMENT_EXPIRE_STEP = 'shipping.supplement_expire';

export type { ShippingSupplementRow } from './rows.js';

export function supplementView(row: ShippingSupplementRow): ShippingSupplement {
  return {
    id: row.id,
    shippingOrderNo: row.shipping_order_no,
    amount: toAmount(row.amount_minor),
    status: row.status,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    resolvedAt: row.resolved_at,
  };
}

export function shippingSupplementsOf(ctx: CoreContext, orderNo: string): ShippingSupplement[] {
  return shippingSupplementRows.all(ctx.db.prepare('SELECT * FROM shipping_supplements WHERE shipping_order_no = ? ORDER BY id').all(orderNo)).map(supplementView);
}

export function requireShippingSupplement(ctx: CoreContext, orderNo: string, id: number): ShippingSupplementRow {
  const row = shippingSupplementRows.one(ctx.db.prepare('SELECT * FROM shipping_supplements WHERE id = ? AND shipping_order_no = ?').get(id, orderNo));
  if (!row) throw notFound(`Supplement ${id} of shipping order ${orderNo} not found`);
  return row;
}

export function findShippingSupplement(ctx: CoreContext, id: number): ShippingSupplementRow | null {
  return shippingSupplementRows.one(ctx.db.prepare('SELECT * FROM shipping_supplements WHERE id = ?').get(id)) ?? null;
}

/** In the caller's transaction: a pending supplement due in the operator's hours (48 by default). */
export function raiseShippingSupplement(ctx: CoreContext, orderNo: string, userId: number, amount: Minor): ShippingSupplementRow {
  const now = ctx.nowIso();
  const expiresAt = new Date(Date.parse(now) + readFigure(ctx, 'shippingSupplementHours') * 3_600_000).toISOString();
  const id = Number(
    ctx.db
      .prepare(`INSERT INTO shipping_supplements (shipping_order_no, user_id, amount_minor, status, created_at, expires_at) VALUES (?, ?, ?, 'pending', ?, ?)`)
      .run(orderNo, userId, amount, now, expiresAt).lastInsertRowid,
  );
  scheduleStep(ctx.db, SHIPPING_SUPPLEMENT_EXPIRE_STEP, id, new Date(expiresAt));
  emitEvent(ctx, 'shipping.supplement_requested', userId, { orderNo, supplementId: id, amount: toAmount(amount), expiresAt });
  return requireShippingSupplement(ctx, orderNo, id);
}

/** In the caller's transaction: the pending supplement(s) of the order resolved as paid or expired. */
export function resolveShippingSupplement(ctx: CoreContext, row: ShippingSupplementRow, status: 'paid' | 'expired'): void {
  const at = ctx.nowIso();
  ctx.db.prepare('UPDATE shipping_supplements SET status = ?, resolved_at = ? WHERE id = ?').run(status, at, row.id);
  cancelStep(ctx.db, SHIPPING_SUPPLEMENT_EXPIRE_STEP, row.id);
  emitEvent(ctx, 'shipping.supplement_resolved', row.user_id, { orderNo: row.shipping_order_no, supplementId: row.id, status, amount: toAmount(row.amount_minor), at });
}

export function pendingShippingSupplements(ctx: CoreContext, orderNo: string): ShippingSupplementRow[] {
  return shippingSupplementRows.all(ctx.db.prepare("SELECT * FROM shipping_supplements WHERE shipping_order_no = ? AND status = 'pending' ORDER BY id").all(orderNo));
}
