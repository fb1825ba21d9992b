import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ErrorAlert } from '../../shared/ErrorAlert';
import { useFormat } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { wholeBadgeStyles } from '../../shared/wholeBadge';
import { useTopUps } from './api';
import { topUpMessages } from './topUpMessages';

/**
 * The Wallet page's top-ups still on their way (pending: nothing credited yet) or declined (failed), from
 * GET /user/wallet/top-ups: money the user sent stays visible once the Top up dialog is closed. The figures
 * are the service's (fee, what arrives, when). Nothing is shown when every recent top-up has arrived.
 */
export function TopUpsInFlight() {
  const t = useT(topUpMessages);
  const fmt = useFormat();
  const topUps = useTopUps();
  if (topUps.isPending) return <Skeleton height={60} radius="md" />;
  if (topUps.isError) return <ErrorAlert title={t('listError')} error={topUps.error} />;
  const open = topUps.data.items.filter((topUp) => topUp.status !== 'succeeded');
  if (open.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" role="region" aria-label={t('listTitle')}>
      <Title order={3} size="h4" mb="sm">
        {t('listTitle')}
      </Title>
      <Stack gap="xs" role="list">
        {open.map((topUp) => (
          <Alert
            key={topUp.id}
            role="listitem"
            variant="light"
            color={topUp.status === 'pending' ? 'yellow' : 'red'}
            data-testid={`top-up-${topUp.id}`}
            title={
              <Group gap="xs">
                <span>{t('result', { id: topUp.id })}</span>
                <Badge variant="light" color={topUp.status === 'pending' ? 'yellow' : 'red'} radius="sm" styles={wholeBadgeStyles}>
                  {t(`status_${topUp.status}`)}
                </Badge>
              </Group>
            }
          >
            <Text size="sm">
              {t('listPaid', { amount: fmt.moneyOnly(topUp.amount, topUp.currency), method: t(`method_${topUp.method}`) })}
              {topUp.status === 'pending'
                ? ` · ${t('listArrives', { amount: fmt.moneyOnly(topUp.credited, topUp.ledgerCurrency) })} (${t('listFee', { amount: fmt.moneyOnly(topUp.fee, topUp.ledgerCurrency) })})`
                : null}
            </Text>
            <Text size="xs" c="dimmed">
              {t('listMade', { date: fmt.date(topUp.createdAt) })}
              {topUp.status === 'pending' && topUp.expectedAt ? ` · ${t('expectedAt', { date: fmt.date(topUp.expectedAt) })}` : null}
            </Text>
            {topUp.status === 'failed' && topUp.failureReason ? (
              <Text size="xs" translate="no">
                {t('reason', { reason: topUp.failureReason })}
              </Text>
            ) : null}
          </Alert>
        ))}
      </Stack>
    </Paper>
  );
}
