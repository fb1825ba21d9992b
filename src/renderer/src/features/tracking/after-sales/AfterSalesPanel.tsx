import { Badge, Button, Group, Modal, NumberInput, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { useIntent } from '../../../shared/useIntent';
import { adminKeys, fetchers } from '../../admin/queries';
import { Section } from '../detail/Section';
import type { OrderDetail, OrderItem } from '../types';
import { afterSalesMessages } from './messages';
import { useRequestPhotos, useRequestReturn } from './queries';
import { useOrderInspection } from '../queries';
import { decisionWindow, lineChoice } from './rules';
import type { OrderInspection } from '../../../../../contract/open/orders';

type Prices = OrderInspection['afterSalesPrices'];

const RETURN_COLORS = { requested: 'yellow', approved: 'green', rejected: 'gray' } as const;

/**
 * After arrival (API v1.1 section 3): the decision window, extra photos, a return or exchange per line and
 * the seller's decisions; also the history of supplements. Hidden while none of it applies.
 */
export function AfterSalesPanel({ order }: { order: OrderDetail }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const formatDate = (iso: string) => fmt.date(iso);
  const deadline = order.inspection.decisionDeadline;
  // The photo price and return fee are the service's (the inspection states them): the choices wait for them.
  const inspection = useOrderInspection(order.orderNo, deadline !== null).data;
  const prices = inspection?.afterSalesPrices;
  // The window runs on the world's service clock (a frozen world's stands still), never on the browser's:
  // read from the service, refreshed by clock events and re-read now and then while an order waits here.
  const windowKnown = deadline !== null && order.status === 'in_warehouse';
  const clock = useQuery({ queryKey: adminKeys.clock, queryFn: fetchers.clock, enabled: windowKnown, refetchInterval: windowKnown ? 60_000 : false });
  const decision = decisionWindow(deadline, order.status, clock.data?.now);
  const open = decision === 'open' && prices !== undefined;
  const resolvedSupplements = order.supplements.filter((s) => s.status !== 'pending');
  if (deadline === null && resolvedSupplements.length === 0) return null;
  const packageStatus = (itemId: number) => inspection?.items.find((i) => i.itemId === itemId)?.packageStatus;
  const windowText = decision === 'open' ? 'windowOpen' : decision === 'closed' ? 'windowClosed' : 'windowUntil';
  return (
    // Before any inspection only supplements can be here: the section is named for them, not "After inspection".
    <Section title={deadline === null ? t('supplementsTitle') : t('afterSalesTitle')}>
      <Stack gap="sm" data-testid="after-sales">
        {deadline ? <Text size="sm">{t(windowText, { date: formatDate(deadline) })}</Text> : null}
        {open ? <PhotoRequestButton order={order} prices={prices} /> : null}
        {open ? (
          <Stack gap={4}>
            {order.items.map((item) => {
              // A line offers a return or exchange only while its package (after an exchange, the replacement's) is in the warehouse.
              const choice = lineChoice(order.returns, item.itemId, packageStatus(item.itemId));
              return (
                <Group key={item.itemId} justify="space-between" wrap="nowrap">
                  <Text size="sm" lineClamp={1}>
                    <span translate="no">{item.title}</span>
                  </Text>
                  {choice === 'offer' ? (
                    <ReturnButtons order={order} item={item} prices={prices} />
                  ) : choice === 'returned' || choice === 'replacementComing' ? (
                    <Text size="xs" c="dimmed">
                      {t(choice === 'returned' ? 'lineReturned' : 'lineReplacementComing')}
                    </Text>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
        ) : null}
        {order.returns.length > 0 ? (
          <Table data-testid="returns" captionSide="top">
            <Table.Caption>{t('returnsTitle')}</Table.Caption>
            <Table.Tbody>
              {order.returns.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{t(`type_${r.type}`)}</Table.Td>
                  <Table.Td>{order.items.find((i) => i.itemId === r.itemId)?.title ?? r.itemId}</Table.Td>
                  <Table.Td>
                    <Badge color={RETURN_COLORS[r.status]} variant="light">
                      {t(`ret_${r.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {r.type === 'return' && r.status === 'approved' ? t('refundOf', { amount: fmt.money(r.refundAmount, order.currency) }) : t('feeOf', { amount: fmt.money(r.fee, order.currency) })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {order.photoRequests.length > 0 ? (
          <Text size="sm" data-testid="photo-requests">
            {t('photoRequestsTitle')}: {order.photoRequests.map((p) => `${p.count} × ${t(`pr_${p.status}`)}`).join(', ')}
          </Text>
        ) : null}
        {resolvedSupplements.length > 0 ? (
          <Text size="sm" data-testid="resolved-supplements">
            {/* Under its own heading the list needs no title; under "After inspection" it is named once. */}
            {deadline === null ? null : `${t('supplementsTitle')}: `}
            {resolvedSupplements.map((s) => `${t(`reason_${s.reason}`)} ${fmt.money(s.amount, order.currency)} (${t(`sup_${s.status}`)})`).join('; ')}
          </Text>
        ) : null}
      </Stack>
    </Section>
  );
}

function PhotoRequestButton({ order, prices }: { order: OrderDetail; prices: Prices }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const [opened, { open, close }] = useDisclosure(false);
  const [count, setCount] = useState<number>(1);
  const [note, setNote] = useState('');
  const request = useRequestPhotos(order.orderNo);
  const body = { count, note: note.trim() || undefined };
  // One intent, one Idempotency-Key: a double click or a retry of the same request is charged once.
  const intent = useIntent(opened ? body : null);
  const send = () =>
    intent.run((key, done) =>
      request.mutate(
        { body, key },
        {
          onSuccess: () => {
            done(true);
            close();
          },
          onError: () => done(false),
        },
      ),
    );
  return (
    <>
      <Button size="xs" variant="light" onClick={open} w="fit-content">
        {t('requestPhotos')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('requestPhotos')} centered>
        <Stack gap="sm">
          <NumberInput label={t('photoCount', { price: fmt.money(prices.photoPrice, order.currency) })} min={1} max={10} value={count} onChange={(v) => setCount(Number(v) || 1)} />
          <TextInput label={t('photoNote')} value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} />
          {request.isError ? <ErrorAlert title={t('photoFailed')} error={request.error} /> : null}
          {/* The wallet is charged as soon as it is sent: the button says how much. */}
          <Button onClick={send} loading={intent.busy || request.isPending}>
            {t('payAndSend', { amount: fmt.money(prices.photoPrice * count, order.currency) })}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}

function ReturnButtons({ order, item, prices }: { order: OrderDetail; item: OrderItem; prices: Prices }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const [type, setType] = useState<'return' | 'exchange' | null>(null);
  const [reason, setReason] = useState('');
  const request = useRequestReturn(order.orderNo);
  const body = type === null ? null : { itemId: item.itemId, type, reason: reason.trim() };
  // One intent, one Idempotency-Key: a double click sends one request (an exchange holds its fee).
  const intent = useIntent(body);
  const close = () => {
    if (intent.busy) return;
    setType(null);
    request.reset();
  };
  const send = () => {
    if (body === null || body.reason === '') return;
    intent.run((key, done) =>
      request.mutate(
        { body, key },
        {
          onSuccess: () => {
            done(true);
            setType(null);
            request.reset();
          },
          onError: () => done(false),
        },
      ),
    );
  };
  return (
    <>
      <Group gap={4} wrap="nowrap">
        <Button size="compact-xs" variant="default" onClick={() => setType('return')} aria-label={`${t('returnItem')} ${item.title}`}>
          {t('returnItem')}
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => setType('exchange')} aria-label={`${t('exchangeItem')} ${item.title}`}>
          {t('exchangeItem')}
        </Button>
      </Group>
      <Modal opened={type !== null} onClose={close} title={t('returnTitle', { title: item.title })} centered>
        <Stack gap="sm">
          <Text size="sm">{t('returnHint', { fee: fmt.money(prices.returnFee, order.currency) })}</Text>
          <Textarea label={t('returnReason')} value={reason} maxLength={500} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus />
          {request.isError ? <ErrorAlert title={t('returnFailed')} error={request.error} /> : null}
          <Button
            disabled={reason.trim() === ''}
            loading={intent.busy || request.isPending}
            onClick={send}
          >
            {type === 'exchange' ? t('exchangeItem') : t('returnItem')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
