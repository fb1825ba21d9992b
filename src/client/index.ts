import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { paths as AdminPaths } from './generated/admin.js';
import type { paths as OpenPaths } from './generated/open.js';

/**
 * crossbuy/client: the localhost API from a script, typed by the OpenAPI documents the server serves
 * (`npm run gen:client`). A thin layer over openapi-fetch: every call is checked by the compiler against
 * the route table (path, params, body) and answers `{ data, error, response }` as openapi-fetch does,
 * where `data` is the API's `{ data: ... }` envelope.
 *
 *   const crossbuy = createClient({ baseUrl: 'http://127.0.0.1:4680', apiKey: process.env.CROSSBUY_KEY! });
 *   const { data, error } = await crossbuy.GET('/products/search', { params: { query: { q: 'hoodie' } } });
 */

export type { AdminPaths, OpenPaths };
export {
  ADMIN_PREFIX,
  apiBase,
  CrossbuyError,
  errorFromAnswer,
  OPEN_PREFIX,
  unreachableError,
  unwrap,
  type CrossbuyErrorOptions,
} from './base.js';
import { ADMIN_PREFIX, apiBase, OPEN_PREFIX } from './base.js';
export type { EventPayloads, EventType } from '../contract/events.js';
export { openEventStream, type EventStream, type EventStreamOptions, type StreamedEvent } from './events.js';
export type OpenClient = Client<OpenPaths>;
export type AdminClient = Client<AdminPaths>;

export interface CreateClientOptions {
  /** The server's origin (http://127.0.0.1:4680), or the full API base ending in the prefix. */
  baseUrl: string;
  /**
   * An sk- key (`crossbuy keys create`). Left out only where the fetch authenticates on its own (the app's
   * pages: the session cookie, or the desktop's IPC bridge).
   */
  apiKey?: string;
  /**
   * Another fetch: a transport (the desktop's IPC bridge), a test double of the network; the global fetch
   * otherwise. openapi-fetch calls it with one Request.
   */
  fetch?: ClientOptions['fetch'];
  headers?: Record<string, string>;
}

export interface CreateAdminClientOptions extends Omit<CreateClientOptions, 'apiKey'> {
  /** The admin token (`crossbuy admin token`); left out only where the fetch authenticates on its own. */
  adminToken?: string;
}

function bearer(secret: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return secret ? { ...extra, Authorization: `Bearer ${secret}` } : extra;
}

/** The open API (/api/v1/open) with an API key (or over a fetch that authenticates itself). */
export function createClient(options: CreateClientOptions): OpenClient {
  return createFetchClient<OpenPaths>({
    baseUrl: apiBase(options.baseUrl, OPEN_PREFIX),
    headers: bearer(options.apiKey, options.headers),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** The back office (/api/v1/admin) with the admin token (or over a fetch that authenticates itself). */
export function createAdminClient(options: CreateAdminClientOptions): AdminClient {
  return createFetchClient<AdminPaths>({
    baseUrl: apiBase(options.baseUrl, ADMIN_PREFIX),
    headers: bearer(options.adminToken, options.headers),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
