import { Alert, Anchor, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { PlatformBadge } from '../../shop/PlatformBadge';
import { detailMessages } from '../messages';
import { OrderStatusBadge } from '../OrderStatusBadge';
import { useOrder } from '../queries';
import { isCancellable, lastChange, marketplaceOrderNumbers } from '../status';
import type { RefundResult } from '../types';
import { AfterSalesPanel } from '../after-sales/AfterSalesPanel';
import { AmountDueBanner } from '../after-sales/AmountDueBanner';
import { CancelOrderButton } from './CancelOrderButton';
import { InspectionPanel } from './InspectionPanel';
import { LogisticsTrail } from './LogisticsTrail';
import { OrderAmounts } from './OrderAmounts';
import { OrderItems } from './OrderItems';
import { OrderTimeline } from './OrderTimeline';

export function OrderDetailPage({ orderNo }: { orderNo: string }) {
  const fmt = useFormat();
  const t = useT(detailMessages);
  const formatDate = (iso: string) => fmt.date(iso);
  const order = useOrder(orderNo);
  const [cancelled, setCancelled] = useState<RefundResult | null>(null);

  return (
    <Stack gap="md">
      <Anchor href="#/orders" size="sm">
        ← {t('back')}
      </Anchor>
      {order.isPending ? (
        <Stack aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={40} width="50%" />
          <Skeleton height={160} />
          <Skeleton height={160} />
        </Stack>
      ) : order.isError ? (
        <>
          <Title order={2}>{t('title', { orderNo })}</Title>
          <ErrorAlert title={t('loadFailed')} error={order.error} />
        </>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={2}>{t('title', { orderNo: order.data.orderNo })}</Title>
                <span data-testid="order-status">
                  <OrderStatusBadge status={order.data.status} outcome={order.data.outcome} size="lg" />
                </span>
              </Group>
              <Group gap="xs">
                <PlatformBadge platform={order.data.platform} />
                <Text size="sm" c="dimmed">
                  {t('placedOn', { date: formatDate(order.data.createdAt) })} · {t('updatedOn', { date: formatDate(lastChange(order.data)) })}
                </Text>
              </Group>
              <MarketplaceNumbers numbers={marketplaceOrderNumbers(order.data)} />
            </Stack>
            {isCancellable(order.data.status) ? <CancelOrderButton order={order.data} onCancelled={setCancelled} /> : null}
          </Group>
          {cancelled ? (
            <Alert color="green" variant="light" title={t('cancelledTitle')} role="status" withCloseButton onClose={() => setCancelled(null)}>
              {t('cancelledBody', { amount: fmt.money(cancelled.refundAmount, order.data.currency) })}
            </Alert>
          ) : null}
          <AmountDueBanner order={order.data} />
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <OrderItems order={order.data} />
                <LogisticsTrail order={order.data} />
                <InspectionPanel order={order.data} />
                <AfterSalesPanel order={order.data} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="md">
                <OrderAmounts order={order.data} />
                <OrderTimeline order={order.data} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}

/** Every seller's marketplace order number (a mixed order has one per seller), not just the first. */
function MarketplaceNumbers({ numbers }: { numbers: readonly string[] }) {
  const t = useT(detailMessages);
  if (numbers.length === 0) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="marketplace-order-numbers">
      {numbers.length === 1 ? t('marketplaceOrderNo', { number: numbers[0]! }) : t('marketplaceOrderNos', { count: numbers.length, numbers: numbers.join(', ') })}
    </Text>
  );
}

