import { ORDER_STATUSES, type OrderStatus } from './types';

/** Badge colours by status: waiting (yellow), moving (blues), arrived (teal/green), ended without goods (grey/orange). */
const COLORS: Record<OrderStatus, string> = {
  pending: 'yellow',
  paid: 'blue',
  purchased: 'indigo',
  shipped_to_warehouse: 'cyan',
  in_warehouse: 'teal',
  completed: 'green',
  cancelled: 'gray',
  refunded: 'orange',
  returned: 'grape',
};

export function isOrderStatus(value: string | null | undefined): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function statusColor(status: string): string {
  return isOrderStatus(status) ? COLORS[status] : 'gray';
}

/**
 * Every marketplace order number of an order, once each, in the order of its lines: a mixed order is bought
 * from each seller separately (one number per seller group), so its header names them all (issue 26 item 9).
 */
export function marketplaceOrderNumbers(order: { marketplaceOrderNo: string | null; items: readonly { marketplaceOrderNo: string | null }[] }): string[] {
  const numbers = order.items.flatMap((item) => (item.marketplaceOrderNo ? [item.marketplaceOrderNo] : []));
  return [...new Set(numbers.length > 0 ? numbers : order.marketplaceOrderNo ? [order.marketplaceOrderNo] : [])];
}

/**
 * What an order with no domestic tracking is waiting for: a cancelled or refunded order is not waiting for
 * the seller at all (issue 17 item 10), one past the seller simply has no events recorded.
 */
export type TrackingGap = 'awaitingSeller' | 'endedUnshipped' | 'noEvents';

export function trackingGap(status: string): TrackingGap {
  if (status === 'pending' || status === 'paid' || status === 'purchased') return 'awaitingSeller';
  if (status === 'cancelled' || status === 'refunded') return 'endedUnshipped';
  return 'noEvents';
}

/** Only orders not bought yet can be cancelled by the user (decisions.md). */
export function isCancellable(status: string): boolean {
  return status === 'pending' || status === 'paid';
}

/** The filter of the orders list read from `#/orders?status=..&page=..`; anything unknown means all / page 1. */
export function listFilterOf(query: URLSearchParams): { status: OrderStatus | null; page: number } {
  const status = query.get('status');
  const page = Number(query.get('page'));
  return { status: isOrderStatus(status) ? status : null, page: Number.isSafeInteger(page) && page >= 1 ? page : 1 };
}

export function ordersHash(filter: { status: OrderStatus | null; page: number }): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.page > 1) params.set('page', String(filter.page));
  const query = params.toString();
  return query ? `#/orders?${query}` : '#/orders';
}

export function orderHash(orderNo: string): string {
  return `#/orders/${encodeURIComponent(orderNo)}`;
}

/** What a user types as an order number: spaces removed, upper case (order numbers are `PO` + digits and capitals). */
export function normalizeOrderNo(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/**
 * When the order last changed: its status change (`updatedAt`) or a later event on its timeline (a supplement,
 * photos, a return), which the service records without moving `updatedAt` (that instant schedules the
 * autopilot's next step). ISO instants compare as text.
 */
export function lastChange(order: { updatedAt: string; timeline: readonly { at: string }[] }): string {
  return order.timeline.reduce((latest, entry) => (entry.at > latest ? entry.at : latest), order.updatedAt);
}
