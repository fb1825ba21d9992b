import { Alert, Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { CrossbuyError } from '../../../api/client';
import { ErrorAlert, useErrorText } from '../../../shared/ErrorAlert';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { TitledSection } from '../../../shared/TitledSection';
import { checkoutMessages } from './messages';
import type { OrderPreview } from './queries';
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
  /** The service's price of this order (POST /orders/preview); undefined while it answers. */
  preview: OrderPreview | undefined;
  previewError: unknown;
  currency: string | undefined;
  placing: boolean;
  canPlace: boolean;
  placeError: unknown;
  onPlace: () => void;
}

/**
 * The preview (its amounts as the API answers them), the wallet, and the Place order button with the service's answer when it refuses.
 * A wallet that does not cover the total disables the button and shows the shortfall with a top-up in place;
 * a 402 at the click (the wallet moved meanwhile) is still answered, pointing at that same top-up.
 */
export function CheckoutSummary({ preview, previewError, currency, placing, canPlace, placeError, onPlace }: Props) {
  const fmt = useFormat();
  const t = useT(checkoutMessages);
  const errorText = useErrorText();
  const money = (amount: number) => fmt.money(amount, preview?.currency ?? currency);
  const wallet = preview?.wallet;

  return (
    <TitledSection title={t('summary')}>
      {previewError && !preview ? (
        <ErrorAlert title={t('previewFailed')} error={previewError} />
      ) : !preview || !wallet ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('pricing')}>
          <Skeleton height={20} />
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      ) : (
        <>
          <Row label={t('subtotal')} value={money(preview.subtotal)} testId="checkout-subtotal" />
          <Row label={t('discount')} value={preview.discount > 0 ? `−${money(preview.discount)}` : money(0)} color={preview.discount > 0 ? 'green' : undefined} testId="checkout-discount" />
          <Row label={t('serviceFeeAt', { rate: fmt.number(preview.serviceFeeRate) })} value={money(preview.serviceFee)} testId="checkout-service-fee" />
          <Row label={t('domesticFreight')} value={money(preview.domesticFreight)} testId="checkout-domestic-freight" />
          <Text size="xs" c="dimmed">
            {t('domesticFreightLater')}
          </Text>
          <Divider />
          <Row label={t('total')} value={money(preview.totalAmount)} strong testId="checkout-total" />
          <Text size="xs" c="dimmed">
            {t('estimate')}
          </Text>
          <Divider />
          <Stack gap={4}>
            <Row label={t('wallet')} value={money(wallet.availableBalance)} testId="checkout-available" />
            <Row label={t('balanceAfter')} value={money(wallet.availableAfter)} color={wallet.sufficient ? undefined : 'red'} testId="checkout-balance-after" />
            {!wallet.sufficient ? <WalletTopUp shortfall={wallet.shortfall} currency={preview.currency} /> : null}
          </Stack>
        </>
      )}
      {placeError instanceof CrossbuyError && placeError.statusCode === 402 ? (
        <Alert color="red" variant="light" title={t('insufficientTitle')} role="alert">
          <Text size="sm">{errorText(placeError).summary ?? placeError.message}</Text>
          <Text size="sm" mt={4}>
            {t('insufficientHint')}
          </Text>
        </Alert>
      ) : placeError ? (
        <ErrorAlert title={t('failed')} error={placeError} />
      ) : null}
      <Button size="md" onClick={onPlace} loading={placing} disabled={!canPlace || wallet?.sufficient !== true} fullWidth>
        {t('place')}
      </Button>
    </TitledSection>
  );
}
