import type { CoreContext } from '../context.js';
import type { Minor } from '../shared/money.js';
import { refundable } from './after-sales-rules.js';

/**
 * What an order's money is, read from the ledger (entries carry the order number as their reference, one
 * index seek): paid = the order's payment plus paid supplements; refunded = its order_refund entries.
 * Service charges (photos, exchange fees) are fees for a service, never part of what a refund gives back.
 */
export function orderMoney(ctx: CoreContext, orderNo: string): { paid: Minor; refunded: Minor; left: Minor } {
  const row = ctx.db
    .prepare(
      `SELECT COALESCE(SUM(CASE WHEN type IN ('order_payment', 'supplement_payment') THEN -amount_minor ELSE 0 END), 0) AS paid,
              COALESCE(SUM(CASE WHEN type = 'order_refund' THEN amount_minor ELSE 0 END), 0) AS refunded
         FROM wallet_entries WHERE reference = ?`,
    )
    .get(orderNo) as { paid: number; refunded: number };
  return { paid: row.paid, refunded: row.refunded, left: refundable(row.paid, row.refunded) };
}
