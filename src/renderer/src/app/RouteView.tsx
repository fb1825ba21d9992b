import { Center, Loader } from '@mantine/core';
import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { NotFoundPage } from './NotFoundPage';
import { allPages } from './pages';
import { matchPattern, useHashPath } from './router';

const pageLoading = (
  <Center mih={200}>
    <Loader size="sm" aria-label="Loading the page" />
  </Center>
);

/**
 * Mounts a page in a transition, so React renders it in slices of a few milliseconds. Mounted through the
 * Suspense boundary alone, a page whose chunk arrived was rendered by whatever update came next, and the
 * header's query results (useSyncExternalStore: synchronous) made that one blocking render of the whole
 * page: the shop's first load had a 194 ms task at 4x throttling (docs/PERFORMANCE.md).
 */
function MountInTransition({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? children : pageLoading;
}

/** The page for the hash path. Pages are lazy chunks (app/lazyPage.ts): the shell paints while one loads. */
export function RouteView() {
  const path = useHashPath();
  for (const page of allPages) {
    const params = matchPattern(page.pattern, path);
    if (params) {
      return (
        // One boundary per page: leaving a page unmounts it at once instead of keeping it hidden while
        // the next page's chunk loads.
        <Suspense key={page.pattern} fallback={pageLoading}>
          <MountInTransition>{page.render(params)}</MountInTransition>
        </Suspense>
      );
    }
  }
  return <NotFoundPage path={path} />;
}
