import { Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import type { CartItem } from '../../../api/types';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { useSourceLabel } from '../../shop/messages';
import { TitledSection } from '../../../shared/TitledSection';
import { sellerGroupsOf } from './grouping';
import { checkoutMessages } from './messages';
import { SellerGroupHeading } from './SellerGroupHeading';
import type { OrderPreview } from './queries';

type PricedLine = OrderPreview['lines'][number];

/** A line: its words from the cart (and the remark, which only the cart holds), its price from the preview. */
function Line({ line, priced, pricing, currency }: { line: CartItem; priced: PricedLine | undefined; pricing: boolean; currency: string | undefined }) {
  const fmt = useFormat();
  const t = useT(checkoutMessages);
  return (
    <Group wrap="nowrap" align="flex-start" gap="md" role="listitem" aria-label={`${line.title} (${line.skuName})`}>
      <Image src={line.imageUrl} alt="" w={56} h={56} radius="sm" fit="cover" />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} lineClamp={2}>
          <span translate="no">{line.title}</span>
        </Text>
        <Text size="xs" c="dimmed">
          <span translate="no">{line.skuName}</span>
          {priced ? <> · {t('each', { price: fmt.money(priced.unitPrice, currency) })}</> : null} · {t('quantity', { quantity: line.quantity })}
        </Text>
        {line.remark ? (
          <Text size="xs" c="dimmed" fs="italic">
            {t('lineRemark', { remark: line.remark })}
          </Text>
        ) : null}
      </Stack>
      {priced ? (
        <Text size="sm" fw={600} data-testid="checkout-line-amount">
          {fmt.money(priced.amount, currency)}
        </Text>
      ) : pricing ? (
        <Skeleton height={16} width={64} data-testid="checkout-line-pricing" />
      ) : null}
    </Group>
  );
}

interface Props {
  /** The selected cart lines, in the order the preview was asked for them. */
  lines: readonly CartItem[];
  /** The preview of these lines (undefined while it answers, or when it failed: the summary says why). */
  preview: OrderPreview | undefined;
  /** The preview failed: no price shows, and no placeholder waits for one. */
  previewFailed: boolean;
  currency: string | undefined;
}

/**
 * Every line of the order, grouped by seller (platform + shop) as the preview groups them: one marketplace
 * purchase per group. Each price is the preview's (the cart's price may be older); none is computed here.
 */
export function CheckoutLines({ lines, preview, previewFailed, currency }: Props) {
  const t = useT(checkoutMessages);
  const platformLabel = useSourceLabel();
  const groups = sellerGroupsOf(lines, preview);
  return (
    <TitledSection title={t('lines')}>
      {groups.length > 1 ? (
        <Text size="sm" c="dimmed">
          {t('sellersHint', { count: groups.length })}
        </Text>
      ) : null}
      {/* A group of lists, one per seller (a list may hold only list items: axe's aria-required-children). */}
      <Stack gap="md" role="group" aria-label={t('linesLabel')}>
        {groups.map((group) => {
          const name = group.seller ? t('seller', { platform: platformLabel(group.seller.platform), shop: group.seller.shopName }) : t('sellerUnknown');
          return (
            <Stack key={group.key} gap="sm" data-testid="seller-group">
              <SellerGroupHeading group={group} currency={currency} />
              <Stack gap="sm" role="list" aria-label={name}>
                {group.lines.map(({ line, priced: p }) => (
                  <Line key={line.id} line={line} priced={p} pricing={!previewFailed} currency={currency} />
                ))}
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </TitledSection>
  );
}
