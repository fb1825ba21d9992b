import { defaultTransport, type Method, type Transport } from './transport';
import type {
  AddToCartInput,
  AddToCartResult,
  Cart,
  CartItemPatch,
  CartItemPatchResult,
  ClearCartResult,
  MessageResult,
  Page,
  Platform,
  Product,
} from './types';

export const OPEN_API = '/api/v1/open';

/** An error answer of the service ({ statusCode, message, error }), or statusCode 0 when it was not reached. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

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
    return new ApiError(status, body.message, typeof body.error === 'string' ? body.error : '');
  }
  return new ApiError(status, `The service answered ${status} without an error message`);
}

export type Query = Record<string, string | number | boolean | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export interface SearchParams {
  q?: string;
  page?: number;
  limit?: number;
}

export const ADMIN_API = '/api/v1/admin';

/**
 * One call to the service over a transport: resolves with the `data` of a success, rejects with an
 * ApiError carrying the service's own message. `path` is absolute (/api/v1/open/... or /api/v1/admin/...).
 */
export async function send<T>(transport: Transport, method: Method, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
  let response;
  try {
    response = await transport({ method, path, body, idempotencyKey });
  } catch (cause) {
    // The same words whichever transport failed; the transport's own error stays as the cause.
    throw new ApiError(0, 'The crossbuy service could not be reached', 'Network Error', { cause });
  }
  const { status, body: payload } = response;
  if (status < 200 || status >= 300) throw errorFrom(status, payload);
  if (!isRecord(payload) || !('data' in payload)) {
    throw new ApiError(status, 'The service sent a response without data', 'Bad Response');
  }
  return payload.data as T;
}

/** The typed open API client for the shop and the cart. */
export function createClient(transport: Transport) {
  const call = <T,>(method: Method, path: string, body?: unknown) => send<T>(transport, method, OPEN_API + path, body);

  return {
    products: {
      search: (params: SearchParams) => call<Page<Product>>('GET', withQuery('/products/search', { ...params })),
      searchPlatform: (platform: Platform, params: SearchParams) =>
        call<Page<Product>>('GET', withQuery(`/products/platform/${encodeURIComponent(platform)}/search`, { ...params })),
      get: (id: number) => call<Product>('GET', `/products/${encodeURIComponent(String(id))}`),
      resolveLink: (url: string) => call<Product>('GET', withQuery('/products/resolve', { url })),
    },
    cart: {
      get: () => call<Cart>('GET', '/cart'),
      add: (input: AddToCartInput) => call<AddToCartResult>('POST', '/cart/items', input),
      update: (itemId: number, patch: CartItemPatch) => call<CartItemPatchResult>('PATCH', `/cart/items/${itemId}`, patch),
      remove: (itemId: number) => call<MessageResult>('DELETE', `/cart/items/${itemId}`),
      clear: () => call<ClearCartResult>('DELETE', '/cart'),
    },
  };
}

export type ApiClient = ReturnType<typeof createClient>;

let shared: ApiClient | null = null;
let sharedTransport: Transport | null = null;

function pageTransport(): Transport {
  sharedTransport ??= defaultTransport();
  return sharedTransport;
}

/** The page's client, over the bridge in Electron and over HTTP in the headless UI. */
export function api(): ApiClient {
  shared ??= createClient(pageTransport());
  return shared;
}

export interface RequestOptions {
  body?: unknown;
  query?: Query;
  /** Sent as Idempotency-Key: pass one per user action so a retried click never pays twice. */
  idempotencyKey?: string;
}

/** The open API (/api/v1/open) as the operator, for feature modules: `openApi('GET', '/orders', { query })`. */
export function openApi<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(pageTransport(), method, withQuery(OPEN_API + path, options.query), options.body, options.idempotencyKey);
}

/** The back office (/api/v1/admin), for the operator's pages. */
export function adminApi<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(pageTransport(), method, withQuery(ADMIN_API + path, options.query), options.body, options.idempotencyKey);
}

/** A fresh Idempotency-Key for one user action. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
