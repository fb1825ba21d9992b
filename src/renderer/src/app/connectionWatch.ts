import { onReachability, type Reachability } from '../api/reachability';
import type { ServiceSignal } from './serviceStatus';

/**
 * Is the server there, and does it take this page's session? Any HTTP answer says it is there; 401 says
 * the session cookie no longer opens it; only a fetch that throws says it is not there.
 */
export type Probe = () => Promise<'reached' | 'unauthorized' | 'unreachable'>;

/** A HEAD of the page itself: the cheapest thing the headless server answers; 401 without a valid session. */
export const headProbe: Probe = async () => {
  try {
    const response = await fetch('/', { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return response.status === 401 ? 'unauthorized' : 'reached';
  } catch {
    return 'unreachable';
  }
};

/** Retry delays while the server is away: soon at first, then every few seconds (it is a local server). */
export const PROBE_DELAYS_MS = [1_000, 2_000, 3_000] as const;

/**
 * The headless UI's connection: turns the transport's and the event stream's reports into banner
 * signals, and only while the server is unreachable (or refuses the page's session) asks it again (one
 * HEAD per few seconds) until it answers (with the session accepted). While it answers, nothing extra is
 * sent. Returns the stop function.
 */
export function watchConnection(signal: (signal: ServiceSignal) => void, probe: Probe = headProbe): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let probing = false;
  let attempt = 0;
  let stopped = false;

  const check = async () => {
    timer = null;
    probing = true;
    const answer = await probe();
    probing = false;
    if (!stopped) handle(answer);
  };

  const scheduleProbe = () => {
    if (timer !== null || probing) return;
    const delay = PROBE_DELAYS_MS[Math.min(attempt, PROBE_DELAYS_MS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => void check(), delay);
  };

  const handle = (reachability: Reachability) => {
    if (reachability === 'reached') {
      attempt = 0;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      signal({ type: 'reached' });
    } else if (reachability === 'unreachable' || reachability === 'unauthorized') {
      // Gone, or there with a session it no longer takes: either way keep asking, so the page carries on
      // by itself once the server is back or the new URL has been opened (the cookie is the browser's).
      signal({ type: reachability });
      scheduleProbe();
    } else if (timer === null && !probing) {
      // The stream dropped: ask once whether the server itself is gone before saying so.
      void check();
    }
  };

  const unsubscribe = onReachability(handle);
  return () => {
    stopped = true;
    unsubscribe();
    if (timer !== null) clearTimeout(timer);
  };
}
