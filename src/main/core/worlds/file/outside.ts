import type { Api } from './route-lookup.js';

/**
 * What a world file's step may not call (worlds.md section 1: worlds share nothing). A file makes one
 * world: its admin steps carry admin rights in that world only, so a route that reads or changes anything
 * beyond it (another world, the server, files of the data folder) is refused before the step is sent,
 * whatever the `Crossbuy-World` header would select. Also refused: a route that never answers.
 *
 * The path is judged as the server will route it: the base `/api/v1/<api>` joined on, dot segments and
 * backslashes resolved as the request's URL parser does (`/admin/orders/../worlds` is `/admin/worlds`),
 * each segment percent-decoded as the router does (`%77orlds` is `worlds`), empty segments and case
 * ignored (so a spelling the router would 404 may be refused too: harmless).
 */

const API_PREFIX = '/api/v1';

/** Settings of `PUT /admin/settings` that belong to the server, not to the world whose database holds them. */
const SERVER_SETTINGS: Record<string, string> = {
  requestLogLimit: 'requestLogLimit is the server\'s (it bounds the one request log every world shares), not the world\'s',
  maxWorlds: 'maxWorlds is the server\'s (it limits the worlds of the data folder), not the world\'s',
};

const REGISTRY =
  'the worlds registry (/admin/worlds) reads and changes every world of the server, and a world file makes one world and touches no other';
const BACKUPS =
  'backups and restores (/admin/data/backup, /admin/data/backups, /admin/data/restore) work on files kept beside the world\'s database, named by wall time: a snapshot, a fork or a copy of the kept template would not hold them';
const SERVER = '/admin/server describes the server (its address and data folder), not the world';
const STREAM = 'the event stream (/open/events) never ends, so the step would never be answered';

/** The world-registry routes that read no world: the world-file schema and the files shipped with the build. */
const STATIC_WORLD_READS = new Set(['schema.json', 'files']);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The path's segments under `/api/v1/<api>` as the router sees them; null when it leaves that base. */
export function routedSegments(api: Api, pathAndQuery: string): string[] | null {
  let pathname: string;
  try {
    pathname = new URL(`${API_PREFIX}/${api}${pathAndQuery}`, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const base = `${API_PREFIX}/${api}`;
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return null;
  return pathname
    .slice(base.length)
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => decode(segment).toLowerCase());
}

/**
 * Why a step's request would reach outside the world the file makes (a sentence for its 422), or null
 * when it stays inside. `body` is the request's body as sent (its settings' names are read).
 */
export function reachesOutside(method: string, api: Api, pathAndQuery: string, body: unknown): string | null {
  const segments = routedSegments(api, pathAndQuery);
  if (segments === null) return `its path leaves /${api} once its dot segments are resolved`;
  const [first, second] = segments;
  if (api === 'open') return method === 'GET' && segments.length === 1 && first === 'events' ? STREAM : null;
  if (first === 'worlds') {
    if (method === 'GET' && segments.length === 2 && STATIC_WORLD_READS.has(second!)) return null;
    return REGISTRY;
  }
  if (first === 'data' && segments.length === 2 && (second === 'backup' || second === 'backups' || second === 'restore')) return BACKUPS;
  if (first === 'server' && segments.length === 1) return SERVER;
  if (first === 'settings' && segments.length === 1 && method !== 'GET' && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const setting = Object.keys(body).find((name) => Object.hasOwn(SERVER_SETTINGS, name));
    if (setting !== undefined) return SERVER_SETTINGS[setting]!;
  }
  return null;
}
