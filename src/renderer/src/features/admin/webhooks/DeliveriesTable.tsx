import { Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { wholeBadgeStyles } from '../../../shared/wholeBadge';
import { DELIVERIES_PAGE_SIZE, fetchers, adminKeys } from '../queries';
import { TEST_EVENT_TYPE, type WebhookDelivery } from '../types';
import { webhooksMessages } from './messages';
import { useFormat } from '../../../shared/format';

const STATUS_COLOR: Record<WebhookDelivery['status'], string> = { pending: 'yellow', succeeded: 'green', failed: 'red' };

/** How often an open list is read again: soon while a retry is due, else to pick up new deliveries. */
export const FOLLOW_PENDING_MS = 5_000;
export const FOLLOW_NEW_MS = 10_000;

/**
 * The refetch interval of an open list (it is only mounted while open): new deliveries come from events
 * the service dispatches on its own, from scripts and from other tabs, and no live event names them, so an
 * open list is read again at a modest pace, faster while a shown delivery still waits on a retry.
 */
export function deliveriesRefetchInterval(pages: readonly { items: readonly Pick<WebhookDelivery, 'status'>[] }[] | undefined): number {
  return pages?.some((p) => p.items.some((d) => d.status === 'pending')) ? FOLLOW_PENDING_MS : FOLLOW_NEW_MS;
}

function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  const t = useT(webhooksMessages);
  const fmt = useFormat();
  const formatDate = (iso: string | null | undefined) => fmt.date(iso, 'short');
  if (delivery.attemptLog.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('noAttempts')}
      </Text>
    );
  }
  return (
    <Table withTableBorder verticalSpacing={4} fz="xs" aria-label={t('attemptsOf', { id: delivery.id })}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('colAt')}</Table.Th>
          <Table.Th>{t('colCode')}</Table.Th>
          <Table.Th>{t('colError')}</Table.Th>
          <Table.Th ta="right">{t('colDuration')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {delivery.attemptLog.map((attempt, index) => (
          <Table.Tr key={`${attempt.at}-${index}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(attempt.at)}</Table.Td>
            <Table.Td>{attempt.statusCode ?? '—'}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-word' }}>{attempt.error ?? '—'}</Table.Td>
            <Table.Td ta="right">{t('ms', { ms: attempt.durationMs })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * One endpoint's deliveries, newest first as the service sends them: the newest page, then "Show more"
 * walks on from the last one shown (cursor paging, one index seek per page however long the history).
 */
export function DeliveriesTable({ endpointId }: { endpointId: number }) {
  const t = useT(webhooksMessages);
  const fmt = useFormat();
  const formatDate = (iso: string | null | undefined) => fmt.date(iso, 'short');
  const [open, setOpen] = useState<number | null>(null);
  const deliveries = useInfiniteQuery({
    queryKey: adminKeys.deliveriesOf(endpointId),
    queryFn: ({ pageParam }) => fetchers.deliveries(endpointId, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => (last.items.length < DELIVERIES_PAGE_SIZE ? undefined : String(last.items.at(-1)!.id)),
    // Retries happen in the background and new deliveries arrive unannounced: follow both while open.
    refetchInterval: (query) => deliveriesRefetchInterval(query.state.data?.pages),
  });

  if (deliveries.isPending) return <Skeleton height={48} />;
  if (deliveries.isError) return <ErrorAlert title={t('deliveriesLoadError')} error={deliveries.error} />;
  const items = deliveries.data.pages.flatMap((p) => p.items);
  const total = deliveries.data.pages[0]?.total ?? 0;
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('noDeliveries')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={700}>
        <Table verticalSpacing={6} fz="sm" aria-label={t('deliveries')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('colCreated')}</Table.Th>
              <Table.Th>{t('colEvent')}</Table.Th>
              <Table.Th>{t('colStatus')}</Table.Th>
              <Table.Th ta="right">{t('colAttempts')}</Table.Th>
              <Table.Th>{t('colCode')}</Table.Th>
              <Table.Th>{t('colError')}</Table.Th>
              <Table.Th>{t('colNextAttempt')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((delivery) => (
              <Fragment key={delivery.id}>
                <Table.Tr>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(delivery.createdAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text span ff="monospace" fz="sm">
                        {delivery.eventType}
                      </Text>
                      {delivery.eventType === TEST_EVENT_TYPE ? (
                        <Badge size="xs" variant="outline" color="gray" tt="none" title={t('testBadgeHint')}>
                          {t('testBadge')}
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="sm" variant="light" color={STATUS_COLOR[delivery.status] ?? 'gray'} tt="none" styles={wholeBadgeStyles}>
                      {t(`status_${delivery.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{delivery.attempts}</Table.Td>
                  <Table.Td>{delivery.lastStatusCode ?? '—'}</Table.Td>
                  <Table.Td maw={240} style={{ wordBreak: 'break-word' }}>
                    {delivery.lastError ?? '—'}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{delivery.nextAttemptAt ? formatDate(delivery.nextAttemptAt) : '—'}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      aria-expanded={open === delivery.id}
                      onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                    >
                      {t('showAttempts', { count: delivery.attemptLog.length })}
                    </Button>
                  </Table.Td>
                </Table.Tr>
                {open === delivery.id ? (
                  <Table.Tr>
                    <Table.Td colSpan={8}>
                      <AttemptLog delivery={delivery} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.some((delivery) => delivery.nextAttemptAt) ? (
        <Text size="xs" c="dimmed">
          {t('retriesRealTime')}
        </Text>
      ) : null}
      <Group gap="sm">
        <Text size="xs" c="dimmed" role="status">
          {t('deliveriesShown', { shown: items.length, total })}
        </Text>
        {deliveries.hasNextPage ? (
          <Button size="compact-sm" variant="subtle" onClick={() => void deliveries.fetchNextPage()} loading={deliveries.isFetchingNextPage}>
            {t('moreDeliveries')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
