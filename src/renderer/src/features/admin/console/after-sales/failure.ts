import { ApiError } from '../../../../api/client';

/**
 * What went wrong with an after-sales action, from the answer's status code: the console words it itself
 * (both languages) instead of showing the service's English sentence. `other` falls back to ErrorAlert.
 */
export type FailureKind = 'conflict' | 'shortBalance' | 'invalid' | 'notFound' | 'other';

export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return 'other';
  switch (error.statusCode) {
    case 409:
      return 'conflict';
    case 402:
      return 'shortBalance';
    case 400:
    case 422:
      return 'invalid';
    case 404:
      return 'notFound';
    default:
      return 'other';
  }
}
