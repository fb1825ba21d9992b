export type { WalletBalance } from '../../api/account';
/** Shapes of the back office (/api/v1/admin), from the contract tier (src/contract). */
export { AUTOPILOT_PACES, TEST_EVENT_TYPE, type Pace } from '../../../../contract/enums';
export type { MessageResult, Page } from '../../../../contract/common';
export type { RefundResult } from '../../../../contract/open/orders';
export type { ShippingOrderListItem } from '../../../../contract/open/shipping';
export type { AdminOrderListItem, AdvanceInput, InspectionInput } from '../../../../contract/admin/orders';
export type { WalletEntryResult } from '../../../../contract/admin/wallet';
export type { AutopilotView, ClockAdvanceResult, ClockView } from '../../../../contract/admin/simulation';
export type { ApiKeyInfo, CreatedApiKey, NewApiKeyInput, ScopeCatalog } from '../../../../contract/admin/keys';
export type { WebhookDelivery, WebhookEndpoint } from '../../../../contract/admin/webhooks';
export type { BackupInfo, ServerInfo, SettingsView } from '../../../../contract/admin/settings';
/** Shapes of the back office (/api/v1/admin) as the back office pages read them. */

/** Purchase-order statuses that are not final, in lifecycle order. */
export const OPEN_ORDER_STATUSES = ['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse'] as const;
export type OpenOrderStatus = (typeof OPEN_ORDER_STATUSES)[number];

export type { RequestDetail, RequestLogFilter, RequestLogPage, RequestSummary } from '../../../../contract/admin/requests';
