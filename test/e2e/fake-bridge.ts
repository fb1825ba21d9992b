import type { Page } from '@playwright/test';
import { EVENT_TYPES } from '../../src/contract/events';
import type { BridgeRequest, BridgeResponse, CoreStatus, CrossbuyBridge, ServiceEventMessage } from '../../src/preload/bridge';

/** What a spec drives the fake with, from `page.evaluate`. */
export interface FakeBridgeControl {
  /** What main sends on `crossbuy:core-status` (src/main/index.ts: after a crash, a restart, giving up). */
  emitStatus(status: CoreStatus): void;
  /** Bridge requests the page has made so far. */
  requests: number;
}

declare global {
  interface Window {
    crossbuyFake?: FakeBridgeControl;
  }
}

/**
 * Puts a stand-in for the Electron preload's `window.crossbuy` on the page before the app loads (the real
 * one needs the Electron binary, which the test machine lacks). It implements the whole bridge interface
 * (src/preload/bridge.ts) over the served instance: `request` as an HTTP call with the page's session,
 * `onEvent` from the event stream, `serverInfo` from the origin; and, like desktop/core-client.ts, while
 * the core is restarting requests wait for it, and once it failed they are answered 503 in the API's
 * error shape. `onStatus` hears what the spec emits through `window.crossbuyFake`; `coreStatus` answers
 * main's current state, which, like main's, survives a reload of the page.
 */
export async function installFakeBridge(page: Page): Promise<void> {
  // Serialized into the page: everything it uses is defined inside.
  await page.addInitScript((eventTypes: readonly string[]) => {
    const statusListeners = new Set<(status: CoreStatus) => void>();
    // Main's state outlives the page: a reload finds it where the last status left it (sessionStorage
    // stands in for main's memory), as desktop/core-client.ts keeps it across the window's reloads.
    const MAIN_STATE = 'crossbuy-fake-main-core-status';
    const stored = sessionStorage.getItem(MAIN_STATE);
    let current: CoreStatus = stored ? (JSON.parse(stored) as CoreStatus) : { state: 'running', message: 'The service is running' };
    let nowRunning = () => {};
    let whenRunning: Promise<void> = current.state === 'restarting' ? new Promise((resolve) => (nowRunning = resolve)) : Promise.resolve();
    const control: FakeBridgeControl = {
      requests: 0,
      emitStatus(status) {
        if (status.state === 'restarting' && current.state === 'running') whenRunning = new Promise((resolve) => (nowRunning = resolve));
        current = status;
        sessionStorage.setItem(MAIN_STATE, JSON.stringify(status));
        if (status.state === 'running') nowRunning();
        for (const listener of statusListeners) listener(status);
      },
    };
    const unavailable = (message: string): BridgeResponse => ({
      status: 503,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: { statusCode: 503, message, error: 'Service Unavailable' },
    });
    const bridge: CrossbuyBridge = {
      async request(request: BridgeRequest) {
        control.requests += 1;
        if (current.state === 'restarting') await whenRunning;
        if (current.state === 'failed') return unavailable('The service could not be started');
        const headers: Record<string, string> = { Accept: 'application/json', 'X-Crossbuy-Client': 'ui' };
        if (request.body !== undefined) headers['Content-Type'] = 'application/json';
        if (request.headers?.['idempotency-key']) headers['Idempotency-Key'] = request.headers['idempotency-key'];
        const response = await fetch(request.path, {
          method: request.method,
          headers,
          credentials: 'same-origin',
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        });
        const text = await response.text();
        return { status: response.status, headers: { 'content-type': response.headers.get('content-type') ?? '' }, body: text === '' ? null : (JSON.parse(text) as unknown) };
      },
      async serverInfo() {
        return { apiOrigin: location.origin, version: 'e2e-fake-bridge' };
      },
      onEvent(listener) {
        const source = new EventSource('/api/v1/open/events', { withCredentials: true });
        const forward = (message: MessageEvent<string>) => {
          const event = JSON.parse(message.data) as ServiceEventMessage;
          listener({ type: event.type, data: event.data } as ServiceEventMessage);
        };
        // Named SSE events reach only the listeners for their name: one per type in the contract.
        for (const type of eventTypes) source.addEventListener(type, forward as EventListener);
        return () => source.close();
      },
      onStatus(listener) {
        statusListeners.add(listener);
        return () => {
          statusListeners.delete(listener);
        };
      },
      async coreStatus() {
        return current;
      },
    };
    // contextBridge hands the page a frozen copy; so does the fake.
    Object.defineProperty(window, 'crossbuy', { value: Object.freeze(bridge), configurable: false, writable: false });
    window.crossbuyFake = control;
  }, EVENT_TYPES);
}

/** Emits a core status as main would. */
export async function emitCoreStatus(page: Page, status: CoreStatus): Promise<void> {
  await page.evaluate((value) => window.crossbuyFake!.emitStatus(value), status);
}

/** How many bridge requests the page has made. */
export async function bridgeRequests(page: Page): Promise<number> {
  return page.evaluate(() => window.crossbuyFake!.requests);
}
