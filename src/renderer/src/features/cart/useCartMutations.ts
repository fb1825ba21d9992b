import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { AddToCartInput, Cart, CartItemPatch } from '../../api/types';
import { cartKey } from './useCart';

/** Every cart change refetches the cart: totals are the service's to compute. */
function useInvalidateCart() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cartKey });
}

export function useAddToCart() {
  const invalidate = useInvalidateCart();
  return useMutation({
    mutationFn: ({ input, key }: { input: AddToCartInput; key: string }) => api().cart.add(input, key),
    onSuccess: invalidate,
  });
}

/** The line changes on screen at once (optimistic); the totals follow when the service has answered. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCart();
  return useMutation({
    mutationFn: ({ itemId, patch }: { itemId: number; patch: CartItemPatch }) => api().cart.update(itemId, patch),
    onMutate: async ({ itemId, patch }) => {
      await queryClient.cancelQueries({ queryKey: cartKey });
      const before = queryClient.getQueryData<Cart>(cartKey);
      if (before) {
        queryClient.setQueryData<Cart>(cartKey, {
          ...before,
          items: before.items.map((item) => (item.id === itemId ? { ...item, ...patch } : item)),
        });
      }
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context?.before) queryClient.setQueryData(cartKey, context.before);
    },
    onSettled: invalidate,
  });
}

export function useRemoveCartItem() {
  const invalidate = useInvalidateCart();
  return useMutation({ mutationFn: (itemId: number) => api().cart.remove(itemId), onSettled: invalidate });
}

export function useClearCart() {
  const invalidate = useInvalidateCart();
  return useMutation({ mutationFn: () => api().cart.clear(), onSettled: invalidate });
}
