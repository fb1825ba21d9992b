import { ExportCsvButton } from '../../shared/ExportCsvButton';
import { Anchor, Group, Pagination, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { memo, useDeferredValue } from 'react';
import { navigate, useHashQuery } from '../../app/router';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { listMessages, statusMessages } from './messages';
import { OrderSearch } from './OrderSearch';
import { OrderStatusBadge } from './OrderStatusBadge';
import { useOrderCounts, useOrderList } from './queries';
import { isOrderStatus, listFilterOf, orderHash, ordersHash } from './status';
import { ORDER_STATUSES, type OrderListItem, type OrderStatus } from './types';

export const ORDERS_PAGE_SIZE = 10;

const TABS: readonly (OrderStatus | 'all')[] = ['all', ...ORDER_STATUSES];

function StatusTabs({ current }: { current: OrderStatus | null }) {
  const t = useT(listMessages);
  const ts = useT(statusMessages);
  const { counts } = useOrderCounts();
  return (
    <Tabs
      value={current ?? 'all'}
      onChange={(value) => navigate(ordersHash({ status: isOrderStatus(value) ? value : null, page: 1 }))}
    >
      <Tabs.List aria-label={t('tabsLabel')} style={{ flexWrap: 'wrap' }}>
        {TABS.map((tab) => {
          const count = counts[tab];
          const label = ts(tab);
          return (
            // The visible text is the name ("Paid (3)"): a label that differs from what is shown fails
            // WCAG 2.5.3 (axe's label-content-name-mismatch).
            <Tabs.Tab key={tab} value={tab}>
              {count === undefined ? label : t('tabWithCount', { label, count })}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      {/* Empty panels: each tab's aria-controls names an element that exists (the table follows below). */}
      {TABS.map((tab) => (
        <Tabs.Panel key={tab} value={tab}>{null}</Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Memoised: the page's urgent render, before the deferred one, keeps the table it has. */
const OrdersTable = memo(function OrdersTable({ orders }: { orders: OrderListItem[] }) {
  const fmt = useFormat();
  const t = useT(listMessages);
  const formatDate = (iso: string) => fmt.date(iso);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('colOrderNo')}</Table.Th>
            <Table.Th scope="col">{t('colDate')}</Table.Th>
            <Table.Th scope="col">{t('colStatus')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('colItems')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('colTotal')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <Table.Tr key={order.orderNo} data-order-no={order.orderNo}>
              <Table.Td>
                <Anchor href={orderHash(order.orderNo)} ff="monospace" fw={600} size="sm">
                  {order.orderNo}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(order.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td ta="right">
                {/* Units, as a shopper counts items (two of one shirt are two items), not order lines. */}
                <Text size="sm">{order.unitCount}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600}>
                  {fmt.money(order.totalAmount, order.currency)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
});

export function OrdersPage() {
  const t = useT(listMessages);
  const ts = useT(statusMessages);
  const { status, page } = listFilterOf(useHashQuery());
  const list = useOrderList(status, page, ORDERS_PAGE_SIZE);
  // Rendered as a transition (in slices), not in the one blocking task a query's answer gets otherwise.
  const data = useDeferredValue(list.data);
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const from = (page - 1) * ORDERS_PAGE_SIZE + 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{t('title')}</Title>
        <Group gap="sm" align="flex-end">
          <OrderSearch />
          <ExportCsvButton kind="orders" filters={{ status: status ?? undefined }} />
        </Group>
      </Group>
      <StatusTabs current={status} />
      {list.isError ? (
        <ErrorAlert title={t('loadFailed')} error={list.error} />
      ) : data === undefined ? (
        <Stack aria-busy="true" aria-label={t('loading')} gap="xs">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : data.items.length === 0 && page === 1 ? (
        status === null ? (
          <EmptyState title={t('emptyAll')}>{t('emptyAllHint')}</EmptyState>
        ) : (
          <EmptyState title={t('emptyStatus', { status: ts(status) })}>{t('emptyStatusHint')}</EmptyState>
        )
      ) : (
        <Stack gap="sm" aria-busy={list.isPlaceholderData}>
          <OrdersTable orders={data.items} />
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {data.items.length > 0 ? t('shown', { from, to: from + data.items.length - 1, total }) : null}
            </Text>
            {pages > 1 ? (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => navigate(ordersHash({ status, page: next }))}
                aria-label={t('pagination')}
                getControlProps={(control) => ({ 'aria-label': t(control === 'previous' ? 'previousPage' : control === 'next' ? 'nextPage' : control === 'first' ? 'firstPage' : 'lastPage') })}
                getItemProps={(n) => ({ 'aria-label': t('pageN', { n }) })}
              />
            ) : null}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
