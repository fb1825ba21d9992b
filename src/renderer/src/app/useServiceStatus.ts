import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { create } from 'zustand';
import { watchConnection } from './connectionWatch';
import { needsRefetch, nextBanner, NO_BANNER, type ServiceBanner, type ServiceSignal } from './serviceStatus';

/** How long "back" stays up before the banner goes away by itself. */
const BACK_SHOWN_MS = 4_000;

interface ServiceStatusState {
  banner: ServiceBanner;
  signal(signal: ServiceSignal): void;
}

export const useServiceStatusStore = create<ServiceStatusState>()((set, get) => ({
  banner: NO_BANNER,
  signal: (signal) => {
    const banner = nextBanner(get().banner, signal);
    if (banner !== get().banner) set({ banner });
  },
}));

/**
 * The service's state for the banner. In Electron, main pushes the core process's state over the
 * bridge (`onStatus`: restarting after a crash, running again, or failed for good) and the page asks
 * for it once at start (`coreStatus`); in the headless UI
 * the page notices the server going away itself (connectionWatch.ts). When the service is back every
 * query is refetched: what the page shows may predate the outage or be one of its errors.
 * Mount once (the banner does).
 */
export function useServiceStatus(): ServiceBanner {
  const queryClient = useQueryClient();
  const banner = useServiceStatusStore((s) => s.banner);

  useEffect(() => {
    const { signal } = useServiceStatusStore.getState();
    const stopRefetching = useServiceStatusStore.subscribe((state, previous) => {
      if (needsRefetch(previous.banner, state.banner)) void queryClient.invalidateQueries();
    });
    const bridge = window.crossbuy;
    let mounted = true;
    const stopWatching = bridge ? bridge.onStatus((status) => signal({ type: 'core', status })) : watchConnection(signal);
    // Main pushes only changes: a page (re)loaded after a crash, or after main gave up, asks for the
    // state now. Asked after subscribing, and main answers in order with its pushes, so the last word
    // the page hears is the current state.
    bridge?.coreStatus().then(
      (status) => {
        if (mounted) signal({ type: 'core', status });
      },
      () => {},
    );
    return () => {
      mounted = false;
      stopWatching();
      stopRefetching();
    };
  }, [queryClient]);

  useEffect(() => {
    if (banner.kind !== 'back') return undefined;
    const timer = setTimeout(() => useServiceStatusStore.getState().signal({ type: 'settled' }), BACK_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  return banner;
}
