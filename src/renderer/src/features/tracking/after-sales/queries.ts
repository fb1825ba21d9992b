import { useMutation, useQueryClient } from '@tanstack/react-query';
import { data, idempotent, openApi } from '../../../api/client';

/** After-sales writes; each click sends its own Idempotency-Key, and the order, wallet and dashboard refresh. */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () => Promise.all(['orders', 'wallet', 'dashboard', 'packages', 'coupons'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

export function useSupplementAction(orderNo: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'pay' | 'decline' }) =>
      action === 'pay'
        ? data(openApi().POST('/orders/{id}/supplements/{sid}/pay', { params: { path: { id: orderNo, sid: id } }, ...idempotent() }))
        : data(openApi().POST('/orders/{id}/supplements/{sid}/decline', { params: { path: { id: orderNo, sid: id } }, ...idempotent() })),
    onSettled: refresh,
  });
}

export function useRequestPhotos(orderNo: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: { count: number; note?: string }) =>
      data(openApi().POST('/orders/{id}/photo-requests', { params: { path: { id: orderNo } }, body, ...idempotent() })),
    onSettled: refresh,
  });
}

export function useRequestReturn(orderNo: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: { itemId: number; type: 'return' | 'exchange'; reason: string }) =>
      data(openApi().POST('/orders/{id}/returns', { params: { path: { id: orderNo } }, body, ...idempotent() })),
    onSettled: refresh,
  });
}
