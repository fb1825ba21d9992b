/** What the client's modules share: the API prefixes, the base URL rule and the error. */

export const OPEN_PREFIX = '/api/v1/open';
export const ADMIN_PREFIX = '/api/v1/admin';

/** The origin with the API prefix appended once (a base that already ends in it is kept). */
export function apiBase(baseUrl: string, prefix: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith(prefix) ? base : base + prefix;
}

export interface CrossbuyErrorOptions extends ErrorOptions {
  /** The body's stable discriminator (src/contract/error-codes.ts), e.g. `address_invalid`. */
  code?: string;
  /** The request field the refusal concerns, when the service names one. */
  field?: string;
  /** `insufficient_balance`: what the payment needs and what the wallet had available (ledger currency). */
  required?: number;
  available?: number;
}

/**
 * An error answer of the service: `{ statusCode, message, error }` (with `code` and `field` when sent), or
 * statusCode 0 when it was not reached. The one error class of every caller of the API: scripts and the
 * app's own pages alike.
 */
export class CrossbuyError extends Error {
  override readonly name = 'CrossbuyError';
  readonly statusCode: number;
  readonly error: string;
  readonly code?: string;
  readonly field?: string;
  readonly required?: number;
  readonly available?: number;

  // No parameter properties: Node runs this file with type stripping alone.
  constructor(statusCode: number, message: string, error = '', options?: CrossbuyErrorOptions) {
    super(message, options);
    this.statusCode = statusCode;
    this.error = error;
    if (options?.code !== undefined) this.code = options.code;
    if (options?.field !== undefined) this.field = options.field;
    if (options?.required !== undefined) this.required = options.required;
    if (options?.available !== undefined) this.available = options.available;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The CrossbuyError a refusal's body describes (the service's own sentence), whatever shape it came in. */
export function errorFromAnswer(status: number, body: unknown): CrossbuyError {
  if (!isRecord(body) || typeof body.message !== 'string') {
    return new CrossbuyError(status, `The service answered ${status} without an error message`);
  }
  const options: CrossbuyErrorOptions = {};
  if (typeof body.code === 'string') options.code = body.code;
  if (typeof body.field === 'string') options.field = body.field;
  if (typeof body.required === 'number') options.required = body.required;
  if (typeof body.available === 'number') options.available = body.available;
  return new CrossbuyError(status, body.message, typeof body.error === 'string' ? body.error : '', options);
}

/** The same words whichever way the call failed to arrive; the transport's own error stays as the cause. */
export function unreachableError(cause: unknown): CrossbuyError {
  return new CrossbuyError(0, 'The crossbuy service could not be reached', 'Network Error', { cause });
}

interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/**
 * The `data` of a success envelope (`{ data: ... }`), or a CrossbuyError with the service's own message;
 * CrossbuyError(0) when the service could not be reached at all.
 */
export async function unwrap<D extends { data: unknown }>(call: Promise<Answer<D>>): Promise<D['data']> {
  let answer: Answer<D>;
  try {
    answer = await call;
  } catch (cause) {
    throw unreachableError(cause);
  }
  const { data, error, response } = answer;
  if (error !== undefined || !response.ok) throw errorFromAnswer(response.status, error);
  if (!isRecord(data) || !('data' in data)) {
    throw new CrossbuyError(response.status, 'The service sent a response without data', 'Bad Response');
  }
  return data.data as D['data'];
}
