/** The catalog keys (app/appMessages.ts) of what an API status means to the user. */
export type ErrorKey = 'error_400' | 'error_402' | 'error_403' | 'error_404' | 'error_409' | 'error_413' | 'error_422' | 'error_429' | 'error_5xx' | 'error_other';

/**
 * What an API status means to the user, in the catalog (the server's own sentence is the detail): the one
 * mapping of status codes, which ErrorAlert, its toasts and the back office's after-sales outcomes all word from.
 * Status 0 is the service not reached.
 */
export function errorKeyOf(status: number): ErrorKey {
  if (status === 0 || status >= 500) return 'error_5xx';
  const known: Record<number, ErrorKey> = { 400: 'error_400', 402: 'error_402', 403: 'error_403', 404: 'error_404', 409: 'error_409', 413: 'error_413', 422: 'error_422', 429: 'error_429' };
  return known[status] ?? 'error_other';
}
