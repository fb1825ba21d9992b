import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts its children in a transition after its own first commit, so React renders them in slices of a
 * few milliseconds and commits them apart from what mounted with it (`fallback` meanwhile). Something
 * mounted directly is rendered by whatever update comes next, and the query results of the first load
 * arrive through useSyncExternalStore, which React renders synchronously: one blocking task
 * (docs/PERFORMANCE.md, "The UI's main thread"). `now`: mount at once instead (read on the first render
 * only), where a fallback would only flash.
 */
export function MountInTransition({ children, fallback = null, now = false }: { children: ReactNode; fallback?: ReactNode; now?: boolean }) {
  const [mounted, setMounted] = useState(now);
  useEffect(() => {
    if (!mounted) startTransition(() => setMounted(true));
  }, [mounted]);
  return mounted ? children : fallback;
}
