import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n';
import { lineAmount, useFormat } from '../../../shared/format';
import { useSourceLabel } from '../../shop/messages';
import { detailMessages } from '../messages';
import type { OrderDetail } from '../types';
import { Section } from './Section';

export function OrderItems({ order }: { order: OrderDetail }) {
  const fmt = useFormat();
  const t = useT(detailMessages);
  const platformLabel = useSourceLabel();
  return (
    <Section title={t('items')}>
      <Stack gap="sm" role="list" aria-label={t('itemsLabel')}>
        {order.items.map((item, index) => (
          <Group key={`${item.productId}-${item.skuId}-${index}`} wrap="nowrap" align="flex-start" gap="md" role="listitem" aria-label={`${item.title} (${item.skuName})`}>
            {item.imageUrl ? <Image src={item.imageUrl} alt="" w={56} h={56} radius="sm" fit="cover" /> : null}
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Anchor href={`#/product/${item.productId}`} size="sm" fw={600} lineClamp={2}>
                <span translate="no">{item.title}</span>
              </Anchor>
              <Text size="xs" c="dimmed">
                <span translate="no">{item.skuName}</span> · {t('each', { price: fmt.money(item.price, order.currency) })} · {t('quantity', { quantity: item.quantity })}
              </Text>
              {/* v1.1: a mixed order buys from several sellers; each line says which, and its purchase number. */}
              <Text size="xs" c="dimmed" data-testid="line-seller">
                {platformLabel(item.platform)} · <span translate="no">{item.shopName}</span>
                {item.marketplaceOrderNo ? ` · ${t('marketplaceOrderNo', { number: item.marketplaceOrderNo })}` : ''}
              </Text>
              {item.remark ? (
                <Text size="xs" c="dimmed" fs="italic">
                  {t('lineRemark', { remark: item.remark })}
                </Text>
              ) : null}
            </Stack>
            <Text size="sm" fw={600}>
              {fmt.money(lineAmount(item.price, item.quantity), order.currency)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Section>
  );
}
