import { Alert, Button, Stack } from '@mantine/core';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import type { WebhookEndpoint } from '../types';
import { webhooksMessages } from './messages';
import { useSendTestEvent } from './mutations';

/** "Send test event": a signed webhook.test POST now, and what the endpoint answered, beside the card. */
export function TestEventButton({ endpoint }: { endpoint: WebhookEndpoint }) {
  const t = useT(webhooksMessages);
  const send = useSendTestEvent();
  const result = send.data;
  return (
    <Stack gap="xs">
      <Button
        size="compact-sm"
        variant="light"
        loading={send.isPending}
        onClick={() => send.mutate(endpoint.id)}
        aria-label={t('sendTestNamed', { url: endpoint.url })}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('sendTest')}
      </Button>
      {send.isError ? <ErrorAlert title={t('testNotSent')} error={send.error} /> : null}
      {result ? (
        <Alert color={result.succeeded ? 'green' : 'red'} variant="light" role="status" title={result.succeeded ? t('testDelivered') : t('testFailed')}>
          {result.succeeded
            ? t('testDeliveredBody', { status: result.statusCode ?? 0, ms: result.durationMs })
            : t('testFailedBody', { error: result.error ?? '' })}
        </Alert>
      ) : null}
    </Stack>
  );
}
