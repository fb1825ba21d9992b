import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Cart } from '../../api/types';
import type { OrderPreview } from './checkout/queries';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { cartMessages } from './messages';

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The cart's figures as the service gives them; the domestic shipping known so far from its order preview. */
export function CartTotals({ cart, currency, preview }: { cart: Cart; currency?: string | undefined; preview: OrderPreview | undefined }) {
  const fmt = useFormat();
  const t = useT(cartMessages);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cart-totals-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="cart-totals-title">
          {t('totals')}
        </Title>
        <Row label={t('items')} value={String(cart.totalItems)} />
        <Row label={t('total')} value={fmt.money(cart.totalAmount, currency)} />
        <Divider />
        <Row label={t('selectedItems')} value={String(cart.selectedItems)} />
        <Row label={t('selectedAmount')} value={fmt.money(cart.selectedAmount, currency)} strong />
        {preview ? (
          <>
            <Divider />
            <Row label={t('domesticFreight')} value={fmt.money(preview.domesticFreight, preview.currency)} testId="cart-domestic-freight" />
            <Text size="xs" c="dimmed">
              {t('domesticFreightHint')}
            </Text>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
