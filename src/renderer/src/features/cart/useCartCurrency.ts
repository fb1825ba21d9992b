import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { Cart } from '../../api/types';
import { productKey } from '../shop/product/useProduct';

/**
 * The cart envelope carries no currency (api-v1.md); the installation has one ledger currency, which every
 * product carries. Until the envelope gains `currency`, it is read from the first line's product (cached).
 */
export function useCartCurrency(cart: Cart | undefined): string | undefined {
  const productId = cart?.items[0]?.productId;
  const product = useQuery({
    queryKey: productKey(productId ?? 0),
    queryFn: () => api().products.get(productId!),
    enabled: cart !== undefined && !cart.currency && productId !== undefined,
    staleTime: Infinity,
  });
  return cart?.currency ?? product.data?.currency;
}
