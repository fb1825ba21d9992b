/** Every logged request is under the open API's prefix: a path typed without it means one of its routes. */
const OPEN_API_PREFIX = '/api/v1/open';

/** The path prefix the log is filtered by, for what the operator typed: `/orders` as `/api/v1/open/orders`. */
export function logPathPrefix(typed: string): string {
  if (typed === '' || typed.startsWith('/api')) return typed;
  return OPEN_API_PREFIX + typed;
}
