/** The path a fresh key is tried on in the example: the cart (`cart:read`, in both presets). */
export const EXAMPLE_PATH = '/api/v1/open/cart';

/** A ready command: `curl -H "Authorization: Bearer sk-..." http://127.0.0.1:4319/api/v1/open/cart`. */
export function curlExample(origin: string, key: string, path: string = EXAMPLE_PATH): string {
  const base = origin.trim().replace(/\/+$/, '');
  const route = path.startsWith('/') ? path : `/${path}`;
  return `curl -H "Authorization: Bearer ${key}" ${base}${route}`;
}

/** The example's path for a key: the cart when the key may read it, else the first read it has. */
export function examplePathFor(scopes: readonly string[]): string {
  if (scopes.includes('all') || scopes.includes('cart:read')) return EXAMPLE_PATH;
  const paths: Record<string, string> = {
    'products:read': '/api/v1/open/products/search?q=bag',
    'orders:read': '/api/v1/open/orders',
    'wallet:read': '/api/v1/open/user/wallet/balance',
    'warehouse:read': '/api/v1/open/warehouse/packages',
    'shipping:read': '/api/v1/open/shipping/orders',
    'logistics:read': '/api/v1/open/logistics/countries',
    'profile:read': '/api/v1/open/user/profile',
    'favorites:read': '/api/v1/open/user/favorites',
    'coupons:read': '/api/v1/open/user/coupons/my',
  };
  for (const scope of scopes) if (paths[scope]) return paths[scope];
  return EXAMPLE_PATH;
}

/** The key is never logged: the command reads it from the shell, so it can be pasted as it is. */
export const KEY_VARIABLE = 'CROSSBUY_KEY';

/** A POSIX shell single-quoted word: safe for any text (a quote inside becomes '\''). */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A logged request as a command that sends it again: method, path and query, the JSON body when there
 * was one, and the key from $CROSSBUY_KEY (double quotes, so the shell expands it).
 */
export function curlForRequest(origin: string, request: { method: string; path: string; query: string; body: string | null }): string {
  const base = origin.trim().replace(/\/+$/, '');
  const url = `${base}${request.path}${request.query ? `?${request.query}` : ''}`;
  const parts = ['curl'];
  if (request.method !== 'GET') parts.push('-X', request.method);
  parts.push('-H', `"Authorization: Bearer $${KEY_VARIABLE}"`);
  if (request.body !== null) parts.push('-H', shellQuote('Content-Type: application/json'), '--data', shellQuote(request.body));
  parts.push(shellQuote(url));
  return parts.join(' ');
}
