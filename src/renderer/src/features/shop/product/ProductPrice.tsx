import { Text } from '@mantine/core';
import type { Product, Sku } from '../../../api/types';
import { useT } from '../../../shared/i18n';
import { useFormat } from '../../../shared/format';
import { productMessages } from '../messages';
import { priceRange } from './skuOptions';

/**
 * The headline price: the chosen SKU's own price; before a choice, "from" the lowest when the SKUs'
 * prices differ (the product's `price` is the lowest SKU price, never what a dearer variant costs).
 */
export function ProductPrice({ product, sku }: { product: Product; sku: Sku | null }) {
  const fmt = useFormat();
  const t = useT(productMessages);
  const { min, max } = priceRange(product.skus, product.price);
  const text = sku
    ? fmt.money(sku.price, product.currency)
    : min === max
      ? fmt.money(min, product.currency)
      : t('priceFrom', { amount: fmt.money(min, product.currency) });
  return (
    <Text size="xl" fw={700} c="orange" data-testid="product-price" aria-live="polite">
      {text}
    </Text>
  );
}
