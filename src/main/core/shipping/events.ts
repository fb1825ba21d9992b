import type { CoreContext } from '../context.js';
import type { ShippingStatus } from './state-machine.js';

/** Where the international leg starts: the agent's warehouse. */
export const WAREHOUSE_LOCATION = 'Warehouse, Guangzhou, CN';

/**
 * Appends one step to a shipping order's trail. `at` is the timestamp of the state change it records (read
 * once per transaction), so the event, createdAt/shippedAt/deliveredAt and updatedAt agree to the millisecond.
 */
export function appendShippingEvent(
  ctx: CoreContext,
  event: { orderNo: string; at: string; status: ShippingStatus; location: string; description: string },
): void {
  ctx.db
    .prepare('INSERT INTO shipping_events (shipping_order_no, at, status, location, description) VALUES (?, ?, ?, ?, ?)')
    .run(event.orderNo, event.at, event.status, event.location, event.description);
}
