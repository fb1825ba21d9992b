import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { useIntent } from '../../../shared/useIntent';
import { checkoutMessages } from './messages';
import { useWalletEntry } from '../../admin/work/mutations';

interface Props {
  /** What the available balance lacks for this order (> 0), as the order preview says. */
  shortfall: number;
  currency: string;
}

/**
 * The shortfall before the click, and the way out in place (issue 17 item 11): a top-up of exactly what is
 * missing, the operator's deposit. One Idempotency-Key per intent: a double click deposits once.
 */
export function WalletTopUp({ shortfall, currency }: Props) {
  const fmt = useFormat();
  const t = useT(checkoutMessages);
  // The operator's deposit (POST /admin/wallet/deposit), the back office's own mutation: the person at the app
  // is both the shopper and the operator. The key is the intent's, so a double click or a retry credits once.
  const topUp = useWalletEntry('deposit');
  const amount = shortfall;
  const missing = fmt.money(amount, currency);
  const intent = useIntent({ topUp: shortfall });

  const onTopUp = () =>
    intent.run((key, done) =>
      topUp.mutate(
        { body: { amount, note: t('topUpNote') }, key },
        {
          onError: () => done(false),
          onSuccess: (result) => {
            done(true);
            notifications.show({
              color: 'green',
              message: t('toppedUp', { amount: fmt.money(result.amount, result.currency), balance: fmt.money(result.availableBalance, result.currency) }),
            });
          },
        },
      ),
    );

  return (
    <Stack gap={6} data-testid="checkout-shortfall">
      <Text size="sm" c="red" role="status">
        {t('short', { missing })}
      </Text>
      <Button variant="light" color="teal" onClick={onTopUp} loading={topUp.isPending || intent.busy}>
        {t('topUp', { amount: missing })}
      </Button>
      {topUp.error ? <ErrorAlert title={t('topUpFailed')} error={topUp.error} /> : null}
    </Stack>
  );
}
