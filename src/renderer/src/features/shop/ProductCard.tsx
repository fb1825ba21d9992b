import { Card, Group, Image, Text } from '@mantine/core';
import { memo } from 'react';
import type { Product } from '../../api/types';
import { paths } from '../../app/router';
import { useT } from '../../shared/i18n';
import { useFormat } from '../../shared/format';
import { productMessages } from './messages';
import { priceRange } from './product/skuOptions';
import classes from './ProductCard.module.css';
import { PlatformBadge } from './PlatformBadge';

/** Memoised: the results' urgent render (before the deferred one) reuses the cards it already has. */
export const ProductCard = memo(function ProductCard({ product }: { product: Product }) {
  const fmt = useFormat();
  const t = useT(productMessages);
  // The lowest SKU price is only a starting price when the variants cost different amounts.
  const { min, max } = priceRange(product.skus, product.price);
  const price = fmt.money(min, product.currency);
  return (
    <Card withBorder padding="sm" className={classes.card}>
      <Card.Section>
        <Image src={product.imageUrl} alt="" h={180} fit="cover" loading="lazy" />
      </Card.Section>
      <Text component="h3" fw={600} size="sm" mt="sm" lineClamp={2}>
        <a href={paths.product(product.id)} className={classes.link}>
          <span translate="no">{product.title}</span>
        </a>
      </Text>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Text fw={700} c="orange" data-testid="card-price">
          {min === max ? price : t('priceFrom', { amount: price })}
        </Text>
        <PlatformBadge platform={product.platform} />
      </Group>
      <Text size="xs" c="dimmed" mt={4} truncate>
        <span translate="no">{product.shopName}</span>
      </Text>
    </Card>
  );
});
