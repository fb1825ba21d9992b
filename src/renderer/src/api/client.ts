import createFetchClient, { type Client } from 'openapi-fetch';
import type { paths as AdminPaths } from '../../../client/generated/admin';
import type { paths as OpenPaths } from '../../../client/generated/open';
import { defaultTransport, inWorld, type Method, type Transport } from './transport';
import { selectedWorld } from './worldStore';
import type { AddToCartInput, CartItemPatch, Platform } from './types';

type OpenClient = Client<OpenPaths>;
type AdminClient = Client<AdminPaths>;

export const OPEN_API = '/api/v1/open';

/** An error answer of the service ({ statusCode, message, error }), or statusCode 0 when it was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  /** The body's stable discriminator (src/contract/error-codes.ts) and the field concerned, when sent. */
  code?: string;
  field?: string;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly error: string = '',
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function errorFrom(status: number, body: unknown): ApiError {
  if (isRecord(body) && typeof body.message === 'string') {
    const error = new ApiError(status, body.message, typeof body.error === 'string' ? body.error : '');
    if (typeof body.code === 'string') error.code = body.code;
    if (typeof body.field === 'string') error.field = body.field;
    return error;
  }
  return new ApiError(status, `The service answered ${status} without an error message`);
}

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

export const ADMIN_API = '/api/v1/admin';

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
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readJson(request);
    const answer = await transport({ method: request.method as Method, path: url.pathname + url.search, body, idempotencyKey });
    const text = answer.body === null || answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(answer.status === 204 ? null : text, { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
}

/** The open API typed by its OpenAPI document (src/client/generated), over a transport. */
export function openClientOver(transport: Transport): OpenClient {
  return createFetchClient<OpenPaths>({ baseUrl: LOCAL_ORIGIN + OPEN_API, fetch: transportFetch(transport) });
}

/** The back office typed by its OpenAPI document, over a transport. */
export function adminClientOver(transport: Transport): AdminClient {
  return createFetchClient<AdminPaths>({ baseUrl: LOCAL_ORIGIN + ADMIN_API, fetch: transportFetch(transport) });
}

interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * The `data` of a success, or an ApiError carrying the service's own message; ApiError(0) when the
 * service could not be reached at all.
 */
export async function data<D extends { data: unknown }>(call: Promise<Answer<D>>): Promise<D['data']> {
  let answer: Answer<D>;
  try {
    answer = await call;
  } catch (cause) {
    // The same words whichever transport failed; the transport's own error stays as the cause.
    throw new ApiError(0, 'The crossbuy service could not be reached', 'Network Error', { cause });
  }
  const { response } = answer;
  if (!response.ok) throw errorFrom(response.status, answer.error);
  if (!isRecord(answer.data) || !('data' in answer.data)) {
    throw new ApiError(response.status, 'The service sent a response without data', 'Bad Response');
  }
  return answer.data.data;
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
  sharedTransport ??= inWorld(defaultTransport(), selectedWorld);
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

/** A fresh Idempotency-Key for one user action. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A CSV export (`/api/v1/open/exports/<kind>.csv?...`) as text, over the page's transport (the bridge or
 * same-origin HTTP with the session header, like every other call); an ApiError when refused.
 */
export async function fetchCsv(path: string): Promise<string> {
  let answer;
  try {
    answer = await pageTransport()({ method: 'GET', path: OPEN_API + path });
  } catch (cause) {
    throw new ApiError(0, 'The crossbuy service could not be reached', 'Network Error', { cause });
  }
  if (answer.status !== 200) throw errorFrom(answer.status, answer.body);
  if (typeof answer.body !== 'string') throw new ApiError(answer.status, 'The service sent no CSV', 'Bad Response');
  return answer.body;
}
