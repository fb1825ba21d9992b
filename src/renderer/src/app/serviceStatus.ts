import type { CoreStatus } from '../../../preload/bridge';

/**
 * What the page shows about the service itself (not about one request): the desktop's core process
 * crashing and restarting (pushed by main over the bridge's `onStatus`), or, in the headless UI, the
 * server having gone away. Pure, so every transition is tested without a page.
 */
export type ServiceBanner =
  /** The desktop core crashed; main is starting a new one on the same data folder. */
  | { kind: 'restarting'; detail: string }
  /** The desktop core kept crashing (more than 5 times in a minute): main stopped restarting it. */
  | { kind: 'failed'; detail: string }
  /** Headless: the server could not be reached; the page keeps trying. */
  | { kind: 'lost' }
  /**
   * Headless: the server answers 401, so this page's session cookie no longer opens it: the server was
   * started with a new token (`crossbuy serve --new-token`). The person must open the URL it printed.
   */
  | { kind: 'session-ended' }
  /** Working again, after a restart (desktop), a lost connection or an ended session (headless): shown briefly. */
  | { kind: 'back'; after: 'restart' | 'lost' | 'session' }
  | { kind: 'none' };

export type ServiceSignal =
  /** A status from main (desktop). */
  | { type: 'core'; status: CoreStatus }
  /** Headless: a request or a probe failed before any answer. */
  | { type: 'unreachable' }
  /** Headless: the server answered with this page's session accepted (any status but 401: it is there). */
  | { type: 'reached' }
  /** Headless: the server answered 401: it is there, but this page's session is not valid any more. */
  | { type: 'unauthorized' }
  /** The brief "back" confirmation has been shown long enough. */
  | { type: 'settled' };

export const NO_BANNER: ServiceBanner = { kind: 'none' };

/**
 * The banner after a signal. Returns the same object when nothing changes, so a store holding it does
 * not re-render on every successful request.
 */
export function nextBanner(current: ServiceBanner, signal: ServiceSignal): ServiceBanner {
  switch (signal.type) {
    case 'core':
      return fromCoreStatus(current, signal.status);
    case 'unreachable':
      // The desktop's own states say more than a failed request does; they stay.
      return current.kind === 'none' || current.kind === 'back' || current.kind === 'session-ended' ? { kind: 'lost' } : current;
    case 'unauthorized':
      return current.kind === 'none' || current.kind === 'back' || current.kind === 'lost' ? { kind: 'session-ended' } : current;
    case 'reached':
      if (current.kind === 'lost') return { kind: 'back', after: 'lost' };
      // The new URL was opened (in this tab or another: the cookie is the browser's): this page works again.
      return current.kind === 'session-ended' ? { kind: 'back', after: 'session' } : current;
    case 'settled':
      return current.kind === 'back' ? NO_BANNER : current;
  }
}

function fromCoreStatus(current: ServiceBanner, status: CoreStatus): ServiceBanner {
  switch (status.state) {
    case 'restarting':
      return { kind: 'restarting', detail: status.message };
    case 'failed':
      return { kind: 'failed', detail: status.message };
    case 'running':
      // 'running' follows a restart; on its own (nothing was wrong that this page saw) it says nothing new.
      return current.kind === 'restarting' || current.kind === 'failed' ? { kind: 'back', after: 'restart' } : current;
  }
}

/** Cached answers may predate the outage (or be errors from it): refetch when the service is back. */
export function needsRefetch(before: ServiceBanner, after: ServiceBanner): boolean {
  return after.kind === 'back' && before.kind !== 'back';
}
