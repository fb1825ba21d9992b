import { Alert } from '@mantine/core';
import { ApiError } from '../api/client';
import { appMessages } from '../app/appMessages';
import { useT } from './i18n';

function describe(error: unknown, sessionEnded: (message: string) => string): string {
  if (error instanceof ApiError) {
    if (error.statusCode === 401) {
      return sessionEnded(error.message);
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The API's own message, in a red alert (role="alert"). */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  const t = useT(appMessages);
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {describe(error, (message) => t('sessionEnded', { message }))}
    </Alert>
  );
}
