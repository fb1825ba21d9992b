import type { Scope } from '../auth/scopes.js';

import { EVENT_TYPES, isEventType, type EventPayloads, type EventType } from '../../../contract/events.js';

/**
 * Every event the service emits and the shape of its data live in the contract tier
 * (src/contract/events.ts). A key sees an event (over SSE) only when it holds the scope that reads the
 * resource the event is about.
 */
export { EVENT_TYPES, isEventType, type EventPayloads, type EventType };

/** The scope needed to read each event; null: any valid key may see it. */
export const EVENT_SCOPE: Record<EventType, Scope | null> = {
  'order.created': 'orders:read',
  'order.status_changed': 'orders:read',
  'package.arrived': 'warehouse:read',
  'shipping.created': 'shipping:read',
  'shipping.status_changed': 'shipping:read',
  'wallet.transaction_created': 'wallet:read',
  'clock.advanced': null,
  'shipping.supplement_requested': 'shipping:read',
  'shipping.supplement_resolved': 'shipping:read',
  'wallet.top_up_created': 'wallet:read',
  'wallet.top_up_resolved': 'wallet:read',
  'package.service_done': 'warehouse:read',
  'package.storage_expiring': 'warehouse:read',
  'package.storage_overdue': 'warehouse:read',
  'package.disposed': 'warehouse:read',
  'shipping.rehearsal_packed': 'shipping:read',
  'shipping.exception': 'shipping:read',
  'order.supplement_requested': 'orders:read',
  'order.supplement_resolved': 'orders:read',
  'order.return_requested': 'orders:read',
  'order.return_resolved': 'orders:read',
};

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
