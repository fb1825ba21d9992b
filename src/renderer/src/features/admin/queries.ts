import type { OrderStatus, ShippingStatus } from '../../../../contract/enums';
import { adminApi, data, openApi } from '../../api/client';
import { fetchWalletBalance } from '../../api/account';
import type { RequestLogFilter } from './types';

/**
 * Query keys of the back office pages. Resources the service's events touch start with the resource
 * ('orders', 'shipping', 'wallet', 'clock', 'webhooks') so useLiveUpdates refreshes them; the rest sit
 * under 'admin'.
 */
export const adminKeys = {
  orders: (status: string, page: number) => ['orders', 'admin', status, page] as const,
  shipping: (status: string) => ['shipping', 'admin', status] as const,
  balance: ['wallet', 'admin', 'balance'] as const,
  clock: ['clock', 'admin'] as const,
  autopilot: ['admin', 'autopilot'] as const,
  apiKeys: ['admin', 'api-keys'] as const,
  scopes: ['admin', 'scopes'] as const,
  server: ['admin', 'server'] as const,
  settings: ['admin', 'settings'] as const,
  backups: ['admin', 'backups'] as const,
  webhooks: ['webhooks', 'admin', 'endpoints'] as const,
  eventTypes: ['webhooks', 'admin', 'event-types'] as const,
  /** One endpoint's deliveries, every page shown (what a new attempt makes stale). */
  deliveriesOf: (id: number) => ['webhooks', 'admin', 'deliveries', id] as const,
  requests: (filter: RequestLogFilter) => ['admin', 'requests', filter] as const,
  request: (id: number) => ['admin', 'request', id] as const,
};

export const ORDERS_PAGE_SIZE = 25;
export const DELIVERIES_PAGE_SIZE = 10;

export const fetchers = {
  /** 'all' is the back office's filter for every status: no status parameter. */
  orders: (status: OrderStatus | 'all', page: number) =>
    data(adminApi().GET('/orders', { params: { query: { status: status === 'all' ? undefined : status, page, limit: ORDERS_PAGE_SIZE } } })),
  shipping: (status: ShippingStatus) => data(openApi().GET('/shipping/orders', { params: { query: { status, limit: 50 } } })),
  balance: fetchWalletBalance,
  clock: () => data(adminApi().GET('/clock')),
  autopilot: () => data(adminApi().GET('/autopilot')),
  apiKeys: () => data(adminApi().GET('/keys')),
  scopes: () => data(adminApi().GET('/scopes')),
  server: () => data(adminApi().GET('/server')),
  settings: () => data(adminApi().GET('/settings')),
  backups: () => data(adminApi().GET('/data/backups')),
  webhooks: () => data(adminApi().GET('/webhooks')),
  eventTypes: () => data(adminApi().GET('/event-types')),
  /** The deliveries after `startingAfter` (a delivery id; '' for the newest): one index seek at any depth. */
  deliveries: (id: number, startingAfter: string) =>
    data(
      adminApi().GET('/webhooks/{id}/deliveries', {
        params: { path: { id }, query: { limit: DELIVERIES_PAGE_SIZE, ...(startingAfter ? { startingAfter } : {}) } },
      }),
    ),
  requests: (filter: RequestLogFilter) => data(adminApi().GET('/requests', { params: { query: filter } })),
  request: (id: number) => data(adminApi().GET('/requests/{id}', { params: { path: { id } } })),
};
