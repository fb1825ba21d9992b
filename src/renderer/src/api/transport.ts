import type { BridgeMethod, BridgeRequest, CrossbuyBridge } from '../../../preload/bridge';
import { reportingFetch } from './reachability';
import { DEFAULT_WORLD, worldHeader } from './worldStore';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the headless UI served over HTTP. */
    crossbuy?: CrossbuyBridge;
  }
}

export type Method = BridgeMethod;

export interface TransportRequest {
  method: Method;
  /** Absolute path with query, e.g. /api/v1/open/products/search?q=bag */
  path: string;
  body?: unknown;
  idempotencyKey?: string;
  /** The world the call works on (`Crossbuy-World`); absent or `default`: the data folder's own. */
  world?: string;
}

/** What either transport hands the client: the status and the parsed JSON body (null when empty). */
export interface TransportResponse {
  status: number;
  body: unknown;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

/** The UI header the server requires, with the session cookie, from the app's own pages. */
export const UI_CLIENT_HEADER = 'X-Crossbuy-Client';

/** Desktop: the preload bridge, served by the same route table as the HTTP API. */
export function ipcTransport(bridge: Pick<CrossbuyBridge, 'request'>): Transport {
  return async (request) => {
    const message: BridgeRequest = { method: request.method, path: request.path };
    if (request.body !== undefined) message.body = request.body;
    const headers: NonNullable<BridgeRequest['headers']> = {};
    if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
    if (request.world && request.world !== DEFAULT_WORLD) headers['crossbuy-world'] = request.world;
    if (Object.keys(headers).length > 0) message.headers = headers;
    const response = await bridge.request(message);
    return { status: response.status, body: response.body ?? null };
  };
}

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Headless: same-origin fetch with the session cookie and the UI header. */
export function httpTransport(send: typeof fetch = (input, init) => fetch(input, init)): Transport {
  return async (request) => {
    const headers: Record<string, string> = { Accept: 'application/json', [UI_CLIENT_HEADER]: 'ui', ...worldHeader(request.world) };
    const init: RequestInit = { method: request.method, headers, credentials: 'same-origin' };
    if (request.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }
    if (request.idempotencyKey) headers['Idempotency-Key'] = request.idempotencyKey;
    const response = await send(request.path, init);
    return { status: response.status, body: parseBody(await response.text()) };
  };
}

/** Every call of `transport` in the world `world()` names at the time of the call (the header's switcher). */
export function inWorld(transport: Transport, world: () => string): Transport {
  return (request) => transport({ ...request, world: request.world ?? world() });
}

/**
 * The bridge when the preload put one on the page, HTTP otherwise (reporting whether the server was
 * reached: in Electron main reports the core's state instead).
 */
export function defaultTransport(): Transport {
  const bridge = typeof window !== 'undefined' ? window.crossbuy : undefined;
  return bridge ? ipcTransport(bridge) : httpTransport(reportingFetch());
}
