import { Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../shared/EmptyState';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { fetchers, adminKeys } from '../queries';
import { Section } from '../Section';
import { AddWebhookForm } from './AddWebhookForm';
import { EndpointCard } from './EndpointCard';
import { webhooksMessages } from './messages';
import { PageHeader } from '../../../shared/PageHeader';

export function WebhooksPage() {
  const t = useT(webhooksMessages);
  const endpoints = useQuery({ queryKey: adminKeys.webhooks, queryFn: fetchers.webhooks });
  return (
    <Stack gap="md">
      <PageHeader title={t('title')} intro={t('intro')} />
      <AddWebhookForm />
      <Section title={t('listTitle')}>
        {endpoints.isPending ? (
          <Skeleton height={120} />
        ) : endpoints.isError ? (
          <ErrorAlert title={t('listLoadError')} error={endpoints.error} />
        ) : endpoints.data.length === 0 ? (
          <EmptyState title={t('noEndpoints')}>{t('noEndpointsHint')}</EmptyState>
        ) : (
          <Stack gap="sm">
            {endpoints.data.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} />
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
