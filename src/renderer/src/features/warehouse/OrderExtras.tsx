import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormat } from '../../shared/format';
import { useServicesT } from './ShipExtras';
import type { ShippingOrderDetail } from './types';
import { shippingEventMessages } from './shippingEventMessages';
import { useT } from '../../shared/i18n';
import { useEnumWords } from '../../shared/enumWords';

/** Before dispatch the fee is only held (pending, or awaiting its extra postage); dispatch captures it. */
const BEFORE_DISPATCH: readonly ShippingOrderDetail['status'][] = ['pending', 'awaiting_payment'];

export interface OrderCharges {
  lines: { key: 'freight' | 'couponDiscount' | 'insurancePremium' | 'storageFees' | 'extraPostagePaid'; amount: number }[];
  total: number;
  totalKey: 'total' | 'totalCharged' | 'totalReleased';
}

/**
 * The lines of the Charges box, adding up to its total: the hold (freight less the coupon, insurance, storage)
 * plus each extra postage paid (debited apart from the hold), so the total is what the wallet paid for the order.
 */
export function orderCharges(
  order: Pick<ShippingOrderDetail, 'status' | 'shippingFee' | 'couponDiscount' | 'insurancePremium' | 'storageFees' | 'totalCharge' | 'supplements'>,
): OrderCharges {
  const paid = order.supplements.filter((s) => s.status === 'paid');
  const lines: OrderCharges['lines'] = [
    { key: 'freight', amount: order.shippingFee },
    ...(order.couponDiscount > 0 ? [{ key: 'couponDiscount' as const, amount: -order.couponDiscount }] : []),
    { key: 'insurancePremium', amount: order.insurancePremium },
    { key: 'storageFees', amount: order.storageFees },
    ...paid.map((s) => ({ key: 'extraPostagePaid' as const, amount: s.amount })),
  ];
  // In minor units, so the sum is exact.
  const total = (Math.round(order.totalCharge * 100) + paid.reduce((sum, s) => sum + Math.round(s.amount * 100), 0)) / 100;
  const totalKey = BEFORE_DISPATCH.includes(order.status) ? 'total' : order.status === 'cancelled' ? 'totalReleased' : 'totalCharged';
  return { lines, total, totalKey };
}

/** The codes of the events that record an exception's reason (the alert words the newest of them). */
const REASON_CODES = ['shipping.customs_hold', 'shipping.lost_in_transit', 'shipping.customs_seized'] as const;
type ReasonCode = (typeof REASON_CODES)[number];
const isReasonCode = (code: string | null | undefined): code is ReasonCode => (REASON_CODES as readonly (string | null | undefined)[]).includes(code);

/** v1.1 on the shipping order page: exceptions and insurance payouts, the charges, programmed scenarios. */
export function ShippingOrderExtras({ order }: { order: ShippingOrderDetail }) {
  const fmt = useFormat();
  const t = useServicesT();
  const tEvent = useT(shippingEventMessages);
  const words = useEnumWords();
  // The reason in the UI language from its event's code; the server's English for older orders.
  const reasonCode = [...order.events].reverse().find((e) => isReasonCode(e.code))?.code;
  const reason = isReasonCode(reasonCode) ? tEvent(reasonCode) : order.exceptionReason;
  // A seizure ends the order as `lost` too, but the shopper must read that customs took it, not the carrier.
  const lossTitle = reasonCode === 'shipping.customs_seized' ? 'seizedTitle' : 'lostTitle';
  const charges = orderCharges(order);
  const totalLabel = t(charges.totalKey);
  return (
    <Stack gap="md">
      {order.status === 'exception' || order.status === 'lost' ? (
        <Alert color={order.status === 'lost' ? 'red' : 'yellow'} title={t(order.status === 'lost' ? lossTitle : 'exceptionTitle')}>
          <Stack gap={4}>
            <Text size="sm">{reason}</Text>
            {order.status === 'lost' ? (
              <Text size="sm" fw={600}>
                {order.insurancePayout > 0 ? t('payout', { amount: fmt.money(order.insurancePayout, order.currency) }) : t('noPayout')}
              </Text>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="order-charges">
        <Title order={3} size="h5" mb="xs" id="order-charges">
          {t('breakdownTitle')}
        </Title>
        <Stack gap={4} aria-label={t('breakdownTitle')}>
          {charges.lines.map(({ key, amount }, i) => {
            const label = t(key);
            return (
              <Group key={`${key}-${i}`} justify="space-between" gap="xs" wrap="nowrap" role="group" aria-label={label}>
                <Text size="sm" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" fw={500}>
                  {amount < 0 ? `\u2212${fmt.money(-amount, order.currency)}` : fmt.money(amount, order.currency)}
                </Text>
              </Group>
            );
          })}
          <Group justify="space-between" gap="xs" wrap="nowrap" role="group" aria-label={totalLabel}>
            <Text size="sm" fw={600}>
              {totalLabel}
            </Text>
            <Text size="sm" fw={700}>
              {fmt.money(charges.total, order.currency)}
            </Text>
          </Group>
        </Stack>
        <Group justify="space-between" mt="xs">
          <Text size="xs" c="dimmed">
            {t('declaredValueLine', { amount: fmt.money(order.declaredValue, order.currency) })} · {t(order.insurance ? 'insuredYes' : 'insuredNo')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('estimatedDutiesLine', { amount: fmt.money(order.estimatedDuties, order.currency) })}
          </Text>
        </Group>
        {order.scenarios.length > 0 ? (
          <Group gap={6} mt="xs" aria-label={t('scenarios')}>
            {order.scenarios.map((s) => (
              <Badge key={s.name} variant="outline" color={s.firedAt ? 'gray' : 'grape'} style={{ textTransform: 'none' }}>
                {words.scenario(s.name)}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Paper>
    </Stack>
  );
}
