import { Badge, Divider, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { AdminOrderDetail } from '../../../../../../contract/admin/orders';
import { ErrorAlert } from '../../../../shared/ErrorAlert';
import { useT } from '../../../../shared/i18n';
import { useFormat } from '../../../../shared/format';
import { commonMessages, orderStatusKey } from '../../messages';
import { afterSalesMessages } from './messages';
import { OrderScenarios } from './OrderScenarios';
import { PhotoRequests } from './PhotoRequests';
import { useAdminOrder } from './queries';
import { ReturnDecisions } from './ReturnDecisions';
import { SupplementForm } from './SupplementForm';

function Supplements({ order }: { order: AdminOrderDetail }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  if (order.supplements.length === 0) return null;
  return (
    <Stack gap={2} role="list" aria-label={t('existing')}>
      {order.supplements.map((s) => (
        <Group key={s.id} gap="xs" role="listitem">
          <Text size="sm">{t('supplementRow', { id: s.id, reason: t(`reason_${s.reason}`), amount: fmt.money(s.amount, order.currency), status: t(`status_${s.status}`) })}</Text>
        </Group>
      ))}
    </Stack>
  );
}

function AfterSales({ orderNo }: { orderNo: string }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const tc = useT(commonMessages);
  const order = useAdminOrder(orderNo);
  if (order.isPending) return <Skeleton height={240} />;
  if (order.isError) return <ErrorAlert title={t('loadError')} error={order.error} />;
  const o = order.data;
  const statusKey = orderStatusKey(o.status);
  return (
    <Stack gap="md">
      <Group gap="xs" data-testid="after-sales-summary">
        <Badge variant="light" tt="none">
          {statusKey ? tc(statusKey) : o.status}
        </Badge>
        <Text size="sm">
          {t('summary', { total: fmt.money(o.totalAmount, o.currency), due: fmt.money(o.amountDue, o.currency) })}
        </Text>
      </Group>
      <SupplementForm order={o} />
      <Supplements order={o} />
      <Divider />
      <ReturnDecisions order={o} />
      <Divider />
      <PhotoRequests order={o} />
      <Divider />
      <OrderScenarios order={o} />
    </Stack>
  );
}

/** The after-sales tools for one order of the back office (API v1.1 sections 2, 3 and 8). */
export function OrderAfterSalesDrawer({ orderNo, onClose }: { orderNo: string | null; onClose: () => void }) {
  const t = useT(afterSalesMessages);
  return (
    <Drawer opened={orderNo !== null} onClose={onClose} position="right" size="lg" title={t('title', { orderNo: orderNo ?? '' })}>
      {orderNo ? <AfterSales key={orderNo} orderNo={orderNo} /> : null}
    </Drawer>
  );
}
