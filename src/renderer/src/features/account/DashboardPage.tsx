import { DashboardDueBanner } from '../tracking/after-sales/DashboardDueBanner';
import { StorageAlert } from '../warehouse/StorageNotice';
import { Anchor, Grid, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { useOrderCounts } from '../tracking/queries';
import { ORDER_STATUSES, usePackageStats, useRecentOrders, useTransactions } from './api';
import { BalanceCards } from './BalanceCards';
import { orderHref, transactionReferenceHref } from './logic';
import { commonMessages, dashboardMessages } from './messages';
import { OrderStatusBadge } from '../tracking/OrderStatusBadge';
import { statusColor } from '../tracking/status';
import { SignedAmount, TransactionDescription, TransactionText, TransactionTypeBadge } from './TransactionBits';

const WAREHOUSE_HREF = '#/warehouse';
const ORDERS_HREF = '#/orders';
const WALLET_HREF = '#/wallet';

function OrdersByStatus() {
  const t = useT(dashboardMessages);
  const c = useT(commonMessages);
  const { counts, pending, error } = useOrderCounts();
  return (
    <Paper withBorder radius="md" p="md" h="100%" role="region" aria-label={t('ordersByStatus')}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('ordersByStatus')}
        </Title>
        <Anchor href={ORDERS_HREF} size="sm">
          {t('viewOrders')}
        </Anchor>
      </Group>
      {error ? <ErrorAlert title={t('ordersError')} error={error} /> : null}
      <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
        {ORDER_STATUSES.map((status) => {
          const count = counts[status];
          const label = c(`status_${status}`);
          return (
            <UnstyledButton
              key={status}
              component="a"
              href={`${ORDERS_HREF}?status=${status}`}
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-sm)', borderLeft: `3px solid var(--mantine-color-${statusColor(status)}-5)` }}
            >
              {pending[status] ? (
                <Skeleton height={26} width={32} />
              ) : (
                <Text fz={22} fw={700} lh={1.2} c={count ? undefined : 'dimmed'}>
                  {count ?? '–'}
                </Text>
              )}
              <Text size="xs" c="dimmed" lineClamp={2}>
                {label}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}

function PackagesWaiting() {
  const t = useT(dashboardMessages);
  const stats = usePackageStats();
  return (
    <Paper withBorder radius="md" p="md" h="100%" role="region" aria-label={t('packagesTitle')}>
      <Title order={3} size="h4" mb="sm">
        {t('packagesTitle')}
      </Title>
      {stats.isPending ? (
        <Skeleton height={48} />
      ) : stats.isError ? (
        <ErrorAlert title={t('packagesError')} error={stats.error} />
      ) : (
        <Stack gap={4}>
          <Text fz={36} fw={700} lh={1.1}>
            {stats.data.inWarehouse}
          </Text>
          <Text size="sm" c="dimmed">
            {/* The weight is of every package stored (in_warehouse and packing); the count is of those still
                waiting: packages being packed for a shipping order are named, or 0 packages weighed 3.33 kg. */}
            {stats.data.packing > 0
              ? t('packagesWeightPacking', { weight: (stats.data.inWarehouseWeight / 1000).toFixed(2), packing: stats.data.packing })
              : t('packagesWeight', { weight: (stats.data.inWarehouseWeight / 1000).toFixed(2) })}
          </Text>
          <Anchor href={WAREHOUSE_HREF} size="sm">
            {t('packagesLink')}
          </Anchor>
        </Stack>
      )}
    </Paper>
  );
}

function RecentTransactions() {
  const t = useT(dashboardMessages);
  const fmt = useFormat();
  const formatDate = (iso: string, withTime = false) => fmt.date(iso, withTime ? 'dateTime' : 'date');
  const transactions = useTransactions({ page: 1, limit: 5 });
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('recentTransactions')}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('recentTransactions')}
        </Title>
        <Anchor href={WALLET_HREF} size="sm">
          {t('viewWallet')}
        </Anchor>
      </Group>
      {transactions.isPending ? (
        <Skeleton height={160} />
      ) : transactions.isError ? (
        <ErrorAlert title={t('transactionsError')} error={transactions.error} />
      ) : transactions.data.items.length === 0 ? (
        <Text c="dimmed">{t('noTransactions')}</Text>
      ) : (
        <Stack gap="xs" role="list">
          {transactions.data.items.map((tx) => (
            <Group key={tx.id} role="listitem" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <TransactionTypeBadge type={tx.type} />
                  <Anchor href={transactionReferenceHref(tx) ?? WALLET_HREF} size="sm" lineClamp={1}>
                    <TransactionText tx={tx} />
                  </Anchor>
                </Group>
                <TransactionDescription tx={tx} />
                <Text size="xs" c="dimmed">
                  {formatDate(tx.createdAt, true)}
                </Text>
              </Stack>
              <SignedAmount amount={tx.amount} currency={tx.currency} />
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function RecentOrders() {
  const fmt = useFormat();
  const t = useT(dashboardMessages);
  const formatDate = (iso: string, withTime = false) => fmt.date(iso, withTime ? 'dateTime' : 'date');
  const orders = useRecentOrders(5);
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('recentOrders')}>
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          {t('recentOrders')}
        </Title>
        <Anchor href={ORDERS_HREF} size="sm">
          {t('viewOrders')}
        </Anchor>
      </Group>
      {orders.isPending ? (
        <Skeleton height={160} />
      ) : orders.isError ? (
        <ErrorAlert title={t('recentOrdersError')} error={orders.error} />
      ) : orders.data.items.length === 0 ? (
        <Text c="dimmed">{t('noOrders')}</Text>
      ) : (
        <Stack gap="xs" role="list">
          {orders.data.items.map((order) => (
            <Group key={order.orderNo} role="listitem" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor href={orderHref(order.orderNo)} size="sm" ff="monospace">
                    {order.orderNo}
                  </Anchor>
                  <OrderStatusBadge status={order.status} />
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDate(order.createdAt, true)} · {(order.unitCount === 1 ? t('item') : t('items', { count: order.unitCount }))}
                </Text>
              </Stack>
              <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
                {fmt.money(order.totalAmount, order.currency)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export function DashboardPage() {
  const t = useT(dashboardMessages);
  return (
    <Stack gap="md">
      <Title order={2}>{t('title')}</Title>
      <DashboardDueBanner />
      <StorageAlert withLink />
      <BalanceCards />
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <OrdersByStatus />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <PackagesWaiting />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <RecentTransactions />
        <RecentOrders />
      </SimpleGrid>
    </Stack>
  );
}
