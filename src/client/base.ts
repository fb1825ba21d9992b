/** What the client's modules share: the API prefixes, the base URL rule and the error. */

export const OPEN_PREFIX = '/api/v1/open';
export const ADMIN_PREFIX = '/api/v1/admin';

/** The origin with the API prefix appended once (a base that already ends in it is kept). */
export function apiBase(baseUrl: string, prefix: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith(prefix) ? base : base + prefix;
}

/** An error answer of the service: `{ statusCode, message, error }`, or statusCode 0 when it was not reached. */
export class CrossbuyError extends Error {
  override readonly name = 'CrossbuyError';
  readonly statusCode: number;
  readonly error: string;

  // No parameter properties: Node runs this file with type stripping alone.
  constructor(statusCode: number, message: string, error = '', options?: ErrorOptions) {
    super(message, options);
    this.statusCode = statusCode;
    this.error = error;
  }
}
