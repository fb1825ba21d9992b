import type { CoreContext } from '../context.js';
import type { ShippingEventCode, TimelinePart } from '../../../contract/timeline.js';
import type { ShippingStatus } from './state-machine.js';

/** Where the international leg starts: the agent's warehouse. */
export const WAREHOUSE_LOCATION = 'Warehouse, Guangzhou, CN';

/**
 * Appends one step to a shipping order's trail. `at` is the timestamp of the state change it records (read
 * once per transaction), so the event, createdAt/shippedAt/deliveredAt and updatedAt agree to the millisecond.
 * Each event carries its English description and the same as a code with values (the UI words it from those).
 */
export function appendShippingEvent(
  ctx: CoreContext,
  event: { orderNo: string; at: string; status: ShippingStatus; location: string; description: string; code: ShippingEventCode; params?: TimelinePart['params'] },
): void {
  ctx.db
    .prepare('INSERT INTO shipping_events (shipping_order_no, at, status, location, description, code, params) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(event.orderNo, event.at, event.status, event.location, event.description, event.code, JSON.stringify(event.params ?? {}));
}
