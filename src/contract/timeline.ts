import { Type, type Static } from 'typebox';
import { Timestamp } from './common.js';

/**
 * What an order's timeline entry says, as data (docs/API.md "Timeline parts"): each entry keeps its English
 * `note` (the contract) and gains `parts`, the same sentence as stable codes with their values, so a client
 * words it in its own language. An entry is one or more parts ("Refunded: out of stock; CNY 12.00 refunded
 * to the wallet; coupon 2 returned" is three). `parts` is null on entries written before it existed and on
 * free text an operator typed: show `note` then.
 */
export const TIMELINE_CODES = [
  'order.placed', // { amount, currency }: placed, the total paid from the wallet
  'order.payment_confirmed', // {}
  'order.cancelled_by_user', // {}
  'order.cancelled_by_back_office', // {}
  'order.refunded_unavailable', // {}: the item could not be bought
  'order.refunded_out_of_stock', // {}
  'order.refunded_supplement_declined', // { amount, currency }
  'order.refunded_supplement_expired', // { amount, currency }
  'order.reason', // { text }: a reason a person typed (shown as typed)
  'order.refunded_to_wallet', // { amount, currency }
  'order.coupon_returned', // { couponId }
  'order.bought', // { platform, marketplaceOrderNo }
  'order.bought_from_sellers', // { count, marketplaceOrderNos }: comma-separated numbers
  'order.seller_shipped', // { carrier, trackingNo }
  'order.sellers_shipped', // { count, parcels }: each seller's parcel as "carrier trackingNo", comma-separated
  'order.arrived_inspected', // { result: passed | issue_found, weight }: grams
  'order.all_delivered', // {}
  'order.all_packages_delivered', // { shippingOrderNo }: the last with that shipping order
  'order.package_disposed', // { packageId }: at the end of storage
  'order.all_returned', // {}
  'order.photos_requested', // { count, amount, currency }
  'order.photos_added', // { count }
  'order.supplement_requested', // { amount, currency, reason: price_increase | domestic_freight, dueBy }
  'order.supplement_paid', // { amount, currency }
  'order.price_decrease_refunded', // { amount, currency }
  'order.seller_late', // {}
  'order.return_requested', // { type: return | exchange, itemId, reason }: reason as typed
  'order.return_rejected', // { type, itemId }
  'order.return_accepted', // { itemId, amount, currency }
  'order.exchange_accepted', // { itemId }
  'order.exchange_arrived', // { packageId }
] as const;
export type TimelineCode = (typeof TIMELINE_CODES)[number];

export const TimelinePart = Type.Object({
  code: Type.String({ description: `one of ${TIMELINE_CODES.join(', ')} (more may be added)` }),
  params: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]), { description: 'the values the code words; amounts in major units with their currency' }),
});
export type TimelinePart = Static<typeof TimelinePart>;

export const TimelineEntry = Type.Object({
  status: Type.String(),
  at: Timestamp,
  note: Type.String({ description: 'the entry in English, as always' }),
  parts: Type.Union([Type.Array(TimelinePart), Type.Null()], { description: 'the note as codes and values; null on older entries and typed notes' }),
});

/**
 * The domestic tracking events (GET /orders/:id/logistics) as data, the same way: each event keeps its
 * English `description` and gains `code` and `params` (null on events written before migration 012).
 */
export const LOGISTICS_CODES = [
  'logistics.seller_shipped', // { carrier }
  'logistics.sorting_centre', // {}
  'logistics.warehouse_signed', // {}
] as const;
export type LogisticsCode = (typeof LOGISTICS_CODES)[number];

export const LogisticsEvent = Type.Object({
  at: Timestamp,
  location: Type.String(),
  description: Type.String({ description: 'the event in English, as always' }),
  code: Type.Union([Type.String(), Type.Null()], { description: `one of ${LOGISTICS_CODES.join(', ')} (more may be added); null on older events` }),
  params: Type.Union([TimelinePart.properties.params, Type.Null()]),
});

/**
 * The international shipping order's events (GET /shipping/orders/:id `events`) as data, the same way: each
 * keeps its English `description` and gains `code` and `params` (null on events before migration 013).
 * Amounts are major units with their `currency`; names, carriers and reasons someone typed are shown as written.
 */
export const SHIPPING_EVENT_CODES = [
  'shipping.created', // { channel, amount, freight, insurance, storage, currency }: amount is what was frozen
  'shipping.cancelled', // { amount, currency, reason }: amount released; reason as the customer typed it ('' when none)
  'shipping.handed_to_carrier', // { carrier, trackingNo }
  'shipping.delivered', // { name, by: recipient | carrier }
  'shipping.customs_hold', // {}: held by customs for inspection
  'shipping.customs_cleared', // {}
  'shipping.lost_in_transit', // { amount, currency }: the insurance paid back, 0 when not insured
  'shipping.customs_seized', // { amount, currency }: the same
] as const;
export type ShippingEventCode = (typeof SHIPPING_EVENT_CODES)[number];

export const ShippingEvent = Type.Object({
  at: Timestamp,
  status: Type.String(),
  location: Type.String(),
  description: Type.String({ description: 'the event in English, as always' }),
  code: Type.Union([Type.String(), Type.Null()], { description: `one of ${SHIPPING_EVENT_CODES.join(', ')} (more may be added); null on older events` }),
  params: Type.Union([TimelinePart.properties.params, Type.Null()]),
});

/**
 * An order's inspection notes (GET /orders/:id/inspection `notes`) as data: `notesParts` beside the English
 * `notes`, in the timeline's parts shape; null on orders inspected before migration 013 and on notes the
 * operator typed (shown as typed).
 */
export const INSPECTION_NOTE_CODES = [
  'inspection.passed', // {}: the items match the order, no damage found
  'inspection.issue_found', // {}
  'inspection.item_issue', // { itemId }: an issue on one line; the other items match the order
] as const;
export type InspectionNoteCode = (typeof INSPECTION_NOTE_CODES)[number];

export const InspectionNotesParts = Type.Union([Type.Array(TimelinePart), Type.Null()], {
  description: `the notes as codes and values (${INSPECTION_NOTE_CODES.join(', ')}; more may be added); null on older inspections and typed notes`,
});
