import {
  createAdminClient,
  createClient as createOpenClient,
  CrossbuyError,
  errorFromAnswer,
  OPEN_PREFIX,
  unreachableError,
  unwrap as data,
  type AdminClient,
  type OpenClient,
} from '../../../client';
import { inOwnTask } from './inOwnTask';
import { defaultTransport, inWorld, type Method, type Transport } from './transport';
import { selectedWorld, watchingWorld } from './worldStore';
import type { AddToCartInput, CartItemPatch, Platform } from './types';

/**
 * The page's calls go through the typed client scripts use (src/client, published as @crossbuy/client):
 * its one error class and its one envelope unwrap. `data` is the name the pages call it by.
 */
export { CrossbuyError, data };

export interface SearchParams {
  q?: string;
  page?: number;
  limit?: number;
  sort?: 'price_asc' | 'price_desc' | 'sales' | 'newest';
  minPrice?: number;
  maxPrice?: number;
  inStock?: boolean;
  /** Local catalog only. */
  platform?: Platform;
}

/**
 * openapi-fetch builds a Request from an absolute URL; the page's transports take the path alone, so
 * this origin never leaves the page.
 */
const LOCAL_ORIGIN = 'http://crossbuy.localhost';

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * The typed client's fetch over one of the page's transports (the IPC bridge or same-origin HTTP): the
 * same method, path, query, body and Idempotency-Key, and the answer back as a Response.
 */
export function transportFetch(transport: Transport): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const idempotencyKey = request.headers.get('idempotency-key') ?? undefined;
    const scenario = request.headers.get('crossbuy-scenario') ?? undefined;
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readJson(request);
    const answer = await transport({ method: request.method as Method, path: url.pathname + url.search, body, idempotencyKey, ...(scenario ? { scenario } : {}) });
    const text = answer.body === null || answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
}

/** The open API typed by its OpenAPI document (src/client/generated), over a transport. */
export function openClientOver(transport: Transport): OpenClient {
  // No key: the transport authenticates (the session cookie with the UI header, or the bridge itself).
  return createOpenClient({ baseUrl: LOCAL_ORIGIN, fetch: transportFetch(transport) });
}

/** The back office typed by its OpenAPI document, over a transport. */
export function adminClientOver(transport: Transport): AdminClient {
  return createAdminClient({ baseUrl: LOCAL_ORIGIN, fetch: transportFetch(transport) });
}

/** The typed client for the shop and the cart, over a transport. */
export function createClient(transport: Transport) {
  const open = openClientOver(transport);
  return {
    products: {
      search: (query: SearchParams) => data(open.GET('/products/search', { params: { query } })),
      searchPlatform: (platform: Platform, query: SearchParams) =>
        data(open.GET('/products/platform/{platform}/search', { params: { path: { platform }, query } })),
      get: (id: number) => data(open.GET('/products/{id}', { params: { path: { id } } })),
      resolveLink: (url: string) => data(open.GET('/products/resolve', { params: { query: { url } } })),
    },
    cart: {
      get: () => data(open.GET('/cart')),
      add: (body: AddToCartInput, key?: string) => data(open.POST('/cart/items', { body, ...(key ? idempotent(key) : {}) })),
      update: (itemId: number, body: CartItemPatch) => data(open.PATCH('/cart/items/{itemId}', { params: { path: { itemId } }, body })),
      remove: (itemId: number) => data(open.DELETE('/cart/items/{itemId}', { params: { path: { itemId } } })),
      clear: () => data(open.DELETE('/cart')),
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;

let shared: ApiClient | null = null;
let sharedTransport: Transport | null = null;
let sharedOpen: OpenClient | null = null;
let sharedAdmin: AdminClient | null = null;

function pageTransport(): Transport {
  // Every call goes to the world picked in the header, read at the time of the call.
  if (sharedTransport === null) {
    // Each call starts in a task of its own (inOwnTask): a page mounting with a dozen reads stays responsive.
    // A 404 naming the selected world (deleted elsewhere) puts the page back on the default world at once.
    const transport = defaultTransport();
    sharedTransport = inWorld(watchingWorld((request) => inOwnTask(() => transport(request))), selectedWorld);
  }
  return sharedTransport;
}

/** The page's client, over the bridge in Electron and over HTTP in the headless UI. */
export function api(): ApiClient {
  shared ??= createClient(pageTransport());
  return shared;
}

/**
 * The open API (/api/v1/open) as the operator, typed by the route table:
 * `data(openApi().GET('/orders/{id}', { params: { path: { id } } }))`.
 */
export function openApi(): OpenClient {
  sharedOpen ??= openClientOver(pageTransport());
  return sharedOpen;
}

/** The back office (/api/v1/admin), typed the same way, for the operator's pages. */
export function adminApi(): AdminClient {
  sharedAdmin ??= adminClientOver(pageTransport());
  return sharedAdmin;
}

/** Sends Idempotency-Key: pass one per user action so a retried click never pays twice. */
export function idempotent(key: string = newIdempotencyKey()): { headers: { 'Idempotency-Key': string } } {
  return { headers: { 'Idempotency-Key': key } };
}

/**
 * The headers of one user action: its Idempotency-Key, and the sandbox outcome the operator picked for it
 * (`Crossbuy-Scenario`, e.g. a declined top-up) when there is one.
 */
export function actionHeaders(key: string, scenario?: string | null): { headers: Record<string, string> } {
  return { headers: { 'Idempotency-Key': key, ...(scenario ? { 'Crossbuy-Scenario': scenario } : {}) } };
}

/** A fresh Idempotency-Key for one user action. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A CSV export (`/api/v1/open/exports/<kind>.csv?...`) as text, over the page's transport (the bridge or
 * same-origin HTTP with the session header, like every other call); a CrossbuyError when refused.
 */
export async function fetchCsv(path: string): Promise<string> {
  let answer;
  try {
    answer = await pageTransport()({ method: 'GET', path: OPEN_PREFIX + path });
  } catch (cause) {
    throw unreachableError(cause);
  }
  if (answer.status !== 200) throw errorFromAnswer(answer.status, answer.body);
  if (typeof answer.body !== 'string') throw new CrossbuyError(answer.status, 'The service sent no CSV', 'Bad Response');
  return answer.body;
}
