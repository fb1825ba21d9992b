export type { WalletBalance } from '../../api/account';
/** Shapes of the back office (/api/v1/admin) as the operator's pages read them. */

/** Purchase-order statuses that are not final, in lifecycle order. */
export const OPEN_ORDER_STATUSES = ['pending', 'paid', 'purchased', 'shipped_to_warehouse', 'in_warehouse'] as const;
export type OpenOrderStatus = (typeof OPEN_ORDER_STATUSES)[number];

export interface AdminOrder {
  orderNo: string;
  status: string;
  totalAmount: number;
  itemCount: number;
  currency: string;
  createdAt: string;
  userId: number;
  platform: string;
  updatedAt: string;
}

export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface InspectionInput {
  result?: 'passed' | 'issue_found';
  weight?: number;
  notes?: string;
  photos?: string[];
}

export interface AdvanceInput {
  to?: string;
  note?: string;
  marketplaceOrderNo?: string;
  carrier?: string;
  trackingNo?: string;
  inspection?: InspectionInput;
}

export interface RefundResult {
  orderNo: string;
  status: string;
  refundAmount: number;
  message: string;
}

export interface ShippingOrderItem {
  orderNo: string;
  status: string;
  channelName: string;
  trackingNo: string;
  totalWeight: number;
  shippingFee: number;
  createdAt: string;
  channelId: string;
  currency: string;
}


export interface WalletEntryResult {
  transactionId: number;
  userId: number;
  type: string;
  amount: number;
  balance: number;
  frozenBalance: number;
  availableBalance: number;
  currency: string;
}

export interface ClockView {
  now: string;
  offsetMs: number;
}

export interface ClockAdvanceResult extends ClockView {
  from: string;
  to: string;
  steps: number;
}

export const PACES = ['off', 'realistic', 'demo'] as const;
export type Pace = (typeof PACES)[number];

export interface AutopilotView {
  pace: string;
  /** Percent of orders refunded as out of stock. */
  refundRate: number;
}

export interface ApiKeyInfo {
  id: number;
  userId: number;
  name: string;
  /** "sk-AbCd...wxyz" */
  preview: string;
  scopes: string[];
  /** Requests per minute. */
  rateLimit: number;
  allowedIps: string[];
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

/** The answer to a create: the full key, shown once. */
export interface CreatedApiKey extends ApiKeyInfo {
  key: string;
}

export interface NewApiKeyInput {
  name: string;
  scopes: string[];
  rateLimit?: number;
  allowedIps?: string[];
  expiresInDays?: number;
}

export interface ScopeCatalog {
  /** In canonical order. */
  scopes: string[];
  presets: { all: string[]; readOnly: string[] };
}

export interface WebhookEndpoint {
  id: number;
  url: string;
  /** '*' stands for every event. */
  events: string[];
  description: string;
  active: boolean;
  secret: string;
  createdAt: string;
}

export interface WebhookAttempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDelivery {
  id: number;
  eventId: number | string;
  eventType: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  attemptLog: WebhookAttempt[];
}

export interface ServiceSettings {
  /** Percent, e.g. 5. */
  serviceFeeRate: number;
  currency: string;
  currencyLocked: boolean;
  webhooksAllowRemote: boolean;
  /** An amount in the ledger currency. */
  lowBalanceThreshold: number;
}

export interface ServerInfo {
  origin: string;
  docsUrl: string;
  openapiUrl: string;
  dataDir: string;
  databaseFile: string;
  version: string;
}

export interface BackupInfo {
  file: string;
  bytes: number;
  createdAt: string;
}

export interface MessageResult {
  message: string;
}
