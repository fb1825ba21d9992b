import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { useSpendingTransactions } from './api';
import { spendingByDay, totalSpent } from './logic';
import { walletMessages } from './messages';

/** 'YYYY-MM-DD' as a local date, for labels. */
function dayDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

/** Purchases and fees per day, net of their refunds, over the latest transactions (up to five pages of 100), as bars. */
export function SpendingChart({ currency }: { currency: string }) {
  const fmt = useFormat();
  const t = useT(walletMessages);
  const transactions = useSpendingTransactions(5);
  const days = useMemo(() => spendingByDay(transactions.data ?? []), [transactions.data]);
  const dayLabel = (day: string) => fmt.date(dayDate(day), 'monthDay');

  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('spendingTitle')}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={3} size="h4">
          {t('spendingTitle')}
        </Title>
        {days.length > 0 ? (
          <Text size="sm" c="dimmed">
            {t('spendingTotal', { amount: fmt.money(totalSpent(days), currency), days: days.length })}
          </Text>
        ) : null}
      </Group>
      {transactions.isPending ? (
        <Skeleton height={220} />
      ) : transactions.isError ? (
        <ErrorAlert title={t('spendingError')} error={transactions.error} />
      ) : days.length === 0 ? (
        <Text c="dimmed">{t('spendingNone')}</Text>
      ) : (
        <>
          <BarChart
            h={220}
            data={days.map((d) => ({ ...d, label: dayLabel(d.day) }))}
            dataKey="label"
            series={[{ name: 'spent', color: 'orange.6', label: t('spendingSeries') }]}
            valueFormatter={(value) => fmt.money(value, currency)}
            yAxisProps={{ tickFormatter: (value: number) => fmt.number(value, { notation: 'compact' }), width: 48 }}
            tickLine="y"
            maxBarWidth={28}
          />
          <Text size="xs" c="dimmed" mt={4}>
            {t('spendingNote', { count: transactions.data.length })}
          </Text>
        </>
      )}
    </Paper>
  );
}
