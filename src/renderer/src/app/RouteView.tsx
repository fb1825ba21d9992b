import { Center, Loader } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { MountInTransition } from '../shared/MountInTransition';
import { NotFoundPage } from './NotFoundPage';
import { allPages } from './pages';
import { matchPattern, useHashPath } from './router';

const pageLoading = (
  <Center mih={200}>
    <Loader size="sm" aria-label="Loading the page" />
  </Center>
);

/**
 * False until the app's first commit. Only the first page of a load mounts in a transition (it mounts
 * beside the shell, while the shell's first reads arrive); a page opened later mounts at once, as the
 * user asked for it: its chunk is most often loaded, and a loader between two pages would only flash.
 */
let afterFirstLoad = false;

/** The page for the hash path. Pages are lazy chunks (app/lazyPage.ts): the shell paints while one loads. */
export function RouteView() {
  const path = useHashPath();
  useEffect(() => {
    afterFirstLoad = true;
  }, []);
  for (const page of allPages) {
    const params = matchPattern(page.pattern, path);
    if (params) {
      return (
        // One boundary per page: leaving a page unmounts it at once instead of keeping it hidden while
        // the next page's chunk loads.
        <Suspense key={page.pattern} fallback={pageLoading}>
          {/* The first page, whose chunk arrived, used to mount in the next update, often the header's query
              results: one blocking render of the whole page (a 194 ms task on the shop at 4x). */}
          <MountInTransition fallback={pageLoading} now={afterFirstLoad}>
            {page.render(params)}
          </MountInTransition>
        </Suspense>
      );
    }
  }
  return <NotFoundPage path={path} />;
}
