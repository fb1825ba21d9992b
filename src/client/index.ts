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
export { ADMIN_PREFIX, apiBase, CrossbuyError, OPEN_PREFIX } from './base.js';
import { ADMIN_PREFIX, apiBase, CrossbuyError, OPEN_PREFIX } from './base.js';
export type { EventPayloads, EventType } from '../contract/events.js';
export { openEventStream, type EventStream, type EventStreamOptions, type StreamedEvent } from './events.js';
export type OpenClient = Client<OpenPaths>;
export type AdminClient = Client<AdminPaths>;

export interface CreateClientOptions {
  /** The server's origin (http://127.0.0.1:4680), or the full API base ending in the prefix. */
  baseUrl: string;
  /** An sk- key (`crossbuy keys create`). */
  apiKey: string;
  /** Another fetch (a transport, a test double of the network); the global fetch otherwise. */
  fetch?: ClientOptions['fetch'];
  headers?: Record<string, string>;
}

export interface CreateAdminClientOptions extends Omit<CreateClientOptions, 'apiKey'> {
  /** The admin token (`crossbuy admin token`). */
  adminToken: string;
}

function bearer(secret: string, extra: Record<string, string> = {}): Record<string, string> {
  return secret ? { ...extra, Authorization: `Bearer ${secret}` } : extra;
}

/** The open API (/api/v1/open) with an API key. */
export function createClient(options: CreateClientOptions): OpenClient {
  return createFetchClient<OpenPaths>({
    baseUrl: apiBase(options.baseUrl, OPEN_PREFIX),
    headers: bearer(options.apiKey, options.headers),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** The back office (/api/v1/admin) with the admin token. */
export function createAdminClient(options: CreateAdminClientOptions): AdminClient {
  return createFetchClient<AdminPaths>({
    baseUrl: apiBase(options.baseUrl, ADMIN_PREFIX),
    headers: bearer(options.adminToken, options.headers),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** The `data` of a success envelope, or a CrossbuyError with the service's own message. */
export async function unwrap<D extends { data: unknown }>(call: Promise<Answer<D>>): Promise<D['data']> {
  let answer: Answer<D>;
  try {
    answer = await call;
  } catch (cause) {
    throw new CrossbuyError(0, 'The crossbuy service could not be reached', 'Network Error', { cause });
  }
  const { data, error, response } = answer;
  if (error !== undefined || !response.ok) {
    const body = (typeof error === 'object' && error !== null ? error : {}) as { message?: unknown; error?: unknown };
    const message = typeof body.message === 'string' ? body.message : `The service answered ${response.status} without an error message`;
    throw new CrossbuyError(response.status, message, typeof body.error === 'string' ? body.error : '');
  }
  if (typeof data !== 'object' || data === null || !('data' in data)) {
    throw new CrossbuyError(response.status, 'The service sent a response without data', 'Bad Response');
  }
  return data.data;
}
