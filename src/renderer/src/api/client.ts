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

type Query = Record<string, string | number | undefined>;

function withQuery(path: string, query?: Query): string {
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

/** The typed open API client: resolves with the `data` of a success, rejects with an ApiError. */
export function createClient(transport: Transport) {
  async function call<T>(method: Method, path: string, body?: unknown): Promise<T> {
    let response;
    try {
      response = await transport({ method, path: OPEN_API + path, body });
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

/** The page's client, over the bridge in Electron and over HTTP in the headless UI. */
export function api(): ApiClient {
  shared ??= createClient(defaultTransport());
  return shared;
}
