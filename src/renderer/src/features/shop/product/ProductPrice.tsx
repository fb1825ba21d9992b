import { Text } from '@mantine/core';
import type { Product, Sku } from '../../../api/types';
import { useT } from '../../../shared/i18n';
import { formatMoney } from '../../../shared/money';
import { productMessages } from '../messages';
import { priceRange } from './skuOptions';

/**
 * The headline price: the chosen SKU's own price; before a choice, "from" the lowest when the SKUs'
 * prices differ (the product's `price` is the lowest SKU price, never what a dearer variant costs).
 */
export function ProductPrice({ product, sku }: { product: Product; sku: Sku | null }) {
  const t = useT(productMessages);
  const { min, max } = priceRange(product.skus, product.price);
  const text = sku
    ? formatMoney(sku.price, product.currency)
    : min === max
      ? formatMoney(min, product.currency)
      : t('priceFrom', { amount: formatMoney(min, product.currency) });
  return (
    <Text size="xl" fw={700} c="orange.7" data-testid="product-price" aria-live="polite">
      {text}
    </Text>
  );
}
