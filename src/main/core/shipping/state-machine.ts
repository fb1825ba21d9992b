import type { PackageStatus } from '../warehouse/package-state.js';

/**
 * The shipping-order lifecycle of decisions.md, as data and pure functions:
 *
 *   pending (fee held) -> shipped (dispatched, fee captured) -> delivered
 *   pending -> cancelled (fee released, packages back to the warehouse)
 *   shipped -> exception (customs hold) -> shipped (cleared); shipped | exception -> lost (insurance payout)
 *   pending -> awaiting_payment (packed parcel over the tolerance) -> shipped (supplement paid) | cancelled
 *
 * Each transition says who may trigger it and what happens with it; service.ts runs those effects in the
 * transaction of the status change.
 */
import { SHIPPING_STATUSES, type ShippingStatus } from '../../../contract/enums.js';

export { SHIPPING_STATUSES, type ShippingStatus };

/** Statuses in which a shipping order holds its packages. */
export const ACTIVE_SHIPPING_STATUSES: readonly ShippingStatus[] = ['pending', 'awaiting_payment', 'shipped', 'exception'];

export type ShippingAction = 'dispatch' | 'deliver' | 'cancel' | 'hold' | 'clear' | 'lose' | 'weigh';

export interface ShippingTransition {
  action: ShippingAction;
  from: ShippingStatus;
  to: ShippingStatus;
  /** Where the order's packages move with it (null: they stay as they are). */
  packages: { from: PackageStatus; to: PackageStatus } | null;
  /** What happens to the fee held at creation. */
  money: 'capture' | 'release' | 'none' | 'payout';
}

export const SHIPPING_TRANSITIONS: readonly ShippingTransition[] = [
  { action: 'dispatch', from: 'pending', to: 'shipped', packages: { from: 'packing', to: 'shipped' }, money: 'capture' },
  { action: 'deliver', from: 'shipped', to: 'delivered', packages: { from: 'shipped', to: 'delivered' }, money: 'none' },
  { action: 'cancel', from: 'pending', to: 'cancelled', packages: { from: 'packing', to: 'in_warehouse' }, money: 'release' },
  // v1.1 section 7: a customs hold and its clearing, and the loss (or seizure) of a parcel
  { action: 'hold', from: 'shipped', to: 'exception', packages: null, money: 'none' },
  { action: 'clear', from: 'exception', to: 'shipped', packages: null, money: 'none' },
  { action: 'lose', from: 'shipped', to: 'lost', packages: { from: 'shipped', to: 'lost' }, money: 'payout' },
  { action: 'lose', from: 'exception', to: 'lost', packages: { from: 'shipped', to: 'lost' }, money: 'payout' },
  // v1.2 section 10: the packed parcel costs more than the fee held beyond the tolerance; paid, it leaves;
  // cancelled (by the customer, or the supplement expiring), its packages go back on the shelf
  { action: 'weigh', from: 'pending', to: 'awaiting_payment', packages: null, money: 'none' },
  { action: 'dispatch', from: 'awaiting_payment', to: 'shipped', packages: { from: 'packing', to: 'shipped' }, money: 'capture' },
  { action: 'cancel', from: 'awaiting_payment', to: 'cancelled', packages: { from: 'packing', to: 'in_warehouse' }, money: 'release' },
];

export function isShippingStatus(value: string): value is ShippingStatus {
  return (SHIPPING_STATUSES as readonly string[]).includes(value);
}

export function findShippingTransition(from: ShippingStatus, action: ShippingAction): ShippingTransition | null {
  return SHIPPING_TRANSITIONS.find((t) => t.from === from && t.action === action) ?? null;
}

const VERB: Record<ShippingAction, string> = {
  dispatch: 'dispatched',
  deliver: 'marked delivered',
  cancel: 'cancelled',
  hold: 'held at customs',
  clear: 'cleared',
  lose: 'lost',
  weigh: 'weighed',
};

/** The 409 message for an action the order's status does not allow, naming the status it needs. */
export function refusal(orderNo: string, from: ShippingStatus, action: ShippingAction): string {
  const allowed = SHIPPING_TRANSITIONS.filter((t) => t.action === action).map((t) => t.from);
  return `Shipping order ${orderNo} is ${from} and cannot be ${VERB[action]} (only ${allowed.join(' or ')} orders can)`;
}
