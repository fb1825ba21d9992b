import { Stack, Text } from '@mantine/core';
import { useRef } from 'react';
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

/** The cart's preview, and what its lines are grouped by (see useCartPreview). */
export interface CartPreview {
  /** The service's preview of the cart as it is now; undefined while it answers or when it refuses. */
  current: OrderPreview | undefined;
  /**
   * The last preview that answered, which the lines are grouped by: a line's seller does not change with
   * its quantity, and regrouping while a new preview answers (or when it refuses a quantity above the
   * stock) would move each line under another parent, so its input would lose what was being typed.
   */
  grouping: OrderPreview | undefined;
  /** The first preview has not answered yet: the lines wait for it rather than appear and then regroup. */
  waiting: boolean;
}

/**
 * The service's preview of every cart line as one order (POST /orders/preview): its seller groups and the
 * domestic shipping known so far. Every line, selected or not, so a line keeps its seller's group when it is
 * ticked or unticked. Without one (it refuses a line above its stock, or the cart is above an order's line
 * limit) the cart lists its lines ungrouped.
 */
export function useCartPreview(items: readonly CartItem[] | undefined): CartPreview {
  const lines = items && items.length > 0 && items.length <= MAX_ORDER_LINES ? items.map(orderLineOf) : null;
  const preview = useOrderPreview(lines ? { items: lines } : null);
  const current = preview.data && !preview.isPlaceholderData ? preview.data : undefined;
  const answered = useRef<OrderPreview | undefined>(undefined);
  if (current) answered.current = current;
  return { current, grouping: current ?? answered.current, waiting: lines !== null && answered.current === undefined && preview.isPending };
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
