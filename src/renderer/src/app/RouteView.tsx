import { NotFoundPage } from './NotFoundPage';
import { allPages } from './pages';
import { matchPattern, useHashPath } from './router';

export function RouteView() {
  const path = useHashPath();
  for (const page of allPages) {
    const params = matchPattern(page.pattern, path);
    if (params) return <>{page.render(params)}</>;
  }
  return <NotFoundPage path={path} />;
}
