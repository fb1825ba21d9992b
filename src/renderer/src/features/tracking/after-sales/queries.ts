import { useMutation, useQueryClient } from '@tanstack/react-query';
import { data, idempotent, openApi } from '../../../api/client';

/**
 * After-sales writes. Each moves money: the caller passes the Idempotency-Key of its intent (shared/useIntent),
 * so a double click or a retry of the same request is one request. The order, wallet and dashboard refresh.
 */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => Promise.all(['orders', 'wallet', 'dashboard', 'packages', 'coupons', 'clock'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

export function useSupplementAction(orderNo: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, action, key }: { id: number; action: 'pay' | 'decline'; key: string }) =>
      action === 'pay'
        ? data(openApi().POST('/orders/{id}/supplements/{sid}/pay', { params: { path: { id: orderNo, sid: id } }, ...idempotent(key) }))
        : data(openApi().POST('/orders/{id}/supplements/{sid}/decline', { params: { path: { id: orderNo, sid: id } }, ...idempotent(key) })),
    onSettled: refresh,
  });
}

export function useRequestPhotos(orderNo: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ body, key }: { body: { count: number; note?: string }; key: string }) =>
      data(openApi().POST('/orders/{id}/photo-requests', { params: { path: { id: orderNo } }, body, ...idempotent(key) })),
    onSettled: refresh,
  });
}

export function useRequestReturn(orderNo: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ body, key }: { body: { itemId: number; type: 'return' | 'exchange'; reason: string }; key: string }) =>
      data(openApi().POST('/orders/{id}/returns', { params: { path: { id: orderNo } }, body, ...idempotent(key) })),
    onSettled: refresh,
  });
}
