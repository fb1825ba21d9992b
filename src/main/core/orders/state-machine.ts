/**
 * The purchase-order lifecycle of decisions.md, as data and pure functions: which transitions exist, who
 * may trigger each, and which side effects the impure layer (lifecycle.ts) must run with it.
 *
 *   pending -> paid -> purchased -> shipped_to_warehouse -> in_warehouse -> completed
 *   pending | paid -> cancelled (by the user; full refund)
 *   paid -> refunded (the item cannot be bought, or a supplement was declined or expired; full refund)
 *   in_warehouse -> returned (v1.1: every package went back to its seller)
 */
import { ORDER_STATUSES, type OrderStatus } from '../../../contract/enums.js';

export { ORDER_STATUSES, type OrderStatus };

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** user: the API key holder; admin: the back office (staff by hand, or the autopilot); system: the service itself. */
export type Actor = 'user' | 'admin' | 'system';

export type Effect =
  /** Credit the whole totalAmount back to the wallet. */
  | 'refund_full'
  /** Give a used coupon back to the user. */
  | 'return_coupon'
  /** Put the ordered quantities back on the SKUs' stock (nothing was bought at the marketplace). */
  | 'restore_stock'
  /** Record the marketplace's order number. */
  | 'record_marketplace_order'
  /** Record the seller's domestic carrier and tracking number; start the logistics trail. */
  | 'record_domestic_shipment'
  /** Close the domestic logistics trail: the parcel was delivered to the warehouse. */
  | 'record_warehouse_arrival'
  /** Record the warehouse inspection (result, weight, notes, photos). */
  | 'record_inspection'
  /** One warehouse package per order line. */
  | 'create_packages';

export interface Transition {
  from: OrderStatus;
  to: OrderStatus;
  actors: readonly Actor[];
  effects: readonly Effect[];
}

export const TRANSITIONS: readonly Transition[] = [
  { from: 'pending', to: 'paid', actors: ['admin'], effects: [] },
  { from: 'paid', to: 'purchased', actors: ['admin'], effects: ['record_marketplace_order'] },
  { from: 'purchased', to: 'shipped_to_warehouse', actors: ['admin'], effects: ['record_domestic_shipment'] },
  { from: 'shipped_to_warehouse', to: 'in_warehouse', actors: ['admin'], effects: ['record_warehouse_arrival', 'record_inspection', 'create_packages'] },
  // Completion follows the packages: the last one delivered through a shipping order completes the order.
  { from: 'in_warehouse', to: 'completed', actors: ['system'], effects: [] },
  // A cancelled order was never bought, so its stock goes back; a refunded one could not be bought because
  // the marketplace had none, so there is nothing to give back.
  { from: 'pending', to: 'cancelled', actors: ['user', 'admin'], effects: ['refund_full', 'return_coupon', 'restore_stock'] },
  { from: 'paid', to: 'cancelled', actors: ['user', 'admin'], effects: ['refund_full', 'return_coupon', 'restore_stock'] },
  // v1.1: also the user declining a supplement, and the service when a supplement expires
  { from: 'paid', to: 'refunded', actors: ['admin', 'user', 'system'], effects: ['refund_full', 'return_coupon'] },
  // v1.1: every package of the order was returned to its seller (money moved with each return)
  { from: 'in_warehouse', to: 'returned', actors: ['system'], effects: [] },
];

export const FINAL_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'refunded', 'returned'];
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['pending', 'paid'];

export function findTransition(from: OrderStatus, to: OrderStatus): Transition | null {
  return TRANSITIONS.find((t) => t.from === from && t.to === to) ?? null;
}

/** Whether `actor` may move an order from `from` to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus, actor: Actor): boolean {
  return findTransition(from, to)?.actors.includes(actor) ?? false;
}

/** The next step forward on the happy path that the back office drives, or null at its end. */
export function nextAdminStatus(from: OrderStatus): OrderStatus | null {
  const forward: Partial<Record<OrderStatus, OrderStatus>> = {
    pending: 'paid',
    paid: 'purchased',
    purchased: 'shipped_to_warehouse',
    shipped_to_warehouse: 'in_warehouse',
  };
  return forward[from] ?? null;
}

export function isFinal(status: OrderStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

/**
 * The happy-path steps the back office runs to take an order from `from` to `to` (`to` included), e.g.
 * pending -> purchased gives [paid, purchased]. Null when `to` is not ahead of `from` on that path.
 */
export function adminPath(from: OrderStatus, to: OrderStatus): OrderStatus[] | null {
  const steps: OrderStatus[] = [];
  let at: OrderStatus | null = from;
  while (at !== to) {
    at = at === null ? null : nextAdminStatus(at);
    if (at === null) return null;
    steps.push(at);
  }
  return steps.length > 0 ? steps : null;
}
