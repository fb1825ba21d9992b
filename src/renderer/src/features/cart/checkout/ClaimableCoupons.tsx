import { Button, Group, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useIntent } from '../../../shared/useIntent';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { checkoutMessages } from './messages';
import type { CouponFit } from './CouponPicker';
import { useClaimCoupon } from '../../account/api';
import { useAddClaimedToUnused, type Coupon } from './queries';
import { useCouponValueText } from './useCouponValueText';

interface Props {
  coupons: readonly Coupon[];
  /** Each coupon's fit on these lines (null while the service prices them). */
  fits: ReadonlyMap<number, CouponFit> | null;
  currency: string | undefined;
  /** The coupon the checkout applies now: choosing another clears a failed claim's alert. */
  chosen: number | null;
  /** Called with a claimed coupon that this subtotal reaches: the checkout applies it. */
  onClaimed: (couponId: number) => void;
}

/**
 * Coupons the user has not claimed yet, each with a Claim button right here (issue 17 item 11: the checkout
 * said "no unused coupons" while several were claimable). A claimed coupon the order reaches is applied.
 */
export function ClaimableCoupons({ coupons, fits, currency, chosen, onClaimed }: Props) {
  const fmt = useFormat();
  const t = useT(checkoutMessages);
  const claim = useClaimCoupon();
  const addToUnused = useAddClaimedToUnused();
  const valueText = useCouponValueText(currency);
  // One claim at a time, locked synchronously (useIntent's lock): a double click sent a second claim whose
  // "already claimed" replaced the first one's success.
  const once = useIntent(null);
  // A failed claim is about the moment it was tried: another coupon chosen since, it is no longer the news.
  const { reset } = claim;
  useEffect(() => reset(), [chosen, reset]);
  if (coupons.length === 0) return null;
  const money = (amount: number) => fmt.money(amount, currency);

  return (
    <Stack gap="xs" component="section" aria-label={t('claimableLabel')}>
      <Text size="sm" fw={600}>
        {coupons.length === 1 ? t('claimableOne') : t('claimable', { count: coupons.length })}
      </Text>
      {coupons.map((coupon) => {
        const fit = fits?.get(coupon.id);
        const claiming = claim.isPending && claim.variables === coupon.id;
        return (
          <Group key={coupon.id} justify="space-between" wrap="nowrap" gap="sm" data-testid="claimable-coupon">
            <Stack gap={0}>
              <Text size="sm"><span translate="no">{coupon.name}</span></Text>
              <Text size="xs" c="dimmed">
                {valueText(coupon)}
                {' · '}
                {coupon.minOrderAmount > 0 ? t('couponMin', { amount: money(coupon.minOrderAmount) }) : t('couponNoMinimum')}
                {fit?.usable ? ` · ${t('couponSaves', { amount: money(fit.discount) })}` : ''}
              </Text>
            </Stack>
            <Button
              size="xs"
              variant="light"
              loading={claiming}
              disabled={claim.isPending && !claiming}
              aria-label={t('claimCoupon', { name: coupon.name })}
              onClick={() =>
                once.run((_key, done) =>
                  claim.mutate(coupon.id, {
                    onSuccess: (claimed) => {
                      addToUnused(claimed);
                      if (fit?.usable) onClaimed(claimed.id);
                    },
                    onSettled: () => done(true),
                  }),
                )
              }
            >
              {t('claim')}
            </Button>
          </Group>
        );
      })}
      {/* Only while the coupon it is about is still to claim: a coupon claimed since has no failure to show. */}
      {claim.error && coupons.some((c) => c.id === claim.variables) ? <ErrorAlert title={t('claimFailed')} error={claim.error} /> : null}
    </Stack>
  );
}
