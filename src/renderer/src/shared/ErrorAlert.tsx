import { Alert, Box, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CrossbuyError } from '../api/client';
import { appMessages } from '../app/appMessages';
import { errorKeyOf } from './errorKey';
import { useFormat } from './format';
import { useDisplayCurrencyStore } from './format/displayCurrencyStore';
import { useT } from './i18n';

// The wallet's own Top up dialog, loaded when a refusal offers it (a dynamic import: the dialog's own
// alerts are ErrorAlerts, so a static import would be a cycle).
const TopUpButton = lazy(() => import('../features/account/TopUpDialog').then((m) => ({ default: m.TopUpButton })));

/** A 402 that says how much was needed and how much the wallet had (the service's insufficient_balance). */
function shortOfMoney(error: unknown): (CrossbuyError & { required: number; available: number }) | null {
  return error instanceof CrossbuyError && error.code === 'insufficient_balance' && typeof error.required === 'number' && typeof error.available === 'number'
    ? (error as CrossbuyError & { required: number; available: number })
    : null;
}

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
  const fmt = useFormat();
  const ledgerCurrency = useDisplayCurrencyStore((s) => s.ledgerCurrency);
  return (error) => {
    const short = shortOfMoney(error);
    // Worded whole in the app's money format: the service's English sentence would repeat it raw.
    if (short) return { summary: t('error_402_amounts', { required: fmt.money(short.required, ledgerCurrency), available: fmt.money(short.available, ledgerCurrency) }), detail: null };
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

/** An error in a red alert (role="alert"), worded by useErrorText; a short wallet is offered the Top up. */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  const text = useErrorText()(error);
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <ErrorTextBody text={text} />
      {shortOfMoney(error) ? (
        <Suspense fallback={null}>
          <Box mt="xs">
            <TopUpButton />
          </Box>
        </Suspense>
      ) : null}
    </Alert>
  );
}
