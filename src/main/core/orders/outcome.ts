import { ORDER_OUTCOMES, type OrderOutcome } from '../../../contract/enums.js';
import type { CoreContext } from '../context.js';

/**
 * How an order's goods ended other than delivered (issue 26 item 12): a "completed" order whose parcel was
 * lost, whose item came back, or whose packages were disposed of says so. Read from its packages' statuses;
 * in the catalog's order, empty when nothing ended that way.
 */
export function orderOutcome(packageStatuses: readonly string[]): OrderOutcome[] {
  return ORDER_OUTCOMES.filter((outcome) => packageStatuses.includes(outcome));
}

/** The statuses of the order's packages: through its lines (order_items_order, then packages' unique order_item_id). */
export function orderPackageStatuses(ctx: CoreContext, orderNo: string): string[] {
  const rows = ctx.db
    .prepare('SELECT p.status FROM order_items i JOIN packages p ON p.order_item_id = i.id WHERE i.order_no = ?')
    .all(orderNo) as { status: string }[];
  return rows.map((row) => row.status);
}
