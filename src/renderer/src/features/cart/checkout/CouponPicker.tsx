import { Radio, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { CheckoutSection } from './CheckoutSection';
import { checkoutMessages } from './messages';
import { checkCoupon, fromCents, type Cents } from './pricing';
import { ClaimableCoupons } from './ClaimableCoupons';
import type { Coupon, MyCoupon } from './queries';
import { useCouponValueText } from './useCouponValueText';

export const NO_COUPON = 'none';

interface Props {
  coupons: { data?: MyCoupon[] | undefined; isPending: boolean; isError: boolean; error: unknown };
  /** Coupons not claimed yet: offered with a Claim button (an unavailable list just shows none). */
  claimable: readonly Coupon[];
  subtotal: Cents;
  currency: string | undefined;
  value: number | null;
  onChange: (couponId: number | null) => void;
}

/**
 * The user's unused coupons with what each saves on this subtotal; those under their minimum are disabled
 * with why. Coupons still to claim follow, claimable in place.
 */
export function CouponPicker({ coupons, claimable, subtotal, currency, value, onChange }: Props) {
  const fmt = useFormat();
  const t = useT(checkoutMessages);
  const money = (amount: number) => fmt.money(amount, currency);
  const valueText = useCouponValueText(currency);

  return (
    <CheckoutSection title={t('coupon')}>
      {coupons.isPending ? (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={20} />
        <Skeleton height={20} />
      </Stack>
    ) : coupons.isError ? (
      <ErrorAlert title={t('couponsFailed')} error={coupons.error} />
    ) : (
      <Radio.Group
        value={value === null ? NO_COUPON : String(value)}
        onChange={(next) => onChange(next === NO_COUPON ? null : Number(next))}
        label={t('couponsLabel')}
        labelProps={{ style: { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' } }}
      >
        <Stack gap="sm">
          <Radio value={NO_COUPON} label={t('noCoupon')} />
          {(coupons.data ?? []).map((coupon) => {
            const check = checkCoupon(coupon, subtotal);
            const terms = [
              valueText(coupon),
              coupon.minOrderAmount > 0 ? t('couponMin', { amount: money(coupon.minOrderAmount) }) : t('couponNoMinimum'),
              t('couponExpires', { date: fmt.date(coupon.expiresAt, 'date') }),
            ].join(' · ');
            return (
              <Radio
                key={coupon.id}
                value={String(coupon.id)}
                disabled={!check.usable}
                label={coupon.name}
                description={
                  <>
                    <Text span size="xs" c="dimmed" display="block">
                      {terms}
                    </Text>
                    {check.usable ? (
                      <Text span size="xs" c="green" fw={600} display="block">
                        {t('couponSaves', { amount: money(fromCents(check.discount)) })}
                      </Text>
                    ) : (
                      <Text span size="xs" c="orange" display="block">
                        {t('couponNeedsMore', { minimum: money(fromCents(check.minimum)), missing: money(fromCents(check.missing)) })}
                      </Text>
                    )}
                  </>
                }
              />
            );
          })}
          {coupons.data?.length === 0 ? (
            <Text size="sm" c="dimmed">
              {claimable.length > 0 ? t('noClaimedCoupons') : t('noCoupons')}
            </Text>
          ) : null}
        </Stack>
      </Radio.Group>
      )}
      {coupons.isError ? null : <ClaimableCoupons coupons={claimable} subtotal={subtotal} currency={currency} onClaimed={onChange} />}
    </CheckoutSection>
  );
}
