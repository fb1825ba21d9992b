import { Badge, Group, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { useSourceLabel } from '../../shop/messages';
import type { SellerLines } from './grouping';
import { checkoutMessages } from './messages';

/**
 * A seller group's heading in the cart and the checkout: platform, shop, and the domestic shipping to the
 * warehouse known so far, as the service says it (null: the seller has not asked for any yet).
 */
export function SellerGroupHeading({ group, currency }: { group: SellerLines<unknown>; currency: string | undefined }) {
  const t = useT(checkoutMessages);
  const fmt = useFormat();
  const platformLabel = useSourceLabel();
  const seller = group.seller;
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Group gap="xs">
        {seller ? (
          <Badge variant="light" size="sm">
            {platformLabel(seller.platform)}
          </Badge>
        ) : null}
        <Text size="sm" fw={500}>
          {seller ? <span translate="no">{seller.shopName}</span> : t('sellerUnknown')}
        </Text>
      </Group>
      {seller ? (
        <Text size="xs" c="dimmed" data-testid="seller-domestic-freight">
          {seller.domesticFreight === null
            ? t('sellerFreightUnknown')
            : t('sellerFreight', { amount: fmt.money(seller.domesticFreight, currency) })}
        </Text>
      ) : null}
    </Group>
  );
}
