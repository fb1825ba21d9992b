import { Stack, Text } from '@mantine/core';
import type { CartItem } from '../../api/types';
import { useT } from '../../shared/i18n';
import { useSourceLabel } from '../shop/messages';
import { MAX_ORDER_LINES } from '../../../../contract/limits';
import { CartLine } from './CartLine';
import { orderLineOf, sellerGroupsOf } from './checkout/grouping';
import { checkoutMessages } from './checkout/messages';
import { useOrderPreview, type OrderPreview } from './checkout/queries';
import { SellerGroupHeading } from './checkout/SellerGroupHeading';
import { cartMessages } from './messages';

/**
 * The service's preview of every cart line as one order (POST /orders/preview): its seller groups and the
 * domestic shipping known so far. Every line, selected or not, so a line keeps its seller's group when it is
 * ticked or unticked. Undefined while it answers, when it refuses (a line above its stock: the cart says so
 * on the line) or above an order's line limit: the cart then lists its lines ungrouped.
 */
export function useCartPreview(items: readonly CartItem[] | undefined): OrderPreview | undefined {
  const lines = items && items.length > 0 && items.length <= MAX_ORDER_LINES ? items.map(orderLineOf) : null;
  const preview = useOrderPreview(lines ? { items: lines } : null);
  return preview.data && !preview.isPlaceholderData ? preview.data : undefined;
}

/** The cart's lines grouped by seller (platform + shop) as the checkout groups them: one purchase per group. */
export function CartSellerGroups({ items, preview, currency }: { items: readonly CartItem[]; preview: OrderPreview | undefined; currency: string | undefined }) {
  const t = useT(cartMessages);
  const tc = useT(checkoutMessages);
  const platformLabel = useSourceLabel();
  const groups = sellerGroupsOf(items, preview);
  return (
    <Stack gap="md" role="group" aria-label={t('lines')}>
      {groups.length > 1 ? (
        <Text size="sm" c="dimmed">
          {t('sellersHint', { count: groups.length })}
        </Text>
      ) : null}
      {groups.map((group) => (
        <Stack key={group.key} gap="sm" data-testid={group.seller ? 'cart-seller-group' : undefined}>
          {group.seller ? <SellerGroupHeading group={group} currency={currency} /> : null}
          <Stack
            gap="sm"
            role="list"
            aria-label={group.seller ? tc('seller', { platform: platformLabel(group.seller.platform), shop: group.seller.shopName }) : t('ungrouped')}
          >
            {group.lines.map(({ line }) => (
              <CartLine key={line.id} item={line} currency={currency} />
            ))}
          </Stack>
        </Stack>
      ))}
    </Stack>
  );
}
