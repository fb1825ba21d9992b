import { Alert, Text } from '@mantine/core';
import { ApiError } from '../api/client';
import { appMessages } from '../app/appMessages';
import { useT } from './i18n';

type ErrorKey = 'error_400' | 'error_402' | 'error_403' | 'error_404' | 'error_409' | 'error_413' | 'error_422' | 'error_429' | 'error_5xx' | 'error_other';

/** What an API status means to the user, in the catalog (the server's own sentence is the detail). */
export function errorKeyOf(status: number): ErrorKey {
  if (status === 0 || status >= 500) return 'error_5xx';
  const known: Record<number, ErrorKey> = { 400: 'error_400', 402: 'error_402', 403: 'error_403', 404: 'error_404', 409: 'error_409', 413: 'error_413', 422: 'error_422', 429: 'error_429' };
  return known[status] ?? 'error_other';
}

/**
 * An error in a red alert (role="alert"): what it means in the UI language, then the service's own
 * message as the detail (the API writes it in English; it names the field or the figure involved).
 */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  const t = useT(appMessages);
  if (error instanceof ApiError && error.statusCode === 401) {
    return (
      <Alert color="red" variant="light" title={title} role="alert">
        {t('sessionEnded', { message: error.message })}
      </Alert>
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {error instanceof ApiError ? <Text size="sm">{t(errorKeyOf(error.statusCode))}</Text> : null}
      {message ? (
        <Text size="sm" c="dimmed" translate="no">
          {error instanceof ApiError ? t('errorDetail', { message }) : message}
        </Text>
      ) : null}
    </Alert>
  );
}
