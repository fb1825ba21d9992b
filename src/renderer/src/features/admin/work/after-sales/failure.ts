import { CrossbuyError } from '../../../../api/client';
import { errorKeyOf, type ErrorKey } from '../../../../shared/errorKey';

/**
 * What went wrong with an after-sales action, from the answer's status code: the back office words it itself
 * (both languages) instead of showing the service's English sentence. `other` falls back to ErrorAlert.
 * The status codes are read through the one mapping every error surface uses (shared/errorKey.ts).
 */
export type FailureKind = 'conflict' | 'shortBalance' | 'invalid' | 'notFound' | 'other';

const KIND_OF: Partial<Record<ErrorKey, FailureKind>> = {
  error_409: 'conflict',
  error_402: 'shortBalance',
  error_400: 'invalid',
  error_422: 'invalid',
  error_404: 'notFound',
};

export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof CrossbuyError)) return 'other';
  return KIND_OF[errorKeyOf(error.statusCode)] ?? 'other';
}
