import { Card, Group, Image, Text } from '@mantine/core';
import type { Product } from '../../api/types';
import { paths } from '../../app/router';
import { formatMoney } from '../../shared/money';
import classes from './ProductCard.module.css';
import { PlatformBadge } from './PlatformBadge';

export function ProductCard({ product }: { product: Product }) {
  return (
    <Card withBorder padding="sm" className={classes.card}>
      <Card.Section>
        <Image src={product.imageUrl} alt="" h={180} fit="cover" loading="lazy" />
      </Card.Section>
      <Text component="h3" fw={600} size="sm" mt="sm" lineClamp={2}>
        <a href={paths.product(product.id)} className={classes.link}>
          {product.title}
        </a>
      </Text>
      <Group justify="space-between" mt="xs" wrap="nowrap">
        <Text fw={700} c="orange.7">
          {formatMoney(product.price, product.currency)}
        </Text>
        <PlatformBadge platform={product.platform} />
      </Group>
      <Text size="xs" c="dimmed" mt={4} truncate>
        {product.shopName}
      </Text>
    </Card>
  );
}
