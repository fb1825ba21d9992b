import { Anchor, Badge, Group, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { navigate, useHashQuery } from '../../app/router';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { ExportCsvButton } from '../../shared/ExportCsvButton';
import { useFormat } from '../../shared/format';
import { Pages, ShippingStatusBadge, useLabel, useWarehouseT } from './bits';
import { formatWeight, oneOf, pageCount, pageFrom } from './logic';
import { PAGE_SIZE, useShippingOrders } from './queries';
import { SHIPPING_STATUSES, type ShippingStatus } from './types';
import { useT } from '../../shared/i18n';
import { settlementMessages } from './settlementMessages';

function listHash(status: ShippingStatus | undefined, page: number): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `#/shipping?${text}` : '#/shipping';
}

export function ShippingOrdersPage() {
  const fmt = useFormat();
  const t = useWarehouseT();
  const label = useLabel();
  const settle = useT(settlementMessages);
  const dateTime = (iso: string | null | undefined) => fmt.date(iso);
  const query = useHashQuery();
  const status = oneOf(query.get('status'), SHIPPING_STATUSES);
  const page = pageFrom(query.get('page'));
  const orders = useShippingOrders(status, page);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{t('shippingTitle')}</Title>
        <ExportCsvButton kind="shipping" filters={{ status }} />
      </Group>
      <SegmentedControl
        aria-label={t('statusFilter')}
        value={status ?? 'all'}
        onChange={(value) => navigate(listHash(oneOf(value, SHIPPING_STATUSES), 1))}
        data={[{ value: 'all', label: t('all') }, ...SHIPPING_STATUSES.map((s) => ({ value: s, label: label('ship', s) }))]}
        style={{ alignSelf: 'flex-start' }}
      />
      {orders.isPending ? (
        <Stack aria-busy="true">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : orders.isError ? (
        <ErrorAlert title={t('shippingError')} error={orders.error} />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title={t('noShipping')}>
          {t('noShippingHint')} <Anchor href="#/warehouse">{t('goToWarehouse')}</Anchor>
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="xs" highlightOnHover aria-label={t('shippingLabel')} aria-busy={orders.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('colOrderNo')}</Table.Th>
                  <Table.Th>{t('colStatus')}</Table.Th>
                  <Table.Th>{t('colChannel')}</Table.Th>
                  <Table.Th>{t('colTracking')}</Table.Th>
                  <Table.Th ta="right">{t('colWeight')}</Table.Th>
                  <Table.Th ta="right">{t('colFee')}</Table.Th>
                  <Table.Th>{t('colCreated')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.items.map((order) => (
                  <Table.Tr key={order.orderNo} aria-label={order.orderNo}>
                    <Table.Td>
                      <Anchor href={`#/shipping/${encodeURIComponent(order.orderNo)}`} size="sm" fw={500}>
                        {order.orderNo}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ShippingStatusBadge status={order.status} />
                        {order.status === 'awaiting_payment' ? (
                          <Badge color="red" variant="filled" size="sm" data-testid="shipping-amount-due-marker">
                            {settle('amountDue')}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" translate="no">
                        {order.channelName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {order.trackingNo || t('notYet')}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatWeight(order.totalWeight)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {fmt.money(order.shippingFee, order.currency)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{dateTime(order.createdAt)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pages page={page} pages={pageCount(orders.data.total, PAGE_SIZE)} onChange={(next) => navigate(listHash(status, next))} />
        </>
      )}
    </Stack>
  );
}
