import { Alert, Anchor, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { data, openApi } from '../../../api/client';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { orderHash } from '../status';
import { afterSalesMessages } from './messages';

/**
 * The dashboard's "amount due" banner: orders waiting for a supplement. Supplements exist only while an
 * order is paid (not yet bought), so one page of paid orders is enough; the list carries amountDue.
 */
export function DashboardDueBanner() {
  const fmt = useFormat();
  const t = useT(afterSalesMessages);
  const paid = useQuery({
    queryKey: ['orders', 'due'],
    queryFn: () => data(openApi().GET('/orders', { params: { query: { status: 'paid', limit: 100 } } })),
  });
  const due = (paid.data?.items ?? []).filter((o) => o.amountDue > 0);
  if (due.length === 0) return null;
  const currency = due[0]!.currency;
  const total = due.reduce((sum, o) => sum + Math.round(o.amountDue * 100), 0) / 100;
  return (
    <Alert color="yellow" variant="light" title={t('dueTitle', { amount: fmt.money(total, currency) })} data-testid="dashboard-amount-due" role="alert">
      <Stack gap={2}>
        {due.map((o) => (
          <Anchor key={o.orderNo} href={orderHash(o.orderNo)} size="sm">
            {o.orderNo}: {fmt.money(o.amountDue, o.currency)}
          </Anchor>
        ))}
      </Stack>
    </Alert>
  );
}
