import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CrossbuyError } from '../../api/client';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useFormat } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { formatWeight } from './logic';
import { usePayShippingSupplement } from './queries';
import { settlementMessages } from './settlementMessages';
import type { ShippingOrderDetail } from './types';

type ShippingSupplement = ShippingOrderDetail['supplements'][number];

/**
 * Quoted vs packed, side by side (extensions.md section 10): the weight and fee the order was created on
 * beside the weight and fee the packed parcel is billed on, as the service reports them (nothing computed here).
 */
export function SettlementCard({ order }: { order: ShippingOrderDetail }) {
  const fmt = useFormat();
  const t = useT(settlementMessages);
  const money = (amount: number) => fmt.money(amount, order.currency);
  const notPacked = (
    <Text span size="sm" c="dimmed">
      {t('notPacked')}
    </Text>
  );
  const dims = order.packedDimensions;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('weighing')}>
      <Stack gap={6}>
        <Title order={3} size="h5">
          {t('weighing')}
        </Title>
        <Table verticalSpacing={4} aria-label={t('weighing')} data-testid="shipping-settlement">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{t('quoted')}</Table.Th>
              <Table.Th>{t('billed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr aria-label={t('rowWeight')}>
              <Table.Th scope="row">{t('rowWeight')}</Table.Th>
              <Table.Td data-testid="quoted-weight">{formatWeight(order.chargeWeight)}</Table.Td>
              <Table.Td data-testid="billed-weight">{order.billedWeight === null ? notPacked : formatWeight(order.billedWeight)}</Table.Td>
            </Table.Tr>
            <Table.Tr aria-label={t('rowFee')}>
              <Table.Th scope="row">{t('rowFee')}</Table.Th>
              <Table.Td data-testid="quoted-fee">{money(order.shippingFee)}</Table.Td>
              <Table.Td data-testid="billed-fee">{order.billedShippingFee === null ? notPacked : money(order.billedShippingFee)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {order.packedWeight !== null ? (
          <Text size="sm">
            {t('packedWeight')}: {formatWeight(order.packedWeight)}
          </Text>
        ) : null}
        {dims ? (
          <Text size="sm">
            {t('packedDimensions')}: {t('dimensionsCm', { l: dims.l, w: dims.w, h: dims.h })}
          </Text>
        ) : null}
        {order.volumetricWeight !== null && order.volumetricWeight !== undefined ? (
          <Text size="sm">
            {t('volumetricWeight')}: {formatWeight(order.volumetricWeight)}
          </Text>
        ) : null}
        {order.couponDiscount > 0 ? (
          <Text size="sm">
            {t('couponDiscount')}: −{money(order.couponDiscount)}
          </Text>
        ) : null}
        {order.billedWeight !== null ? (
          <Text size="xs" c="dimmed">
            {t('billedNote')}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The extra postage a packed parcel owes: each pending supplement with its expiry and a confirmed Pay. */
export function ShippingSupplementBanner({ order }: { order: ShippingOrderDetail }) {
  const fmt = useFormat();
  const t = useT(settlementMessages);
  const pay = usePayShippingSupplement(order.orderNo);
  const [asked, setAsked] = useState<ShippingSupplement | null>(null);
  const money = (amount: number) => fmt.money(amount, order.currency);
  const pending = order.supplements.filter((s) => s.status === 'pending');
  const expired = order.status === 'cancelled' ? order.supplements.filter((s) => s.status === 'expired') : [];
  if (pending.length === 0 && !pay.isSuccess && expired.length === 0) return null;
  if (pending.length === 0) {
    if (expired[0]) {
      return (
        <Alert color="gray" variant="light" role="status">
          {t('supplementExpired', { amount: money(expired[0].amount) })}
        </Alert>
      );
    }
    return pay.data ? (
      <Alert color="green" variant="light" role="status">
        {t('paid', { amount: money(pay.data.amount) })}
      </Alert>
    ) : null;
  }
  const short = pay.error instanceof CrossbuyError && pay.error.statusCode === 402;
  const confirm = () => {
    if (!asked) return;
    pay.mutate(asked.id, { onSettled: () => setAsked(null) });
  };
  return (
    <Alert color="yellow" variant="light" title={t('dueTitle', { amount: money(order.amountDue) })} data-testid="shipping-amount-due" role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('dueBody')}</Text>
        {pending.map((s) => (
          <Group key={s.id} justify="space-between" wrap="wrap">
            <Text size="sm">
              <b>{money(s.amount)}</b> · {t('dueBy', { date: fmt.date(s.expiresAt) })}
            </Text>
            <Button size="xs" onClick={() => setAsked(s)} disabled={pay.isPending}>
              {t('pay', { amount: money(s.amount) })}
            </Button>
          </Group>
        ))}
        {pay.isError ? (
          <Stack gap={4}>
            <ErrorAlert title={t('payFailed')} error={pay.error} />
            {short ? (
              <Text size="sm">
                {t('topUpHint')}{' '}
                <Anchor href="#/wallet" size="sm">
                  {t('openWallet')}
                </Anchor>
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={asked !== null}
        title={asked ? t('payConfirmTitle', { amount: money(asked.amount) }) : ''}
        confirmLabel={asked ? t('payConfirmYes', { amount: money(asked.amount) }) : ''}
        cancelLabel={t('keep')}
        busy={pay.isPending}
        onConfirm={confirm}
        onCancel={() => setAsked(null)}
      >
        {asked ? <Text size="sm">{t('payConfirmBody', { amount: money(asked.amount) })}</Text> : null}
      </ConfirmModal>
    </Alert>
  );
}
