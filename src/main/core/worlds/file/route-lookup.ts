import type { RouteSpec } from '../../http/route.js';
import { adminRoutes } from '../../http/routes/admin/index.js';
import { openRoutes } from '../../http/routes/open/index.js';

/**
 * Which route of the table a step's call reaches (method + path against the `:param` patterns), so its
 * body's schema can type whole-string references. A static segment beats a parameter, as in Fastify's
 * router (`/products/search` before `/products/:id`).
 */
export type Api = 'open' | 'admin';

const TABLES: Record<Api, readonly RouteSpec[]> = { open: openRoutes, admin: adminRoutes };

function score(pattern: string, path: string): number | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  let statics = 0;
  for (let i = 0; i < want.length; i++) {
    if (want[i]!.startsWith(':')) {
      if (have[i] === '') return null;
    } else if (want[i] === have[i]) statics++;
    else return null;
  }
  return statics;
}

export function findRoute(api: Api, method: string, path: string): RouteSpec | null {
  let best: RouteSpec | null = null;
  let bestScore = -1;
  for (const spec of TABLES[api]) {
    if (spec.method !== method) continue;
    const s = score(spec.url, path);
    if (s !== null && s > bestScore) {
      best = spec;
      bestScore = s;
    }
  }
  return best;
}
