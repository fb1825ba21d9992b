import { Alert, Text } from '@mantine/core';
import { CrossbuyError } from '../api/client';
import { appMessages } from '../app/appMessages';
import { errorKeyOf } from './errorKey';
import { useT } from './i18n';

// The mapping's old home: its users import it from here.
export { errorKeyOf, type ErrorKey } from './errorKey';

/** An error worded for the user: what it means in the UI language, and the service's own sentence as detail. */
export interface ErrorText {
  summary: string | null;
  /** Shown as is (the API writes it in English; it names the field or the figure involved). */
  detail: string | null;
}

/**
 * Words an error as every error surface does (the alert below, a toast): a 401 as the ended UI session,
 * an API error by its status code with the service's sentence as the detail, anything else by its message.
 */
export function useErrorText(): (error: unknown) => ErrorText {
  const t = useT(appMessages);
  return (error) => {
    if (error instanceof CrossbuyError && error.statusCode === 401) return { summary: t('sessionEnded', { message: error.message }), detail: null };
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof CrossbuyError) return { summary: t(errorKeyOf(error.statusCode)), detail: message ? t('errorDetail', { message }) : null };
    return { summary: null, detail: message || null };
  };
}

/** An error's text as a notification's message: the summary, then the detail dimmed. */
export function ErrorTextBody({ text }: { text: ErrorText }) {
  return (
    <>
      {text.summary ? <Text size="sm">{text.summary}</Text> : null}
      {text.detail ? (
        <Text size="sm" c="dimmed" translate="no">
          {text.detail}
        </Text>
      ) : null}
    </>
  );
}

/** An error in a red alert (role="alert"), worded by useErrorText. */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  const text = useErrorText()(error);
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <ErrorTextBody text={text} />
    </Alert>
  );
}
