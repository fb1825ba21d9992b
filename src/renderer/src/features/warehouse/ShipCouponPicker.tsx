import { Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { data, openApi } from '../../api/client';
import { accountKeys, useAvailableCoupons, useClaimCoupon, useLedgerCurrency } from '../account/api';
import { useCouponValueText } from '../cart/checkout/useCouponValueText';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useFormat } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { shipCouponMessages } from './shipCouponMessages';
import type { CouponValue } from '../account/logic';

const NONE = 'none';

/**
 * The shipping coupons (appliesTo: shipping) at the ship step: the claimed unused ones to choose from, those
 * still to claim with a Claim button. A coupon bound to other channels is off for the chosen one; whether the
 * fee reaches a coupon's minimum is the preview's answer (its discount, or its refusal), not computed here.
 */
export function ShipCouponPicker({ channelId, value, onChange }: { channelId: string | null; value: number | null; onChange: (couponId: number | null) => void }) {
  const t = useT(shipCouponMessages);
  const fmt = useFormat();
  // Coupons are in the ledger currency (the Coupons page words them in it too).
  const currency = useLedgerCurrency();
  const valueText = useCouponValueText(currency);
  const mine = useQuery({
    queryKey: [...accountKeys.couponsMine, 'unused'],
    queryFn: () => data(openApi().GET('/user/coupons/my', { params: { query: { status: 'unused' } } })),
  });
  const available = useAvailableCoupons({ staleTime: 0 });
  const claim = useClaimCoupon();
  const usable = (mine.data ?? []).filter((c) => c.appliesTo === 'shipping');
  const claimable = (available.data ?? []).filter((c) => c.appliesTo === 'shipping');
  const offChannel = (channels: readonly string[] | null) => channelId !== null && channels !== null && !channels.includes(channelId);
  const terms = (c: CouponValue & { minFee: number; channelIds: readonly string[] | null; expiresAt: string }) =>
    [valueText(c), c.minFee > 0 ? t('minFee', { amount: fmt.money(c.minFee, currency) }) : null, c.channelIds ? t('channels') : null, t('expires', { date: fmt.date(c.expiresAt, 'date') })]
      .filter(Boolean)
      .join(' · ');

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('title')}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('title')}
        </Title>
        {mine.isPending ? <Skeleton height={40} role="progressbar" aria-label={t('loading')} /> : null}
        {mine.isError ? <ErrorAlert title={t('loadFailed')} error={mine.error} /> : null}
        {available.isError ? <ErrorAlert title={t('claimableFailed')} error={available.error} /> : null}
        <Radio.Group value={value === null ? NONE : String(value)} onChange={(next) => onChange(next === NONE ? null : Number(next))} aria-label={t('title')}>
          <Stack gap={6}>
            <Radio value={NONE} label={t('none')} />
            {usable.map((c) => (
              <Radio
                key={c.id}
                value={String(c.id)}
                label={<span translate="no">{c.name}</span>}
                disabled={offChannel(c.channelIds)}
                description={offChannel(c.channelIds) ? `${terms(c)} · ${t('notOnChannel')}` : terms(c)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {mine.data && usable.length === 0 && claimable.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noCoupons')}
          </Text>
        ) : null}
        {claimable.length > 0 ? (
          <Stack gap={4} component="section" aria-label={t('claimable')}>
            <Text size="sm" fw={600}>
              {t('claimable')}
            </Text>
            {claimable.map((c) => (
              <Group key={c.id} justify="space-between" wrap="nowrap">
                <Stack gap={0}>
                  <Text size="sm" translate="no">
                    {c.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {terms(c)}
                  </Text>
                </Stack>
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('claim', { name: c.name })}
                  loading={claim.isPending && claim.variables === c.id}
                  disabled={claim.isPending && claim.variables !== c.id}
                  onClick={() => claim.mutate(c.id, { onSuccess: () => (offChannel(c.channelIds) ? undefined : onChange(c.id)) })}
                >
                  {t('claimShort')}
                </Button>
              </Group>
            ))}
          </Stack>
        ) : null}
        {claim.isError ? <ErrorAlert title={t('claimFailed')} error={claim.error} /> : null}
        <Text size="xs" c="dimmed">
          {t('hint')}
        </Text>
      </Stack>
    </Paper>
  );
}
