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
  /** A sandbox outcome the operator picked (`Crossbuy-Scenario`), on the routes that take one. */
  scenario?: string;
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
    if (request.scenario) headers['crossbuy-scenario'] = request.scenario;
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
    if (request.scenario) headers['Crossbuy-Scenario'] = request.scenario;
    const response = await send(request.path, init);
    return { status: response.status, body: parseBody(await response.text()) };
  };
}

/** How many intents (Idempotency-Keys) `inWorld` remembers the world of. */
export const PINNED_INTENTS = 500;

/**
 * Every call of `transport` in the world `world()` names at the time of the call (the header's switcher).
 * An intent (one Idempotency-Key) stays in the world it was first sent to: a retry after the world was
 * lost or switched (the world deleted in another tab, the page back on the default world) goes to that
 * world again and is refused there (its 404), never carried out in whatever world is selected by then.
 */
export function inWorld(transport: Transport, world: () => string): Transport {
  const pinned = new Map<string, string>();
  return (request) => {
    let target = request.world;
    const key = request.idempotencyKey;
    if (target === undefined && key) target = pinned.get(key);
    target ??= world();
    if (key && !pinned.has(key)) {
      pinned.set(key, target);
      if (pinned.size > PINNED_INTENTS) pinned.delete(pinned.keys().next().value as string);
    }
    return transport({ ...request, world: target });
  };
}

/**
 * The bridge when the preload put one on the page, HTTP otherwise (reporting whether the server was
 * reached: in Electron main reports the core's state instead).
 */
export function defaultTransport(): Transport {
  const bridge = typeof window !== 'undefined' ? window.crossbuy : undefined;
  return bridge ? ipcTransport(bridge) : httpTransport(reportingFetch());
}
