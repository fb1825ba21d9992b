import { Center, Loader } from '@mantine/core';
import { Suspense } from 'react';
import { NotFoundPage } from './NotFoundPage';
import { allPages } from './pages';
import { matchPattern, useHashPath } from './router';

/** The page for the hash path. Pages are lazy chunks (app/lazyPage.ts): the shell paints while one loads. */
export function RouteView() {
  const path = useHashPath();
  for (const page of allPages) {
    const params = matchPattern(page.pattern, path);
    if (params) {
      return (
        // One boundary per page: leaving a page unmounts it at once instead of keeping it hidden while
        // the next page's chunk loads.
        <Suspense
          key={page.pattern}
          fallback={
            <Center mih={200}>
              <Loader size="sm" aria-label="Loading the page" />
            </Center>
          }
        >
          {page.render(params)}
        </Suspense>
      );
    }
  }
  return <NotFoundPage path={path} />;
}
