import type { Platform } from '../../../contract/enums.js';
import type { TimelineCode, TimelinePart } from '../../../contract/timeline.js';
import type { CoreContext } from '../context.js';
import { formatAmount, toAmount, type Minor } from '../shared/money.js';

/**
 * The order timeline's writer. Every entry is written as parts (codes and values, for clients that word
 * them in their own language) together with the English note the contract has always carried, made here
 * from the same parts so the two never disagree.
 */
export type { TimelinePart };

export function part(code: TimelineCode, params: TimelinePart['params'] = {}): TimelinePart {
  return { code, params };
}

/** `{ amount, currency }` params of a money amount in minor units. */
export function money(minor: Minor, currency: string): { amount: number; currency: string } {
  return { amount: toAmount(minor), currency };
}

const amountOf = (p: TimelinePart['params']) => formatAmount(Math.round(Number(p.amount) * 100) as Minor, String(p.currency));

/** A marketplace as a sentence names it ("Bought on Taobao"); the parts keep the platform's id. */
const PLATFORM_NAMES: Readonly<Record<Platform, string>> = { taobao: 'Taobao', 1688: '1688', weidian: 'Weidian' };
const platformOf = (p: TimelinePart['params']) => PLATFORM_NAMES[p.platform as Platform] ?? String(p.platform);

const ENGLISH: Record<TimelineCode, (p: TimelinePart['params']) => string> = {
  'order.placed': (p) => `Order placed; ${amountOf(p)} paid from the wallet`,
  'order.payment_confirmed': () => 'Payment confirmed',
  'order.cancelled_by_user': () => 'Cancelled by the user',
  'order.cancelled_by_back_office': () => 'Cancelled by the back office',
  'order.refunded_unavailable': () => 'Refunded: the item could not be bought',
  'order.refunded_out_of_stock': () => 'Refunded: the item is out of stock at the marketplace',
  'order.refunded_supplement_declined': (p) => `Refunded: the supplement of ${amountOf(p)} was declined`,
  'order.refunded_supplement_expired': (p) => `Refunded: the supplement of ${amountOf(p)} expired unpaid`,
  'order.reason': (p) => String(p.text),
  'order.refunded_to_wallet': (p) => `${amountOf(p)} refunded to the wallet`,
  'order.coupon_returned': (p) => `coupon ${p.couponId} returned`,
  'order.bought': (p) => `Bought on ${platformOf(p)}, marketplace order ${p.marketplaceOrderNo}`,
  'order.bought_from_sellers': (p) => `Bought from ${p.count} sellers, marketplace orders ${p.marketplaceOrderNos}`,
  'order.seller_shipped': (p) => `Shipped by the seller with ${p.carrier}, tracking ${p.trackingNo}`,
  'order.sellers_shipped': (p) => `Shipped by ${p.count} sellers: ${p.parcels}`,
  'order.arrived_inspected': (p) => `Arrived at the warehouse; inspection ${p.result === 'passed' ? 'passed' : 'found an issue'}, ${p.weight} g`,
  'order.all_delivered': () => 'Every package of the order was delivered',
  'order.all_packages_delivered': (p) => `All packages delivered (last with shipping order ${p.shippingOrderNo})`,
  'order.package_disposed': (p) => `Package ${p.packageId} disposed at the end of storage`,
  'order.all_returned': () => 'Every package of the order was returned to the seller',
  'order.photos_requested': (p) => `${p.count} extra photo(s) requested; ${amountOf(p)} charged`,
  'order.photos_added': (p) => `${p.count} requested photo(s) added to the inspection`,
  'order.supplement_requested': (p) =>
    `Supplement of ${amountOf(p)} requested: ${p.reason === 'price_increase' ? 'the seller raised the price' : 'the seller charges domestic postage'}; due by ${p.dueBy}`,
  'order.supplement_paid': (p) => `Supplement of ${amountOf(p)} paid from the wallet`,
  'order.price_decrease_refunded': (p) => `The seller lowered the price; ${amountOf(p)} refunded to the wallet`,
  'order.seller_late': () => 'The seller is late shipping; the domestic shipment is delayed',
  'order.return_requested': (p) => `${p.type === 'return' ? 'Return' : 'Exchange'} of item ${p.itemId} requested: ${p.reason}`,
  'order.return_rejected': (p) => `The seller rejected the ${p.type} of item ${p.itemId}; the package is back in the warehouse`,
  'order.return_accepted': (p) => `The seller accepted the return of item ${p.itemId}; ${amountOf(p)} refunded`,
  'order.exchange_accepted': (p) => `The seller accepted the exchange of item ${p.itemId}; the replacement is on its way to the warehouse`,
  'order.exchange_arrived': (p) => `The exchanged item arrived at the warehouse as package ${p.packageId}, with a fresh inspection`,
};

/** The English note of some parts, joined as the notes always were. */
export function englishNote(parts: readonly TimelinePart[]): string {
  return parts
    .map((p) => ENGLISH[p.code as TimelineCode]?.(p.params) ?? '')
    .filter(Boolean)
    .join('; ');
}

/**
 * Appends a timeline entry at the order's `status` (the current one when null). `parts` null keeps a
 * note someone typed as it is (clients show it verbatim).
 */
export function appendTimeline(ctx: CoreContext, orderNo: string, status: string | null, at: string, entry: { parts: TimelinePart[] } | { note: string }): string {
  const parts = 'parts' in entry ? entry.parts : null;
  const note = 'parts' in entry ? englishNote(entry.parts) : entry.note;
  if (status === null) {
    ctx.db
      .prepare('INSERT INTO order_timeline (order_no, status, at, note, parts) VALUES (?, (SELECT status FROM orders WHERE order_no = ?), ?, ?, ?)')
      .run(orderNo, orderNo, at, note, parts ? JSON.stringify(parts) : null);
  } else {
    ctx.db.prepare('INSERT INTO order_timeline (order_no, status, at, note, parts) VALUES (?, ?, ?, ?, ?)').run(orderNo, status, at, note, parts ? JSON.stringify(parts) : null);
  }
  return note;
}

/** The stored parts of a row (null for older rows and typed notes; a row that does not parse is shown by its note). */
export function partsOf(stored: string | null): TimelinePart[] | null {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as unknown;
    return Array.isArray(parsed) ? (parsed as TimelinePart[]) : null;
  } catch {
    return null;
  }
}

/** The stored params of a tracking event (null when they do not parse: the description is shown). */
export function paramsOf(stored: string | null): TimelinePart['params'] | null {
  if (stored === null) return null;
  try {
    const parsed = JSON.parse(stored) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TimelinePart['params']) : null;
  } catch {
    return null;
  }
}
