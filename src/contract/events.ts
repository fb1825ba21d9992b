import { Type, type Static } from 'typebox';
import { Currency, Money, Timestamp } from './common.js';

/**
 * Every event the service emits (SSE `/events`, webhooks, the desktop bridge), with the schema of its
 * data. The renderer's live-update map and a script's handler are keyed by EVENT_TYPES, so adding an
 * event here fails their typecheck until it is handled.
 */
export const EventPayloadSchemas = {
  'order.created': Type.Object({ orderNo: Type.String(), status: Type.String(), totalAmount: Money, currency: Currency }),
  'order.status_changed': Type.Object({ orderNo: Type.String(), from: Type.String(), to: Type.String(), at: Timestamp, note: Type.String() }),
  'package.arrived': Type.Object({ packageId: Type.Integer(), orderNo: Type.String(), productName: Type.String(), weight: Type.Integer() }),
  'shipping.created': Type.Object({ orderNo: Type.String(), status: Type.String(), shippingFee: Money, currency: Currency }),
  'shipping.status_changed': Type.Object({
    orderNo: Type.String(),
    from: Type.String(),
    to: Type.String(),
    at: Timestamp,
    trackingNo: Type.String(),
  }),
  'wallet.transaction_created': Type.Object({
    id: Type.Integer(),
    type: Type.String(),
    amount: Money,
    balanceAfter: Money,
    currency: Currency,
    reference: Type.String(),
  }),
  'clock.advanced': Type.Object({ from: Timestamp, to: Timestamp }),
  // v1.2 (extensions.md section 10)
  'shipping.supplement_requested': Type.Object({ orderNo: Type.String(), supplementId: Type.Integer(), amount: Money, expiresAt: Timestamp }),
  'shipping.supplement_resolved': Type.Object({ orderNo: Type.String(), supplementId: Type.Integer(), status: Type.String(), amount: Money, at: Timestamp }),
  // v1.2 (extensions.md section 12)
  'wallet.top_up_created': Type.Object({ topUpId: Type.Integer(), method: Type.String(), status: Type.String(), credited: Money, currency: Currency }),
  'wallet.top_up_resolved': Type.Object({
    topUpId: Type.Integer(),
    method: Type.String(),
    status: Type.String(),
    credited: Money,
    currency: Currency,
    failureReason: Type.Union([Type.String(), Type.Null()]),
    at: Timestamp,
  }),
  // v1.1 (extensions.md sections 4-7)
  'package.service_done': Type.Object({ packageId: Type.Integer(), requestId: Type.Integer(), serviceId: Type.String(), weight: Type.Integer(), at: Timestamp }),
  'package.storage_expiring': Type.Object({
    packageId: Type.Integer(),
    orderNo: Type.String(),
    productName: Type.String(),
    freeUntil: Timestamp,
    disposalAt: Timestamp,
  }),
  'package.storage_overdue': Type.Object({
    packageId: Type.Integer(),
    orderNo: Type.String(),
    productName: Type.String(),
    freeUntil: Timestamp,
    disposalAt: Timestamp,
    feePerDay: Money,
  }),
  'package.disposed': Type.Object({ packageId: Type.Integer(), orderNo: Type.String(), productName: Type.String(), at: Timestamp }),
  'shipping.rehearsal_packed': Type.Object({
    rehearsalId: Type.String(),
    packedWeight: Type.Integer(),
    length: Type.Integer(),
    width: Type.Integer(),
    height: Type.Integer(),
    at: Timestamp,
  }),
  'shipping.exception': Type.Object({ orderNo: Type.String(), status: Type.String(), reason: Type.String(), at: Timestamp }),
  // v1.1 after-sales (extensions.md sections 2-3)
  'order.supplement_requested': Type.Object({
    orderNo: Type.String(),
    supplementId: Type.Integer(),
    reason: Type.String(),
    amount: Money,
    expiresAt: Timestamp,
  }),
  'order.supplement_resolved': Type.Object({ orderNo: Type.String(), supplementId: Type.Integer(), status: Type.String(), amount: Money, at: Timestamp }),
  'order.return_requested': Type.Object({ orderNo: Type.String(), returnId: Type.Integer(), itemId: Type.Integer(), type: Type.String() }),
  'order.return_resolved': Type.Object({
    orderNo: Type.String(),
    returnId: Type.Integer(),
    itemId: Type.Integer(),
    type: Type.String(),
    status: Type.String(),
    refundAmount: Money,
    at: Timestamp,
  }),
} as const;

export type EventPayloads = { [K in keyof typeof EventPayloadSchemas]: Static<(typeof EventPayloadSchemas)[K]> };
export type EventType = keyof EventPayloads;

/** In the order above (the object's own key order). */
export const EVENT_TYPES = Object.keys(EventPayloadSchemas) as readonly EventType[];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/**
 * The world an event happened in (API v1.2, worlds.md section 1): every SSE event and webhook payload
 * carries it beside `id`, `type`, `createdAt` and `data`; `default` for the data folder's own world.
 */
export const EventWorld = Type.String({ description: 'the world the event happened in: `default`, or a world id (w_...)' });

/** One event as a consumer receives it: SSE `event:`/`data:`, the bridge's `{ type, data, world }`. */
export type ServiceEventMessage = { [K in EventType]: { type: K; data: EventPayloads[K]; world?: string } }[EventType];

/** A handler per event type: a map of this type must name every event. */
export type EventHandlers = { [K in EventType]: (data: EventPayloads[K]) => void };
