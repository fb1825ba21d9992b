import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { EVENT_TYPES, isEventType, type EventType } from '../../../contract/events';
import { reportReachability } from '../api/reachability';
import { DEFAULT_WORLD, eventStreamPath, useWorldStore } from '../api/worldStore';

/**
 * Live updates: the service's events invalidate the queries they make stale, so every page shows changes
 * made by the autopilot, the back office or a script without polling. In Electron events come over IPC;
 * in the headless UI over Server-Sent Events; if the stream cannot be opened, a slow poll takes over.
 *
 * Query keys by convention start with the resource: ['orders', ...], ['packages', ...], ['shipping', ...],
 * ['wallet', ...], ['cart'], ['coupons', ...], ['dashboard', ...], ['clock'], ['webhooks', ...].
 */
/** Keyed by the contract's event types: a new event type fails the typecheck here until it is handled. */
const STALE_BY_EVENT: Record<EventType, readonly string[]> = {
  'order.created': ['orders', 'dashboard', 'cart'],
  'order.status_changed': ['orders', 'dashboard', 'packages'],
  'package.arrived': ['packages', 'dashboard'],
  'shipping.created': ['shipping', 'packages', 'dashboard', 'wallet'],
  'shipping.status_changed': ['shipping', 'packages', 'orders', 'dashboard', 'wallet'],
  'wallet.transaction_created': ['wallet', 'dashboard'],
  'shipping.supplement_requested': ['shipping', 'dashboard'],
  'shipping.supplement_resolved': ['shipping', 'packages', 'wallet', 'dashboard'],
  'wallet.top_up_created': ['wallet', 'dashboard'],
  'wallet.top_up_resolved': ['wallet', 'dashboard'],
  // 'worlds': a world's described clock (the worlds table, the selected world's line).
  'clock.advanced': ['clock', 'orders', 'packages', 'shipping', 'wallet', 'dashboard', 'coupons', 'worlds'],
  'package.service_done': ['packages', 'dashboard'],
  'package.storage_expiring': ['packages', 'dashboard'],
  'package.storage_overdue': ['packages', 'dashboard'],
  'package.disposed': ['packages', 'orders', 'dashboard'],
  'shipping.rehearsal_packed': ['rehearsals', 'packages', 'shipping'],
  'shipping.exception': ['shipping', 'packages', 'orders', 'wallet', 'dashboard'],
  'order.supplement_requested': ['orders', 'dashboard'],
  'order.supplement_resolved': ['orders', 'dashboard', 'wallet', 'packages'],
  'order.return_requested': ['orders', 'packages', 'dashboard'],
  'order.return_resolved': ['orders', 'packages', 'dashboard', 'wallet'],
};

export const EVENT_NAMES: readonly EventType[] = EVENT_TYPES;
const FALLBACK_POLL_MS = 15_000;

export function invalidateFor(queryClient: QueryClient, eventType: string): void {
  // A server newer than this page may send a type it does not know yet: nothing of it is cached.
  const stale = isEventType(eventType) ? STALE_BY_EVENT[eventType] : [];
  for (const key of stale) void queryClient.invalidateQueries({ queryKey: [key] });
  void queryClient.invalidateQueries({ queryKey: ['events-feed'] });
}

export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  // The stream of the world picked in the header: a switch closes the old stream and opens the new one.
  const world = useWorldStore((s) => s.selected);
  useEffect(() => {
    const bridge = window.crossbuy;
    // Desktop: events of another world than the one on screen change nothing shown.
    if (bridge) {
      const unsubscribe = bridge.onEvent((event) => {
        if ((event.world ?? DEFAULT_WORLD) === world) invalidateFor(queryClient, event.type);
      });
      if (world === DEFAULT_WORLD) return unsubscribe;
      // The desktop's core host pushes the default world's events only: another world falls back to the
      // slow poll, as a stream that cannot be opened does.
      const poll = setInterval(() => void queryClient.invalidateQueries(), FALLBACK_POLL_MS);
      return () => {
        unsubscribe();
        clearInterval(poll);
      };
    }
    if (typeof EventSource === 'undefined') return undefined;
    let poll: ReturnType<typeof setInterval> | null = null;
    const source = new EventSource(eventStreamPath(world), { withCredentials: true });
    for (const name of EVENT_NAMES) source.addEventListener(name, () => invalidateFor(queryClient, name));
    // The stream is the page's one standing connection: its drop is the first sign the server went away.
    // What changed while no stream was open was sent to no one: read again at every open. The first open
    // follows the page's first reads; a reopen may follow a reset of the world (the reset ends its streams
    // and puts the data back without an event), which no Last-Event-ID replay can tell.
    source.onopen = () => {
      reportReachability('reached');
      void queryClient.invalidateQueries();
    };
    source.onerror = () => {
      reportReachability('in-doubt');
      // EventSource retries by itself; only a stream that gave up falls back to polling.
      if (source.readyState === EventSource.CLOSED && poll === null) {
        // A stream refused for good may be a world deleted elsewhere (its 404): the world's own check is
        // read again now, so the page goes back to the default world at once rather than at the next poll.
        if (world !== DEFAULT_WORLD) void queryClient.invalidateQueries({ queryKey: ['worlds'] });
        poll = setInterval(() => void queryClient.invalidateQueries(), FALLBACK_POLL_MS);
      }
    };
    return () => {
      source.close();
      if (poll) clearInterval(poll);
    };
  }, [queryClient, world]);
}
