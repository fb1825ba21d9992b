import { Button, Stack, Text } from '@mantine/core';
import type { Cart } from '../../../api/types';
import { navigate } from '../../../app/router';
import { useT } from '../../../shared/i18n';
import { checkoutMessages } from './messages';

export const CHECKOUT_HASH = '#/checkout';

/** The cart's way to the checkout, for the lines selected there. */
export function CheckoutButton({ cart }: { cart: Cart }) {
  const t = useT(checkoutMessages);
  const none = cart.selectedItems === 0;
  return (
    <Stack gap={4}>
      <Button size="md" fullWidth disabled={none} onClick={() => navigate(CHECKOUT_HASH)}>
        {t('cartButton')}
      </Button>
      {none ? (
        <Text size="xs" c="dimmed" ta="center">
          {t('cartButtonHint')}
        </Text>
      ) : null}
    </Stack>
  );
}
