import { Alert, Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../api/client';
import { ErrorAlert } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { CheckoutSection } from './CheckoutSection';
import { checkoutMessages } from './messages';
import { balanceAfterCents, fromCents, type PricePreview } from './pricing';
import type { WalletBalance } from './queries';
import { WalletTopUp } from './WalletTopUp';

function Row({ label, value, strong, color, testId }: { label: string; value: string; strong?: boolean; color?: string; testId: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} c={color} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

interface Props {
  preview: PricePreview;
  currency: string | undefined;
  wallet: { data?: WalletBalance | undefined; isPending: boolean; isError: boolean; error: unknown };
  placing: boolean;
  canPlace: boolean;
  placeError: unknown;
  onPlace: () => void;
}

/**
 * The preview (in cents), the wallet, and the Place order button with the service's answer when it refuses.
 * A wallet that does not cover the total disables the button and shows the shortfall with a top-up in place;
 * a 402 at the click (the wallet moved meanwhile) is still answered, pointing at that same top-up.
 */
export function CheckoutSummary({ preview, currency, wallet, placing, canPlace, placeError, onPlace }: Props) {
  const fmt = useFormat();
  const t = useT(checkoutMessages);
  const money = (cents: number) => fmt.money(fromCents(cents), currency);
  const after = wallet.data ? balanceAfterCents(wallet.data.availableBalance, preview.total) : null;

  return (
    <CheckoutSection title={t('summary')}>
      <Row label={t('subtotal')} value={money(preview.subtotal)} testId="checkout-subtotal" />
      <Row label={t('discount')} value={preview.discount > 0 ? `−${money(preview.discount)}` : money(0)} color={preview.discount > 0 ? 'green' : undefined} testId="checkout-discount" />
      <Row label={t('serviceFee')} value={money(preview.serviceFee)} testId="checkout-service-fee" />
      <Divider />
      <Row label={t('total')} value={money(preview.total)} strong testId="checkout-total" />
      <Text size="xs" c="dimmed">
        {t('estimate')}
      </Text>
      <Divider />
      {wallet.isPending ? (
        <Skeleton height={40} />
      ) : wallet.isError || !wallet.data || after === null ? (
        <ErrorAlert title={t('walletFailed')} error={wallet.error} />
      ) : (
        <Stack gap={4}>
          <Row label={t('wallet')} value={fmt.money(wallet.data.availableBalance, currency ?? wallet.data.currency)} testId="checkout-available" />
          <Row
            label={t('balanceAfter')}
            value={fmt.money(fromCents(after), currency ?? wallet.data.currency)}
            color={after < 0 ? 'red' : undefined}
            testId="checkout-balance-after"
          />
          {after < 0 ? <WalletTopUp shortfall={-after} currency={currency ?? wallet.data.currency} /> : null}
        </Stack>
      )}
      {placeError instanceof ApiError && placeError.statusCode === 402 ? (
        <Alert color="red" variant="light" title={t('insufficientTitle')} role="alert">
          <Text size="sm">{placeError.message}</Text>
          <Text size="sm" mt={4}>
            {t('insufficientHint')}
          </Text>
        </Alert>
      ) : placeError ? (
        <ErrorAlert title={t('failed')} error={placeError} />
      ) : null}
      <Button size="md" onClick={onPlace} loading={placing} disabled={!canPlace || (after !== null && after < 0)} fullWidth>
        {t('place')}
      </Button>
    </CheckoutSection>
  );
}
