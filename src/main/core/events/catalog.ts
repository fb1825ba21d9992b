import type { Scope } from '../auth/scopes.js';

/**
 * Every event the service emits, with the shape of its data. A key sees an event (over SSE) only when
 * it holds the scope that reads the resource the event is about.
 */
export interface EventPayloads {
  'order.created': { orderNo: string; status: string; totalAmount: number; currency: string };
  'order.status_changed': { orderNo: string; from: string; to: string; at: string; note: string };
  'package.arrived': { packageId: number; orderNo: string; productName: string; weight: number };
  'shipping.created': { orderNo: string; status: string; shippingFee: number; currency: string };
  'shipping.status_changed': { orderNo: string; from: string; to: string; at: string; trackingNo: string };
  'wallet.transaction_created': { id: number; type: string; amount: number; balanceAfter: number; currency: string; reference: string };
  'clock.advanced': { from: string; to: string };
}

export type EventType = keyof EventPayloads;

export const EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'package.arrived',
  'shipping.created',
  'shipping.status_changed',
  'wallet.transaction_created',
  'clock.advanced',
] as const satisfies readonly EventType[];

/** The scope needed to read each event; null: any valid key may see it. */
export const EVENT_SCOPE: Record<EventType, Scope | null> = {
  'order.created': 'orders:read',
  'order.status_changed': 'orders:read',
  'package.arrived': 'warehouse:read',
  'shipping.created': 'shipping:read',
  'shipping.status_changed': 'shipping:read',
  'wallet.transaction_created': 'wallet:read',
  'clock.advanced': null,
};

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

export interface ServiceEvent<T extends EventType = EventType> {
  id: number;
  type: T;
  userId: number;
  data: EventPayloads[T];
  createdAt: string;
}

export function canSee(event: Pick<ServiceEvent, 'type'>, scopes: readonly Scope[]): boolean {
  const needed = EVENT_SCOPE[event.type];
  return needed === null || scopes.includes(needed);
}
