import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { useWalletBalance } from './api';
import { commonMessages } from './messages';

function Card({ label, hint, amount, currency, color }: { label: string; hint: string; amount: number; currency: string; color?: string }) {
  const fmt = useFormat();
  return (
    // The amount's size follows the card's width (a container query), and a longer one wraps: at three
    // cards in a 900 px window, CN¥10,020.23 at 26 px ran out of its card and the page scrolled sideways.
    <Paper withBorder radius="md" p="md" role="group" aria-label={label} style={{ containerType: 'inline-size' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={700} c={color} style={{ fontSize: 'min(26px, 14cqi)', overflowWrap: 'anywhere' }}>
        {fmt.money(amount, currency)}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/** Balance, frozen and available, from GET /user/wallet/balance. */
export function BalanceCards() {
  const t = useT(commonMessages);
  const balance = useWalletBalance();
  if (balance.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 3 }} aria-busy="true">
        <Skeleton height={96} />
        <Skeleton height={96} />
        <Skeleton height={96} />
      </SimpleGrid>
    );
  }
  if (balance.isError) return <ErrorAlert title={t('balanceError')} error={balance.error} />;
  const { currency } = balance.data;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} role="region" aria-label={t('cardsLabel')}>
      <Card label={t('balance')} hint={t('balanceHint')} amount={balance.data.balance} currency={currency} />
      <Card label={t('frozen')} hint={t('frozenHint')} amount={balance.data.frozenBalance} currency={currency} color={balance.data.frozenBalance > 0 ? 'orange' : undefined} />
      <Card label={t('available')} hint={t('availableHint')} amount={balance.data.availableBalance} currency={currency} color="teal" />
    </SimpleGrid>
  );
}
