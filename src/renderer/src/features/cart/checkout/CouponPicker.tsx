import { Radio, Skeleton, Stack, Text } from '@mantine/core';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { TitledSection } from '../../../shared/TitledSection';
import { checkoutMessages } from './messages';
import { ClaimableCoupons } from './ClaimableCoupons';
import type { Coupon, MyCoupon, OrderPreview } from './queries';

/** What a coupon would do on these lines, as the order preview says. */
export type CouponFit = OrderPreview['coupons'][number];
import { useCouponValueText } from './useCouponValueText';

export const NO_COUPON = 'none';

interface Props {
  coupons: { data?: MyCoupon[] | undefined; isPending: boolean; isError: boolean; error: unknown };
  /** Coupons not claimed yet: offered with a Claim button (an unavailable list just shows none). */
  claimable: readonly Coupon[];
  /** Each coupon's fit on these lines (null while the service prices them). */
  fits: ReadonlyMap<number, CouponFit> | null;
  currency: string | undefined;
  value: number | null;
  onChange: (couponId: number | null) => void;
}

/**
 * The user's unused coupons with what each saves on this subtotal; those under their minimum are disabled
 * with why. Coupons still to claim follow, claimable in place.
 */
export function CouponPicker({ coupons, claimable: allClaimable, fits, currency, value, onChange }: Props) {
  // v1.2: shipping coupons come off a shipping order's freight, not a purchase (chosen at the ship step).
  const usable = (coupons.data ?? []).filter((c) => c.appliesTo !== 'shipping');
  const claimable = allClaimable.filter((c) => c.appliesTo !== 'shipping');
  const fmt = useFormat();
  const t = useT(checkoutMessages);
  const money = (amount: number) => fmt.money(amount, currency);
  const valueText = useCouponValueText(currency);

  return (
    <TitledSection title={t('coupon')}>
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
          {usable.map((coupon) => {
            const fit = fits?.get(coupon.id);
            const terms = [
              valueText(coupon),
              coupon.minOrderAmount > 0 ? t('couponMin', { amount: money(coupon.minOrderAmount) }) : t('couponNoMinimum'),
              t('couponExpires', { date: fmt.date(coupon.expiresAt, 'date') }),
            ].join(' · ');
            return (
              <Radio
                key={coupon.id}
                value={String(coupon.id)}
                disabled={fit?.usable !== true}
                label={coupon.name}
                description={
                  <>
                    <Text span size="xs" c="dimmed" display="block">
                      {terms}
                    </Text>
                    {!fit ? null : fit.usable ? (
                      <Text span size="xs" c="green" fw={600} display="block">
                        {t('couponSaves', { amount: money(fit.discount) })}
                      </Text>
                    ) : (
                      <Text span size="xs" c="orange" display="block">
                        {t('couponNeedsMore', { minimum: money(fit.minOrderAmount), missing: money(fit.shortBy) })}
                      </Text>
                    )}
                  </>
                }
              />
            );
          })}
          {coupons.data && usable.length === 0 ? (
            <Text size="sm" c="dimmed">
              {claimable.length > 0 ? t('noClaimedCoupons') : t('noCoupons')}
            </Text>
          ) : null}
        </Stack>
      </Radio.Group>
      )}
      {coupons.isError ? null : <ClaimableCoupons coupons={claimable} fits={fits} currency={currency} chosen={value} onClaimed={onChange} />}
    </TitledSection>
  );
}
