import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '../../../shared/ConfirmModal';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { useIntent } from '../../../shared/useIntent';
import type { OrderDetail, Supplement } from '../types';
import { afterSalesMessages } from './messages';
import { useSupplementAction } from './queries';

type Asked = { supplement: Supplement; action: 'pay' | 'decline' };

/**
 * The "amount due" banner of an order with pending supplements: pay each, or decline (full refund). Each
 * names the line whose price rose, and each action is confirmed first: both move money and cannot be undone.
 */
export function AmountDueBanner({ order }: { order: OrderDetail }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const formatDate = (iso: string) => fmt.date(iso);
  const action = useSupplementAction(order.orderNo);
  const [asked, setAsked] = useState<Asked | null>(null);
  // One intent per question asked, one Idempotency-Key: a double click on the confirm sends one request.
  const intent = useIntent(asked ? { id: asked.supplement.id, action: asked.action } : null);
  const busy = intent.busy || action.isPending;
  const pending = order.supplements.filter((s) => s.status === 'pending');
  if (pending.length === 0) return null;
  const money = (amount: number) => fmt.money(amount, order.currency);
  const reasonOf = (s: Supplement) => {
    const item = s.itemId === null ? undefined : order.items.find((i) => i.itemId === s.itemId);
    return item ? t('reasonFor', { reason: t(`reason_${s.reason}`), item: `${item.title} (${item.skuName})` }) : t(`reason_${s.reason}`);
  };
  const confirm = () => {
    if (!asked) return;
    const { supplement, action: chosen } = asked;
    intent.run((key, done) =>
      action.mutate(
        { id: supplement.id, action: chosen, key },
        {
          onSuccess: () => done(true),
          onError: () => done(false),
          onSettled: () => setAsked(null),
        },
      ),
    );
  };
  return (
    <Alert color="yellow" variant="light" title={t('dueTitle', { amount: money(order.amountDue) })} data-testid="amount-due" role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('dueBody')}</Text>
        {pending.map((s) => (
          <Group key={s.id} justify="space-between" wrap="wrap">
            <Text size="sm">
              <span translate="no">{reasonOf(s)}</span>: <b>{money(s.amount)}</b> · {t('dueBy', { date: formatDate(s.expiresAt) })}
            </Text>
            <Group gap="xs">
              <Button size="xs" onClick={() => setAsked({ supplement: s, action: 'pay' })} disabled={busy}>
                {t('pay', { amount: money(s.amount) })}
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => setAsked({ supplement: s, action: 'decline' })} disabled={busy}>
                {t('decline')}
              </Button>
            </Group>
          </Group>
        ))}
        {action.isError ? <ErrorAlert title={t(action.variables?.action === 'decline' ? 'declineFailed' : 'payFailed')} error={action.error} /> : null}
      </Stack>
      <ConfirmModal
        opened={asked !== null}
        title={asked ? (asked.action === 'pay' ? t('payConfirmTitle', { amount: money(asked.supplement.amount) }) : t('declineConfirmTitle')) : ''}
        confirmLabel={asked ? (asked.action === 'pay' ? t('payConfirmYes', { amount: money(asked.supplement.amount) }) : t('declineConfirmYes')) : ''}
        confirmColor={asked?.action === 'decline' ? 'red' : undefined}
        cancelLabel={t('keep')}
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      >
        {asked ? (
          <>
            <Text size="sm">{reasonOf(asked.supplement)}</Text>
            <Text size="sm">{asked.action === 'pay' ? t('payConfirmBody', { amount: money(asked.supplement.amount) }) : t('declineConfirmBody')}</Text>
          </>
        ) : null}
      </ConfirmModal>
    </Alert>
  );
}
