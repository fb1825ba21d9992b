import { adminApi, openApi } from '../../api/client';
import { fetchWalletBalance } from '../../api/account';
import type {
  ApiKeyInfo,
  AutopilotView,
  BackupInfo,
  ClockView,
  Paginated,
  AdminOrder,
  ScopeCatalog,
  ServerInfo,
  ServiceSettings,
  ShippingOrderItem,
  WebhookDelivery,
  WebhookEndpoint,
} from './types';

/**
 * Query keys of the operator's pages. Resources the service's events touch start with the resource
 * ('orders', 'shipping', 'wallet', 'clock', 'webhooks') so useLiveUpdates refreshes them; the rest sit
 * under 'operator'.
 */
export const operatorKeys = {
  orders: (status: string, page: number) => ['orders', 'back-office', status, page] as const,
  shipping: (status: string) => ['shipping', 'back-office', status] as const,
  balance: ['wallet', 'back-office', 'balance'] as const,
  clock: ['clock', 'back-office'] as const,
  autopilot: ['operator', 'autopilot'] as const,
  apiKeys: ['operator', 'api-keys'] as const,
  scopes: ['operator', 'scopes'] as const,
  server: ['operator', 'server'] as const,
  settings: ['operator', 'settings'] as const,
  backups: ['operator', 'backups'] as const,
  webhooks: ['webhooks', 'back-office', 'endpoints'] as const,
  eventTypes: ['webhooks', 'back-office', 'event-types'] as const,
  deliveries: (id: number, page: number) => ['webhooks', 'back-office', 'deliveries', id, page] as const,
};

export const ORDERS_PAGE_SIZE = 25;
export const DELIVERIES_PAGE_SIZE = 10;

export const fetchers = {
  orders: (status: string, page: number) =>
    adminApi<Paginated<AdminOrder>>('GET', '/orders', { query: { status, page, limit: ORDERS_PAGE_SIZE } }),
  shipping: (status: string) => openApi<Paginated<ShippingOrderItem>>('GET', '/shipping/orders', { query: { status, limit: 50 } }),
  balance: fetchWalletBalance,
  clock: () => adminApi<ClockView>('GET', '/clock'),
  autopilot: () => adminApi<AutopilotView>('GET', '/autopilot'),
  apiKeys: () => adminApi<ApiKeyInfo[]>('GET', '/keys'),
  scopes: () => adminApi<ScopeCatalog>('GET', '/scopes'),
  server: () => adminApi<ServerInfo>('GET', '/server'),
  settings: () => adminApi<ServiceSettings>('GET', '/settings'),
  backups: () => adminApi<BackupInfo[]>('GET', '/data/backups'),
  webhooks: () => adminApi<WebhookEndpoint[]>('GET', '/webhooks'),
  eventTypes: () => adminApi<string[]>('GET', '/event-types'),
  deliveries: (id: number, page: number) =>
    adminApi<Paginated<WebhookDelivery>>('GET', `/webhooks/${id}/deliveries`, { query: { page, limit: DELIVERIES_PAGE_SIZE } }),
};
