import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import type { OrderDetail } from '../types';
import { afterSalesMessages } from './messages';
import { useSupplementAction } from './queries';

/** The "amount due" banner of an order with pending supplements: pay each, or decline (full refund). */
export function AmountDueBanner({ order }: { order: OrderDetail }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const formatDate = (iso: string) => fmt.date(iso);
  const action = useSupplementAction(order.orderNo);
  const pending = order.supplements.filter((s) => s.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" title={t('dueTitle', { amount: fmt.money(order.amountDue, order.currency) })} data-testid="amount-due" role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('dueBody')}</Text>
        {pending.map((s) => (
          <Group key={s.id} justify="space-between" wrap="wrap">
            <Text size="sm">
              {t(`reason_${s.reason}`)}: <b>{fmt.money(s.amount, order.currency)}</b> · {t('dueBy', { date: formatDate(s.expiresAt) })}
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => action.mutate({ id: s.id, action: 'pay' })} loading={action.isPending && action.variables?.id === s.id && action.variables.action === 'pay'}>
                {t('pay', { amount: fmt.money(s.amount, order.currency) })}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => action.mutate({ id: s.id, action: 'decline' })} disabled={action.isPending}>
                {t('decline')}
              </Button>
            </Group>
          </Group>
        ))}
        {action.isError ? <ErrorAlert title={t(action.variables?.action === 'decline' ? 'declineFailed' : 'payFailed')} error={action.error} /> : null}
      </Stack>
    </Alert>
  );
}
