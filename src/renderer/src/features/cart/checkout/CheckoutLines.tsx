import { Badge, Group, Image, Stack, Text } from '@mantine/core';
import type { CartItem } from '../../../api/types';
import { useT } from '../../../shared/i18n';
import { lineAmount, useFormat } from '../../../shared/format';
import { useSourceLabel } from '../../shop/messages';
import { CheckoutSection } from './CheckoutSection';
import type { SellerLines } from './grouping';
import { checkoutMessages } from './messages';

function Line({ line, currency }: { line: CartItem; currency: string | undefined }) {
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
          <span translate="no">{line.skuName}</span> · {t('each', { price: fmt.money(line.price, currency) })} · {t('quantity', { quantity: line.quantity })}
        </Text>
        {line.remark ? (
          <Text size="xs" c="dimmed" fs="italic">
            {t('lineRemark', { remark: line.remark })}
          </Text>
        ) : null}
      </Stack>
      <Text size="sm" fw={600}>
        {fmt.money(lineAmount(line.price, line.quantity), currency)}
      </Text>
    </Group>
  );
}

/** Every line of the order, grouped by seller (platform + shop): one marketplace purchase per group. */
export function CheckoutLines({ groups, currency }: { groups: SellerLines<CartItem>[]; currency: string | undefined }) {
  const t = useT(checkoutMessages);
  const platformLabel = useSourceLabel();
  return (
    <CheckoutSection title={t('lines')}>
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
            <Stack key={name} gap="sm" data-testid="seller-group">
              <Group gap="xs">
                {group.seller ? (
                  <Badge variant="light" size="sm">
                    {platformLabel(group.seller.platform)}
                  </Badge>
                ) : null}
                <Text size="sm" fw={500}>
                  {group.seller ? group.seller.shopName : t('sellerUnknown')}
                </Text>
              </Group>
              <Stack gap="sm" role="list" aria-label={name}>
                {group.lines.map((line) => (
                  <Line key={line.id} line={line} currency={currency} />
                ))}
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </CheckoutSection>
  );
}
