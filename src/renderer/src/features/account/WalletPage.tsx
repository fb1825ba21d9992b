import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { ExportCsvButton } from '../../shared/ExportCsvButton';
import { useT } from '../../shared/i18n';
import { useLedgerCurrency } from './api';
import { BalanceCards } from './BalanceCards';
import { walletMessages } from './messages';
import { TransactionsTable } from './TransactionsTable';
import { TopUpButton } from './TopUpDialog';
import { TopUpsInFlight } from './TopUpsInFlight';

// The chart library (recharts) is large: a chunk of its own, loaded when the wallet opens.
const SpendingChart = lazy(() => import('./SpendingChart').then((m) => ({ default: m.SpendingChart })));

export function WalletPage() {
  const t = useT(walletMessages);
  const currency = useLedgerCurrency();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <Title order={2}>{t('title')}</Title>
          <Text size="sm" c="dimmed">
            {t('deposits')}
          </Text>
        </Stack>
        <Group gap="xs">
          <TopUpButton />
          <ExportCsvButton kind="transactions" />
        </Group>
      </Group>
      <BalanceCards />
      <TopUpsInFlight />
      <Suspense fallback={<Skeleton height={290} radius="md" />}>
        <SpendingChart currency={currency} />
      </Suspense>
      <TransactionsTable />
    </Stack>
  );
}
