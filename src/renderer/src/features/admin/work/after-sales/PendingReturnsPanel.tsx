import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminPendingReturn } from '../../../../../../contract/admin/returns';
import { ErrorAlert } from '../../../../shared/ErrorAlert';
import { defineMessages, useT } from '../../../../shared/i18n';
import { useFormat } from '../../../../shared/format';
import { useIntent } from '../../../../shared/useIntent';
import { Section } from '../../Section';
import { afterSalesMessages } from './messages';
import { Outcome } from './Outcome';
import { useDecideQueuedReturn, usePendingReturns, type QueuedDecisionInput } from './queries';

/**
 * The seller's queue: every user's returns and exchanges awaiting a decision, oldest first (GET
 * /admin/returns/pending, by cursor), each approved or rejected in place, so the operator need not open
 * order after order to find them. The order's drawer (OrderAfterSalesDrawer) decides the same way.
 */
const messages = defineMessages(
  {
    title: 'Returns awaiting a decision',
    intro: 'The user asked to send these back or swap them; the package waits in the warehouse until you decide.',
    count: '{count, plural, one {# waiting} other {# waiting}}',
    none: 'No return or exchange is waiting.',
    loadError: 'Cannot load the returns',
    loading: 'Loading the returns awaiting a decision',
    colRequest: 'Request',
    colOrder: 'Order',
    colLine: 'Line',
    colReason: 'Reason',
    colRequested: 'Requested',
    colDecision: 'Decision',
    request: '{type} #{id}',
    user: 'user {userId}',
    lineText: '{title} · {sku} × {quantity}',
    more: 'Show more',
  },
  {
    title: '待处理的退换货',
    intro: '用户申请退货或换货；在你处理之前，包裹留在仓库中。',
    count: '{count, plural, other {# 个待处理}}',
    none: '没有待处理的退货或换货。',
    loadError: '无法加载退换货申请',
    loading: '正在加载待处理的退换货',
    colRequest: '申请',
    colOrder: '订单',
    colLine: '商品行',
    colReason: '原因',
    colRequested: '申请时间',
    colDecision: '处理',
    request: '{type} #{id}',
    user: '用户 {userId}',
    lineText: '{title} · {sku} × {quantity}',
    more: '显示更多',
  },
);

type Decide = ReturnType<typeof useDecideQueuedReturn>;
type Decision = QueuedDecisionInput['decision'];

/** One request: both buttons lock from the first click (one intent, one Idempotency-Key). */
function QueuedReturn({ request, decide }: { request: AdminPendingReturn; decide: Decide }) {
  const t = useT(messages);
  const ta = useT(afterSalesMessages);
  const fmt = useFormat();
  const intent = useIntent({ orderNo: request.orderNo, rid: request.id });
  const [decision, setDecision] = useState<Decision | null>(null);
  const type = ta(`type_${request.type}`);
  const run = (chosen: Decision) => {
    setDecision(chosen);
    intent.run((key, finish) =>
      decide.mutate({ orderNo: request.orderNo, rid: request.id, decision: chosen, key }, { onError: () => finish(false), onSuccess: () => finish(true) }),
    );
  };
  return (
    <Table.Tr>
      {/* When it was asked, under the request: with Line and Reason wrapping, the Decision buttons fit a 900 px window. */}
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {t('request', { type, id: request.id })}
        <Text size="xs" c="dimmed" title={t('colRequested')}>
          {fmt.date(request.createdAt, 'short')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace">
          {request.orderNo}
        </Text>
        <Text size="xs" c="dimmed">
          {t('user', { userId: request.userId })}
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{t('lineText', { title: request.title, sku: request.skuName, quantity: request.quantity })}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>“{request.reason}”</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" color="teal" aria-label={ta('approveLabel', { type, id: request.id })} onClick={() => run('approved')} loading={intent.busy && decision === 'approved'} disabled={intent.busy}>
            {ta('approve')}
          </Button>
          <Button size="compact-sm" variant="light" color="red" aria-label={ta('rejectLabel', { type, id: request.id })} onClick={() => run('rejected')} loading={intent.busy && decision === 'rejected'} disabled={intent.busy}>
            {ta('reject')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export function PendingReturnsPanel() {
  const t = useT(messages);
  const ta = useT(afterSalesMessages);
  const fmt = useFormat();
  const queue = usePendingReturns();
  const [done, setDone] = useState<string | null>(null);
  // Here, not in the row: a decided request leaves the queue, and its result is still shown.
  const decide = useDecideQueuedReturn((order, { rid }) => {
    const after = order.returns.find((r) => r.id === rid);
    if (!after) return;
    const fee = fmt.money(after.fee, order.currency);
    setDone(
      after.status === 'rejected'
        ? ta('returnRejected', { type: ta(`type_${after.type}`), id: after.id })
        : after.type === 'return'
          ? ta('returnApproved', { id: after.id, refund: fmt.money(after.refundAmount, order.currency), fee })
          : ta('exchangeApproved', { id: after.id, fee }),
    );
  });
  const pages = queue.data?.pages ?? [];
  const requests = pages.flatMap((page) => page.items);
  const total = pages[0]?.total ?? 0;
  return (
    <Section
      title={t('title')}
      actions={
        queue.isSuccess ? (
          <Text size="sm" c="dimmed">
            {t('count', { count: total })}
          </Text>
        ) : null
      }
    >
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <Outcome done={decide.isError ? null : done} error={decide.isError ? decide.error : null} errorTitle={ta('notDecided')} />
        {/* The first page on its way: a placeholder, so the section does not read as empty. */}
        {queue.isPending ? <Skeleton height={64} role="progressbar" aria-label={t('loading')} /> : null}
        {queue.isError ? <ErrorAlert title={t('loadError')} error={queue.error} /> : null}
        {queue.isSuccess && requests.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('none')}
          </Text>
        ) : null}
        {requests.length > 0 ? (
          <Table.ScrollContainer minWidth={560} scrollAreaProps={{ type: 'auto' }}>
            <Table verticalSpacing={4} horizontalSpacing={8} fz="sm" aria-label={t('title')}>
              <Table.Thead>
                <Table.Tr style={{ whiteSpace: 'nowrap' }}>
                  <Table.Th>{t('colRequest')}</Table.Th>
                  <Table.Th>{t('colOrder')}</Table.Th>
                  <Table.Th>{t('colLine')}</Table.Th>
                  <Table.Th>{t('colReason')}</Table.Th>
                  <Table.Th>{t('colDecision')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.map((request) => (
                  <QueuedReturn key={request.id} request={request} decide={decide} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {queue.hasNextPage ? (
          <Button size="compact-sm" variant="subtle" onClick={() => void queue.fetchNextPage()} loading={queue.isFetchingNextPage} style={{ alignSelf: 'flex-start' }}>
            {t('more')}
          </Button>
        ) : null}
      </Stack>
    </Section>
  );
}
