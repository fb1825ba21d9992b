import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { data, idempotent, openApi } from '../../../api/client';
import { orderKeys } from '../../tracking/queries';

import type { Coupon, MyCoupon } from '../../../../../contract/open/coupons';
import type { NewOrder, OrderPreview } from '../../../../../contract/open/orders';

export type { Coupon, MyCoupon, NewOrder, OrderPreview };

const unusedCouponsKey = ['coupons', 'my', 'unused'] as const;

export function useUnusedCoupons() {
  return useQuery({
    queryKey: unusedCouponsKey,
    queryFn: () => data(openApi().GET('/user/coupons/my', { params: { query: { status: 'unused' } } })),
    staleTime: 0,
  });
}

/**
 * A coupon claimed here joins the unused list at once (the account's useClaimCoupon refetches it; this
 * keeps the claimed coupon selectable even if that refetch fails).
 */
export function useAddClaimedToUnused() {
  const queryClient = useQueryClient();
  return (claimed: MyCoupon) =>
    queryClient.setQueryData<MyCoupon[]>(unusedCouponsKey, (list) => (list ? [claimed, ...list.filter((c) => c.id !== claimed.id)] : [claimed]));
}

/**
 * What POST /orders would charge for this body (POST /orders/preview): the checkout shows these figures and
 * computes none. Keyed under 'wallet' so a top-up or any ledger entry refreshes the wallet-after, and
 * under 'coupons' is not needed: a claim changes the body's coupon or is refetched by the page.
 * `paused`: no request at all (a refresh included) while it is set.
 */
export function useOrderPreview(order: NewOrder | null, { paused = false }: { paused?: boolean } = {}) {
  return useQuery({
    queryKey: ['wallet', 'order-preview', order] as const,
    queryFn: () => data(openApi().POST('/orders/preview', { body: order! })), // enabled only with an order
    // Paused while the order is placed and after: the placement empties the cart and moves the wallet (its
    // refreshes would price lines no longer in the cart: a 422). The last answer stays shown.
    enabled: order !== null && !paused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export { useWalletBalance } from '../../../api/account';
export type { WalletBalance } from '../../../api/account';

/** POST /orders with the intent's Idempotency-Key (see shared/useIntent); the created order seeds the detail page's cache. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, key }: { order: NewOrder; key: string }) => data(openApi().POST('/orders', { body: order, ...idempotent(key) })),
    onSuccess: async (order) => {
      await Promise.all(
        ['orders', 'wallet', 'cart', 'coupons', 'dashboard', 'product'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      );
      queryClient.setQueryData(orderKeys.detail(order.orderNo), order);
    },
    // A refusal (402: the wallet moved since the page loaded) shows the balance as it is now, with the shortfall.
    onError: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
