import { Alert, Text } from '@mantine/core';
import { ErrorAlert } from '../../../../shared/ErrorAlert';
import { useT } from '../../../../shared/i18n';
import { CrossbuyError } from '../../../../api/client';
import { failureKind } from './failure';
import { afterSalesMessages } from './messages';

/**
 * The result of one after-sales action: what it did (a sentence the back office builds from the answer's
 * data), or why it did not happen, worded from the status code. `conflict` may be replaced by a more
 * specific sentence (the shipping order's status).
 */
export function Outcome({ done, error, errorTitle, conflict }: { done: string | null; error: unknown; errorTitle: string; conflict?: string }) {
  const t = useT(afterSalesMessages);
  if (error) {
    const kind = failureKind(error);
    if (kind === 'other') return <ErrorAlert title={errorTitle} error={error} />;
    const text =
      kind === 'conflict'
        ? (conflict ?? t('conflict'))
        : kind === 'invalid'
          ? t('invalid', { message: error instanceof CrossbuyError ? error.message : '' })
          : t(kind);
    return (
      <Alert color="red" variant="light" title={errorTitle} role="alert" data-status-code={error instanceof CrossbuyError ? error.statusCode : undefined}>
        {text}
      </Alert>
    );
  }
  return done ? (
    <Text size="sm" role="status" c="teal">
      {done}
    </Text>
  ) : null;
}
