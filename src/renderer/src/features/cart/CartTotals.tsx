import { Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Cart } from '../../api/types';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { cartMessages } from './messages';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  );
}

export function CartTotals({ cart, currency }: { cart: Cart; currency?: string | undefined }) {
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
      </Stack>
    </Paper>
  );
}
