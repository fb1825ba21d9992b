import type { CoreContext } from '../context.js';
import type { Minor } from '../shared/money.js';
import { refundable, returnHoldRef } from './after-sales-rules.js';

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

export interface OrderMoneyTotals {
  paid: Minor;
  fees: Minor;
  refunded: Minor;
  net: Minor;
}

/** What the customer has put into the order all told (issue 26 item 6): the price, after-sales fees, less refunds. */
export function netPaid(paid: Minor, fees: Minor, refunded: Minor): OrderMoneyTotals {
  return { paid, fees, refunded, net: paid + fees - refunded };
}

/**
 * The order's money as its detail shows it: orderMoney plus the service charges for it, those referenced by
 * the order number (extra photos) and by its returns' holds (`RET<id>`, exchange fees). Index seeks on
 * wallet_entries' reference, as many as the order has returns plus one.
 */
export function orderMoneyTotals(ctx: CoreContext, orderNo: string, returnIds: readonly number[]): OrderMoneyTotals {
  const { paid, refunded } = orderMoney(ctx, orderNo);
  const references = [orderNo, ...returnIds.map(returnHoldRef)];
  const fees = ctx.db
    .prepare(
      `SELECT COALESCE(-SUM(amount_minor), 0) AS fees FROM wallet_entries
        WHERE type = 'service_charge' AND reference IN (SELECT value FROM json_each(?))`,
    )
    .get(JSON.stringify(references)) as { fees: number };
  return netPaid(paid, fees.fees, refunded);
}
