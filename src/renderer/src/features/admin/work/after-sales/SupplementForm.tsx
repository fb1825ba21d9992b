import { Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { Minor } from '../../../../../../contract/common';
import type { AdminOrderDetail } from '../../../../../../contract/admin/orders';
import { useT } from '../../../../shared/i18n';
import { useFormat } from '../../../../shared/format';
import { useIntent } from '../../../../shared/useIntent';
import { commonMessages, orderStatusKey } from '../../messages';
import { afterSalesMessages } from './messages';
import { Outcome } from './Outcome';
import { useRaiseSupplement, type SupplementInput } from './queries';
import { LabelledSegmentedControl } from '../../../../shared/LabelledSegmentedControl';

type Reason = SupplementInput['reason'];
const REASONS: Reason[] = ['price_increase', 'domestic_freight', 'price_decrease'];
const WHOLE_ORDER = '';

/** Parses the typed amount to minor units: null when empty, NaN when not a positive two-decimal amount. */
function minorOf(value: number | string): Minor | null {
  if (value === '' || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}

/** Raise a supplement (price increase, domestic postage) or refund a price decrease: only on a paid order. */
export function SupplementForm({ order }: { order: AdminOrderDetail }) {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const tc = useT(commonMessages);
  const formatDate = (iso: string | null | undefined) => fmt.date(iso);
  const raise = useRaiseSupplement(order.orderNo);
  const [reason, setReason] = useState<Reason>('price_increase');
  const [amount, setAmount] = useState<number | string>('');
  const [line, setLine] = useState<string>(WHOLE_ORDER);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const minor = minorOf(amount);
  const body: SupplementInput | null =
    minor !== null && minor > 0 ? { reason, amount: minor / 100, ...(line !== WHOLE_ORDER ? { itemId: Number(line) } : {}) } : null;
  const intent = useIntent(body);
  const statusKey = orderStatusKey(order.status);

  if (order.status !== 'paid') {
    return (
      <Stack gap={4}>
        <Title order={4} size="h5">
          {t('supplementsTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('supplementsClosed', { status: statusKey ? tc(statusKey) : order.status })}
        </Text>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (minor === null) return setError(t('amountRequired'));
    if (!body) return setError(t('amountPositive'));
    setError(null);
    setDone(null);
    const refundedBefore = order.money.refunded;
    intent.run((key, finish) =>
      raise.mutate(
        { body, key },
        {
          onError: () => finish(false),
          onSuccess: (updated) => {
            finish(true);
            setAmount('');
            if (body.reason === 'price_decrease') {
              // What the server refunded (capped at what is left of the order), not what was typed.
              const refunded = Math.round((updated.money.refunded - refundedBefore) * 100) / 100;
              return setDone(t('decreased', { amount: fmt.money(refunded, updated.currency) }));
            }
            // The newest supplement of the answer is the one just raised.
            const raised = updated.supplements.reduce((a, b) => (b.id > a.id ? b : a));
            setDone(
              t('raised', {
                id: raised.id,
                amount: fmt.money(raised.amount, updated.currency),
                reason: t(`reason_${raised.reason}`),
                expiresAt: formatDate(raised.expiresAt),
                due: fmt.money(updated.amountDue, updated.currency),
              }),
            );
          },
        },
      ),
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('supplementsTitle')}>
      <Stack gap="xs">
        <Title order={4} size="h5">
          {t('supplementsTitle')}
        </Title>
        <LabelledSegmentedControl
          label={t('reason')}
          value={reason}
          onChange={(value) => setReason(value as Reason)}
          data={REASONS.map((r) => ({ value: r, label: t(`reason_${r}`) }))}
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          hint={
            <Text size="xs" c="dimmed">
              {reason === 'price_decrease' ? t('decreaseHint') : t('supplementHint')}
            </Text>
          }
        />
        <Group align="flex-start" grow>
          <NumberInput
            label={t('amountLabel', { currency: order.currency })}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setError(null);
            }}
            min={0}
            decimalScale={2}
            allowNegative={false}
            clampBehavior="none"
            error={error}
          />
          <Select
            label={t('line')}
            value={line}
            onChange={(value) => setLine(value ?? WHOLE_ORDER)}
            allowDeselect={false}
            data={[
              { value: WHOLE_ORDER, label: t('wholeOrder') },
              ...order.items.map((item) => ({ value: String(item.itemId), label: t('lineOption', { itemId: item.itemId, title: item.title, sku: item.skuName }) })),
            ]}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={intent.busy} color={reason === 'price_decrease' ? 'teal' : undefined}>
            {reason === 'price_decrease' ? t('refundDecrease') : t('raise')}
          </Button>
        </Group>
        <Outcome done={done} error={raise.isError && !intent.busy ? raise.error : null} errorTitle={t('notRaised')} />
      </Stack>
    </form>
  );
}
