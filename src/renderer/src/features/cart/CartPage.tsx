import { Anchor, Grid, Group, Skeleton, Stack, Title } from '@mantine/core';
import { paths } from '../../app/router';
import { EmptyState } from '../../shared/EmptyState';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { CartSellerGroups, useCartPreview } from './CartSellerGroups';
import { CartTotals } from './CartTotals';
import { CheckoutButton } from './checkout/CheckoutButton';
import { ClearCartButton } from './ClearCartButton';
import { PasteLinksButton } from './PasteLinks';
import { ShipEstimate } from '../warehouse/ShipEstimate';
import { cartMessages } from './messages';
import { estimateItems } from './estimateItems';
import { useCart } from './useCart';
import { useCartCurrency } from './useCartCurrency';

export function CartPage() {
  const t = useT(cartMessages);
  const cart = useCart();
  const currency = useCartCurrency(cart.data);
  const preview = useCartPreview(cart.data?.items);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t('title')}</Title>
        <Group gap="xs">
          <PasteLinksButton />
          {cart.data && cart.data.items.length > 0 ? <ClearCartButton lines={cart.data.items.length} /> : null}
        </Group>
      </Group>
      {cart.isPending || preview.waiting ? (
        <Stack aria-busy="true" aria-label={t('loading')}>
          <Skeleton height={96} />
          <Skeleton height={96} />
        </Stack>
      ) : cart.isError ? (
        <ErrorAlert title={t('loadFailed')} error={cart.error} />
      ) : cart.data.items.length === 0 ? (
        <EmptyState title={t('empty')}>
          {t('emptyBefore')}
          <Anchor href={paths.shop()}>{t('emptyLink')}</Anchor>
          {t('emptyAfter')}
        </EmptyState>
      ) : (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <CartSellerGroups items={cart.data.items} preview={preview.grouping} currency={currency} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm">
              <CartTotals cart={cart.data} currency={currency} preview={preview.current} />
              <ShipEstimate items={estimateItems(cart.data.items)} />
              <CheckoutButton cart={cart.data} />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
