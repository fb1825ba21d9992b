import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { data, idempotent, openApi } from '../../api/client';
import type { Page } from '../../api/types';
import { ORDER_STATUSES, type RefundResult, type OrderListItem, type OrderStatus } from './types';

/**
 * Every key starts with 'orders': the service's order events invalidate them all (app/useLiveUpdates.ts),
 * so nothing here polls.
 */
export const orderKeys = {
  list: (status: OrderStatus | null, page: number, limit: number) => ['orders', 'list', status ?? 'all', page, limit] as const,
  count: (status: OrderStatus | null) => ['orders', 'count', status ?? 'all'] as const,
  detail: (orderNo: string) => ['orders', 'detail', orderNo] as const,
  logistics: (orderNo: string) => ['orders', 'logistics', orderNo] as const,
  inspection: (orderNo: string) => ['orders', 'inspection', orderNo] as const,
};


export const fetchOrder = (orderNo: string) => data(openApi().GET('/orders/{id}', { params: { path: { id: orderNo } } }));

export function useOrderList(status: OrderStatus | null, page: number, limit: number) {
  return useQuery({
    queryKey: orderKeys.list(status, page, limit),
    queryFn: () => data(openApi().GET('/orders', { params: { query: { status: status ?? undefined, page, limit } } })),
    placeholderData: (previous) => previous,
  });
}

/** The number of orders in each status (and in all): the `total` of a one-item page of each. */
export interface OrderCounts {
  counts: Record<OrderStatus | 'all', number | undefined>;
  /** Whose read has not answered yet (a count still loading, not one that failed). */
  pending: Record<OrderStatus | 'all', boolean>;
  /** The first of the reads that failed, if one did. */
  error: Error | null;
}

/**
 * The order counts of the orders page's tabs and the dashboard: eleven reads, each sent in a task of its own
 * by the page's transport (api/inOwnTask.ts), so a page mounting with them stays responsive.
 */
export function useOrderCounts(): OrderCounts {
  const statuses: (OrderStatus | null)[] = [null, ...ORDER_STATUSES];
  const results = useQueries({
    queries: statuses.map((status) => ({
      queryKey: orderKeys.count(status),
      queryFn: () => data(openApi().GET('/orders', { params: { query: { status: status ?? undefined, limit: 1 } } })),
      select: (page: Page<OrderListItem>) => page.total,
    })),
  });
  const counts = {} as Record<OrderStatus | 'all', number | undefined>;
  const pending = {} as Record<OrderStatus | 'all', boolean>;
  statuses.forEach((status, index) => {
    counts[status ?? 'all'] = results[index]?.data;
    pending[status ?? 'all'] = results[index]?.isPending ?? true;
  });
  return { counts, pending, error: results.find((result) => result.isError)?.error ?? null };
}

export function useOrder(orderNo: string) {
  return useQuery({ queryKey: orderKeys.detail(orderNo), queryFn: () => fetchOrder(orderNo) });
}

export function useOrderLogistics(orderNo: string) {
  return useQuery({ queryKey: orderKeys.logistics(orderNo), queryFn: () => data(openApi().GET('/orders/{id}/logistics', { params: { path: { id: orderNo } } })) });
}

export function useOrderInspection(orderNo: string, enabled: boolean) {
  return useQuery({
    queryKey: orderKeys.inspection(orderNo),
    queryFn: () => data(openApi().GET('/orders/{id}/inspection', { params: { path: { id: orderNo } } })),
    enabled,
  });
}

/**
 * Cancels with a fresh Idempotency-Key per click; the refund shows in the wallet, the coupon comes back.
 * `onCancelled` runs at the hook level: the cancel button unmounts as soon as the refetched order reads
 * cancelled (a live event can win that race), and callbacks given to `mutate` would then never fire.
 */
export function useCancelOrder(orderNo: string, onCancelled?: (result: RefundResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      data(openApi().POST('/orders/{id}/cancel', { params: { path: { id: orderNo } }, body: reason ? { reason } : {}, ...idempotent() })),
    onSuccess: (result) => onCancelled?.(result),
    onSettled: () =>
      Promise.all(
        ['orders', 'wallet', 'coupons', 'dashboard', 'product'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}

/**
 * The coupon an order used, by its catalog id, from the user's own coupons (a handful; the same list the
 * coupons page reads), so the order can name it instead of showing its number.
 */
export function useOrderCoupon(couponId: number | null) {
  return useQuery({
    queryKey: ['coupons', 'mine-all'],
    queryFn: () => data(openApi().GET('/user/coupons/my')),
    enabled: couponId !== null,
    select: (coupons) => coupons.find((coupon) => coupon.id === couponId) ?? null,
  });
}
