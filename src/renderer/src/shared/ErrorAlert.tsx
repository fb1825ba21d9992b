import { Alert } from '@mantine/core';
import { ApiError } from '../api/client';

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.statusCode === 401) {
      return `${error.message}. The UI session has ended: open the URL that "crossbuy serve" printed again.`;
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The API's own message, in a red alert (role="alert"). */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      {describe(error)}
    </Alert>
  );
}
