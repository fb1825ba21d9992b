import type { ErrorCode } from '../../../contract/error-codes.js';

/**
 * The API's error vocabulary. The core throws these; the HTTP adapter renders them as
 * { statusCode, message, error }. Anything else that escapes is a bug and becomes a bare 500.
 */
export const STATUS_TEXT = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
} as const;

export type ErrorStatus = keyof typeof STATUS_TEXT;

/** What a client may switch on (src/contract/error-codes.ts), and the body field concerned. */
export interface ErrorDetail {
  code: ErrorCode;
  field?: string;
  /** insufficient_balance: the amounts (API amounts, not minor units) a client words the refusal with. */
  required?: number;
  available?: number;
  /** world_file_failed: the step that failed. */
  step?: { index: number; name: string | null; label: string; status?: number };
}

export class ApiError extends Error {
  detail?: ErrorDetail;

  constructor(
    readonly statusCode: ErrorStatus,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Adds the stable discriminator (the body then carries `code`, and `field` when given). */
  withDetail(detail: ErrorDetail): this {
    this.detail = detail;
    return this;
  }

  get error(): string {
    return STATUS_TEXT[this.statusCode];
  }

  toBody(): { statusCode: number; message: string; error: string } & Partial<ErrorDetail> {
    const body = { statusCode: this.statusCode, message: this.message, error: this.error };
    return this.detail ? { ...body, ...this.detail } : body;
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);
export const unprocessable = (message: string) => new ApiError(422, message);
export const paymentRequired = (message: string) => new ApiError(402, message);
