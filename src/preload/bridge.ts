/**
 * The one object the preload script exposes to the page as `window.crossbuy`. The renderer imports these
 * types only. Requests have the shape of HTTP requests and are served by the same route table as the
 * localhost API, so both transports give the same validation, errors and results.
 */
import type { ServiceEventMessage } from '../contract/events.js';

export type { ServiceEventMessage };

export type BridgeMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface BridgeRequest {
  method: BridgeMethod;
  /** Absolute path with query, e.g. /api/v1/open/products/search?q=bag */
  path: string;
  body?: unknown;
  /**
   * Only Idempotency-Key, Crossbuy-World (the world the window works on) and Crossbuy-Scenario (a sandbox
   * outcome the operator picked, e.g. a declined top-up) are forwarded.
   */
  headers?: { 'idempotency-key'?: string; 'crossbuy-world'?: string; 'crossbuy-scenario'?: string };
}

export interface BridgeResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface BridgeServerInfo {
  /** Where the localhost API listens, for scripts and the docs link. */
  apiOrigin: string;
  version: string;
}

/**
 * The service core's state (the core runs in a process of its own): pushed to the window when it changes,
 * and asked for by the page at start (`coreStatus`), since a page loaded after the change missed the push.
 */
export interface CoreStatus {
  state: 'running' | 'restarting' | 'failed';
  message: string;
}

export interface CrossbuyBridge {
  request(request: BridgeRequest): Promise<BridgeResponse>;
  serverInfo(): Promise<BridgeServerInfo>;
  /** Subscribes to service events pushed from main; returns the unsubscribe function. */
  onEvent(listener: (event: ServiceEventMessage) => void): () => void;
  /** Subscribes to the core's state: a crash ('restarting', or 'failed' when it keeps crashing) and the recovery ('running'). */
  onStatus(listener: (status: CoreStatus) => void): () => void;
  /** The core's state now: what a page (re)loaded after a crash or after giving up must show. */
  coreStatus(): Promise<CoreStatus>;
}

export const IPC_CHANNELS = {
  request: 'crossbuy:request',
  serverInfo: 'crossbuy:server-info',
  event: 'crossbuy:event',
  status: 'crossbuy:core-status',
  coreStatus: 'crossbuy:current-core-status',
} as const;
