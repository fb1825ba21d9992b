import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AdminOrderDetail } from '../../../../../../contract/admin/orders';
import { useT } from '../../../../shared/i18n';
import { useFormat } from '../../../../shared/format';
import { useIntent } from '../../../../shared/useIntent';
import { afterSalesMessages } from './messages';
import { Outcome } from './Outcome';
import { useDecideReturn, useReceiveExchange, type DecisionInput } from './queries';

type Return = AdminOrderDetail['returns'][number];
type Decision = DecisionInput['decision'];
type Decide = ReturnType<typeof useDecideReturn>;

/** The seller's decision on one requested return or exchange; both buttons lock from the first click. */
function PendingReturn({ order, request, decide }: { order: AdminOrderDetail; request: Return; decide: Decide }) {
  const t = useT(afterSalesMessages);
  // One intent per return: approving and rejecting are one decision, never both.
  const intent = useIntent({ orderNo: order.orderNo, rid: request.id });
  const [decision, setDecision] = useState<Decision | null>(null);
  const type = t(`type_${request.type}`);

  const run = (chosen: Decision) => {
    setDecision(chosen);
    intent.run((key, finish) => decide.mutate({ rid: request.id, decision: chosen, key }, { onError: () => finish(false), onSuccess: () => finish(true) }));
  };

  return (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm">{t('returnRow', { type, id: request.id, itemId: request.itemId, title: order.items.find((i) => i.itemId === request.itemId)?.title ?? '', reason: request.reason })}</Text>
      <Group gap={4} wrap="nowrap">
        <Button size="compact-sm" color="teal" aria-label={t('approveLabel', { type, id: request.id })} onClick={() => run('approved')} loading={intent.busy && decision === 'approved'} disabled={intent.busy}>
          {t('approve')}
        </Button>
        <Button size="compact-sm" variant="light" color="red" aria-label={t('rejectLabel', { type, id: request.id })} onClick={() => run('rejected')} loading={intent.busy && decision === 'rejected'} disabled={intent.busy}>
          {t('reject')}
        </Button>
      </Group>
    </Group>
  );
}

export function ReturnDecisions({ order }: { order: AdminOrderDetail }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const [done, setDone] = useState<string | null>(null);
  // Here, not in the row: a decided return leaves the pending rows, and its result is still shown.
  const decide = useDecideReturn(order.orderNo, (updated, { rid }) => {
    const after = updated.returns.find((r) => r.id === rid);
    if (!after) return;
    const fee = fmt.money(after.fee, updated.currency);
    setDone(
      after.status === 'rejected'
        ? t('returnRejected', { type: t(`type_${after.type}`), id: after.id })
        : after.type === 'return'
          ? t('returnApproved', { id: after.id, refund: fmt.money(after.refundAmount, updated.currency), fee })
          : t('exchangeApproved', { id: after.id, fee }),
    );
  });
  const receive = useReceiveExchange(order.orderNo, (_updated, rid) => setDone(t('exchangeReceived', { id: rid })));
  const pending = order.returns.filter((r) => r.status === 'requested');
  const decided = order.returns.filter((r) => r.status !== 'requested');
  return (
    <Stack gap="xs" role="group" aria-label={t('returnsTitle')}>
      <Title order={4} size="h5">
        {t('returnsTitle')}
      </Title>
      {order.returns.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noReturns')}
        </Text>
      ) : null}
      {pending.map((request) => (
        <PendingReturn key={request.id} order={order} request={request} decide={decide} />
      ))}
      {decided.map((r) => (
        <Group key={r.id} gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('returnRow', { type: t(`type_${r.type}`), id: r.id, itemId: r.itemId, title: order.items.find((i) => i.itemId === r.itemId)?.title ?? '', reason: r.reason })}
          </Text>
          <Badge size="sm" variant="light" color={r.status === 'approved' ? 'teal' : 'gray'} tt="none">
            {t(`returnStatus_${r.status}`)}
          </Badge>
          {r.type === 'exchange' && r.status === 'approved' ? (
            <Button size="compact-sm" variant="light" onClick={() => receive.mutate(r.id)} loading={receive.isPending && receive.variables === r.id} disabled={receive.isPending}>
              {t('receiveReplacement')}
            </Button>
          ) : null}
        </Group>
      ))}
      <Outcome done={decide.isError || receive.isError ? null : done} error={decide.isError ? decide.error : receive.isError ? receive.error : null} errorTitle={receive.isError ? t('notReceived') : t('notDecided')} />
    </Stack>
  );
}
