import { Button, CloseButton, Group, Pagination, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { EmptyState } from '../../../shared/EmptyState';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { commonMessages, orderStatusKey } from '../messages';
import { canRefund, nextStep, stepTarget } from '../orderSteps';
import { useIntent } from '../../../shared/useIntent';
import { fetchers, adminKeys, ORDERS_PAGE_SIZE } from '../queries';
import { Section } from '../Section';
import { OrderStatusBadge } from '../../tracking/OrderStatusBadge';
import { OPEN_ORDER_STATUSES, type AdminOrderListItem, type OpenOrderStatus } from '../types';
import { workMessages } from './messages';
import { useAdvanceOrder } from './mutations';
import { OrderStepModal, type OrderDialog } from './OrderStepModal';
import { afterSalesMessages } from './after-sales/messages';
import { OrderAfterSalesDrawer } from './after-sales/OrderAfterSalesDrawer';
import { usePlatformName } from '../../shop/PlatformBadge';

type Filter = 'all' | OpenOrderStatus;

interface Failure {
  title: string;
  error: unknown;
}

function useStatusLabel() {
  const tc = useT(commonMessages);
  return (status: string) => {
    const key = orderStatusKey(status);
    return key ? tc(key) : status;
  };
}

/** The next-step buttons of one order; the steps that take staff data open the Modal. */
function OrderActions({
  order,
  onDialog,
  onFailure,
  onAfterSales,
}: {
  order: AdminOrderListItem;
  onDialog: (d: OrderDialog) => void;
  onFailure: (f: Failure) => void;
  onAfterSales: (orderNo: string) => void;
}) {
  const t = useT(workMessages);
  const ta = useT(afterSalesMessages);
  const statusLabel = useStatusLabel();
  const advance = useAdvanceOrder();
  const step = nextStep(order.status);
  const once = useIntent(null);

  // `to` is the status the button names: without it a double click moved pending -> paid -> purchased.
  const runDirect = (to: ReturnType<typeof stepTarget>) =>
    once.run((_key, done) =>
      advance.mutate(
        { orderNo: order.orderNo, body: { to } },
        {
          onSuccess: (moved) => notifications.show({ color: 'green', message: t('orderMoved', { orderNo: moved.orderNo, status: statusLabel(moved.status) }) }),
          onError: (error) => onFailure({ title: t('orderNotMoved', { orderNo: order.orderNo }), error }),
          onSettled: () => done(true),
        },
      ),
    );

  // Supplements, return decisions and scenarios (v1.1) for any open order.
  const afterSales = (
    <Button size="compact-sm" variant="subtle" onClick={() => onAfterSales(order.orderNo)} aria-label={ta('openFor', { orderNo: order.orderNo })}>
      {ta('open')}
    </Button>
  );
  if (!step) {
    return (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('awaitingShipping')}
        </Text>
        {afterSales}
      </Group>
    );
  }
  // The buttons wrap in their cell: on one line, an order with three of them pushed the table wider than
  // a 1280 px window, and the Created column off its edge.
  return (
    <Group gap="xs">
      {step === 'markPaid' || step === 'markPurchased' ? (
        <Button size="compact-sm" onClick={() => runDirect(stepTarget(step))} loading={advance.isPending || once.busy}>
          {t(step)}
        </Button>
      ) : (
        <Button size="compact-sm" onClick={() => onDialog({ kind: step === 'sellerShipped' ? 'ship' : 'inspect', order })}>
          {t(step)}
        </Button>
      )}
      {canRefund(order.status) ? (
        <Button size="compact-sm" variant="light" color="red" onClick={() => onDialog({ kind: 'refund', order })}>
          {t('refundOutOfStock')}
        </Button>
      ) : null}
      {afterSales}
    </Group>
  );
}

export function OrdersPanel() {
  const fmt = useFormat();
  const t = useT(workMessages);
  const ta = useT(afterSalesMessages);
  const statusLabel = useStatusLabel();
  const platformName = usePlatformName();
  const formatDate = (iso: string | null | undefined) => fmt.date(iso, 'short');
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [afterSales, setAfterSales] = useState<string | null>(null);

  const firstPages = useQueries({
    queries: OPEN_ORDER_STATUSES.map((status) => ({ queryKey: adminKeys.orders(status, 1), queryFn: () => fetchers.orders(status, 1) })),
  });
  const single = useQuery({
    queryKey: adminKeys.orders(filter, page),
    queryFn: () => fetchers.orders(filter, page),
    enabled: filter !== 'all',
  });

  const totals = OPEN_ORDER_STATUSES.map((status, i) => ({ status, total: firstPages[i]?.data?.total }));
  const allTotal = totals.reduce((sum, { total }) => sum + (total ?? 0), 0);
  const firstError = firstPages.find((q) => q.isError)?.error;

  let rows: AdminOrderListItem[] = [];
  let loading = false;
  let error: unknown = null;
  if (filter === 'all') {
    loading = firstPages.some((q) => q.isPending);
    error = firstError ?? null;
    rows = firstPages.flatMap((q) => q.data?.items ?? []).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  } else {
    loading = single.isPending;
    error = single.isError ? single.error : null;
    rows = single.data?.items ?? [];
  }
  const truncated =
    filter === 'all'
      ? OPEN_ORDER_STATUSES.flatMap((status, i) => {
          const data = firstPages[i]?.data;
          return data && data.total > data.items.length ? [{ status, shown: data.items.length, total: data.total }] : [];
        })
      : [];
  const pages = filter !== 'all' && single.data ? Math.max(1, Math.ceil(single.data.total / ORDERS_PAGE_SIZE)) : 1;

  const filterData = [
    { value: 'all', label: t('allOpen', { count: allTotal }) },
    ...totals.map(({ status, total }) => ({ value: status, label: t('statusCount', { status: statusLabel(status), count: total ?? '…' }) })),
  ];

  return (
    <Section title={t('ordersTitle')}>
      <SegmentedControl
        aria-label={t('filterLabel')}
        data={filterData}
        value={filter}
        onChange={(value) => {
          setFilter(value as Filter);
          setPage(1);
        }}
        size="xs"
        style={{ alignSelf: 'flex-start', flexWrap: 'wrap' }}
      />
      {failure ? (
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <ErrorAlert title={failure.title} error={failure.error} />
          </div>
          <CloseButton aria-label={t('dismiss')} onClick={() => setFailure(null)} />
        </Group>
      ) : null}
      {loading ? (
        <Stack aria-busy="true" gap="xs">
          <Skeleton height={32} />
          <Skeleton height={32} />
          <Skeleton height={32} />
        </Stack>
      ) : error ? (
        <ErrorAlert title={t('ordersLoadError')} error={error} />
      ) : rows.length === 0 ? (
        filter === 'all' ? (
          <EmptyState title={t('noOrders')}>{t('noOrdersHint')}</EmptyState>
        ) : (
          <Text c="dimmed" size="sm">
            {t('noOrdersOfStatus')}
          </Text>
        )
      ) : (
        // The status and the creation time under the order number, not in columns of their own: at 900 px the
        // Total column fits beside the actions (narrower windows scroll, scrollbar shown).
        <Table.ScrollContainer minWidth={520} scrollAreaProps={{ type: 'auto' }}>
          <Table striped highlightOnHover verticalSpacing="xs" horizontalSpacing={8} aria-label={t('ordersTitle')}>
            <Table.Thead>
              <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                <Table.Th>{t('colOrder')}</Table.Th>
                <Table.Th>{t('colActions')}</Table.Th>
                <Table.Th ta="right">{t('colTotal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((order) => (
                <Table.Tr key={order.orderNo}>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {order.orderNo}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('userN', { id: order.userId })} · {platformName(order.platform)} ·{' '}
                      <span title={t('colCreated')} style={{ whiteSpace: 'nowrap' }}>
                        {formatDate(order.createdAt)}
                      </span>
                    </Text>
                    <OrderStatusBadge status={order.status} />
                  </Table.Td>
                  <Table.Td>
                    <OrderActions order={order} onDialog={setDialog} onFailure={setFailure} onAfterSales={setAfterSales} />
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{fmt.money(order.totalAmount, order.currency)}</Text>
                    <Text size="xs" c="dimmed">
                      {t(order.itemCount === 1 ? 'oneLine' : 'nLines', { count: order.itemCount })}
                    </Text>
                    {order.amountDue > 0 ? (
                      <Text size="xs" c="orange">
                        {ta('rowDue', { amount: fmt.money(order.amountDue, order.currency) })}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {truncated.map(({ status, shown, total }) => (
        <Text key={status} size="xs" c="dimmed">
          {t('moreOfStatus', { shown, total, status: statusLabel(status) })}
        </Text>
      ))}
      {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" /> : null}
      <OrderStepModal dialog={dialog} onClose={() => setDialog(null)} />
      <OrderAfterSalesDrawer orderNo={afterSales} onClose={() => setAfterSales(null)} />
    </Section>
  );
}
