import { Alert, Anchor, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { KEEP_ON_NAVIGATE } from '../../../app/notificationHygiene';
import { useMemo, useState } from 'react';
import { navigate } from '../../../app/router';
import { EmptyState } from '../../../shared/EmptyState';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useIntent } from '../../../shared/useIntent';
import { useFormat } from '../../../shared/format';
import { orderHash } from '../../tracking/status';
import { useCart } from '../useCart';
import { useCartCurrency } from '../useCartCurrency';
import { CheckoutLines } from './CheckoutLines';
import { CheckoutSummary } from './CheckoutSummary';
import { CouponPicker } from './CouponPicker';
import { MAX_ORDER_LINES } from '../../../../../contract/limits';
import { orderLineOf } from './grouping';
import { checkoutMessages } from './messages';
import { useAvailableCoupons } from '../../account/api';
import { useOrderPreview, usePlaceOrder, useUnusedCoupons } from './queries';
import { GrowingTextarea } from '../../../shared/GrowingTextarea';

const MAX_REMARK = 500;

export function CheckoutPage() {
  const fmt = useFormat();
  const t = useT(checkoutMessages);
  const cart = useCart();
  const currency = useCartCurrency(cart.data);
  const selected = useMemo(() => (cart.data?.items ?? []).filter((item) => item.selected), [cart.data]);
  const coupons = useUnusedCoupons();
  // Read afresh on each visit (no claim event refreshes it): a coupon claimed elsewhere is not offered.
  const claimable = useAvailableCoupons({ staleTime: 0 });
  const place = usePlaceOrder();

  const [couponId, setCouponId] = useState<number | null>(null);
  const [remark, setRemark] = useState('');

  // One order for the whole selection (v1.1: mixed platforms and shops); shown by seller as the preview groups it.
  const lines = selected;
  const tooMany = lines.length > MAX_ORDER_LINES;
  const trimmedRemark = remark.trim();
  const items = lines.length > 0 && !tooMany ? lines.map(orderLineOf) : null;
  // The service prices everything: first the lines alone (which also says what each coupon would do on
  // them), then with the chosen coupon once that answer says it applies. Without a coupon both are one query.
  // Placing (and once placed, until the order's page shows) the cart is being emptied: no preview of it then.
  const placing = place.isPending || place.isSuccess;
  const base = useOrderPreview(items ? { items } : null, { paused: placing });
  const linesPreview = base.data && !base.isPlaceholderData ? base.data : undefined;
  const fits = linesPreview ? new Map(linesPreview.coupons.map((c) => [c.couponId, c])) : null;
  // A coupon these lines no longer reach (lines unselected meanwhile) is dropped, not sent.
  const couponApplies = couponId !== null && fits?.get(couponId)?.usable === true;
  const priced = useOrderPreview(items ? { items, ...(couponApplies ? { couponId } : {}) } : null, { paused: placing });
  const preview = priced.data && !priced.isPlaceholderData ? priced.data : undefined;
  const newOrder = items && preview ? { items, ...(preview.couponId !== null ? { couponId: preview.couponId } : {}), ...(trimmedRemark ? { remark: trimmedRemark } : {}) } : null;
  const intent = useIntent(newOrder);

  const onPlace = () => {
    if (!newOrder) return;
    intent.run((key, done) =>
    place.mutate(
      { order: newOrder, key },
      {
        onError: () => done(false),
        onSuccess: (order) => {
          done(true);
          notifications.show({
            color: 'green',
            title: t('placed'),
            message: t('placedBody', { orderNo: order.orderNo, amount: fmt.money(order.totalAmount, order.currency) }),
            // Shown on the order's page, where this success takes the shopper.
            ...KEEP_ON_NAVIGATE,
          });
          navigate(orderHash(order.orderNo));
        },
      },
    ),
    );
  };

  const header = (
    <Group justify="space-between" align="center">
      <Title order={2}>{t('title')}</Title>
      <Anchor href="#/cart" size="sm">
        {t('backToCart')}
      </Anchor>
    </Group>
  );

  if (cart.isPending) {
    return (
      <Stack gap="md">
        {header}
        <Stack aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={96} />
          <Skeleton height={160} />
        </Stack>
      </Stack>
    );
  }
  if (cart.isError) {
    return (
      <Stack gap="md">
        {header}
        <ErrorAlert title={t('cartFailed')} error={cart.error} />
      </Stack>
    );
  }
  if (selected.length === 0) {
    return (
      <Stack gap="md">
        {header}
        <EmptyState title={t('nothingSelected')}>{t('nothingSelectedHint')}</EmptyState>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {header}
      {tooMany ? (
        <Alert color="red" variant="light" title={t('tooManyTitle', { count: lines.length })}>
          {t('tooManyBody', { max: MAX_ORDER_LINES })}
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <CheckoutLines lines={lines} preview={linesPreview} previewFailed={base.isError} currency={currency} />
            <CouponPicker coupons={coupons} claimable={claimable.data ?? []} fits={fits} currency={currency} value={couponApplies ? couponId : null} onChange={setCouponId} />
            <GrowingTextarea
              label={t('orderRemark')}
              description={t('orderRemarkHint')}
              value={remark}
              onChange={(event) => setRemark(event.currentTarget.value)}
              maxLength={MAX_REMARK}
              minRows={2}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CheckoutSummary
            preview={preview}
            previewError={priced.error ?? base.error}
            currency={currency}
            placing={place.isPending || intent.busy}
            canPlace={newOrder !== null}
            placeError={place.error}
            onPlace={onPlace}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
