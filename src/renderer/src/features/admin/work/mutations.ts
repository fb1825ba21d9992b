import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi, data, idempotent } from '../../../api/client';
import { adminKeys } from '../queries';
import type { AdvanceInput } from '../types';

/** What an advance answers (the admin order detail); only what the back office reads. */
export interface AdvancedOrder {
  orderNo: string;
  status: string;
}

/** Every change refreshes what it touches (events do it too; this is for a UI without the stream). */
function useRefresh(...roots: string[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(roots.map((root) => queryClient.invalidateQueries({ queryKey: [root] })));
}

export function useAdvanceOrder() {
  const refresh = useRefresh('orders', 'dashboard', 'packages');
  return useMutation({
    mutationFn: ({ orderNo, body }: { orderNo: string; body?: AdvanceInput }) =>
      data(adminApi().POST('/orders/{id}/advance', { params: { path: { id: orderNo } }, body: body ?? {}, ...idempotent() })),
    onSettled: refresh,
  });
}

export function useRefundOrder() {
  const refresh = useRefresh('orders', 'wallet', 'dashboard');
  return useMutation({
    mutationFn: ({ orderNo, reason }: { orderNo: string; reason?: string }) =>
      data(adminApi().POST('/orders/{id}/refund', { params: { path: { id: orderNo } }, body: reason ? { reason } : {}, ...idempotent() })),
    onSettled: refresh,
  });
}

export function useDispatchShipping() {
  const refresh = useRefresh('shipping', 'packages', 'wallet', 'dashboard');
  return useMutation({
    mutationFn: ({ orderNo, trackingNo }: { orderNo: string; trackingNo?: string }) =>
      data(adminApi().POST('/shipping/orders/{id}/dispatch', { params: { path: { id: orderNo } }, body: trackingNo ? { trackingNo } : {} })),
    onSettled: refresh,
  });
}

export function useDeliverShipping() {
  const refresh = useRefresh('shipping', 'packages', 'orders', 'dashboard');
  return useMutation({
    mutationFn: (orderNo: string) =>
      data(adminApi().POST('/shipping/orders/{id}/deliver', { params: { path: { id: orderNo } } })),
    onSettled: refresh,
  });
}

/** Customs release a held parcel: exception -> shipped (the autopilot's shipping.clear_exception, by hand). */
export function useClearShippingException() {
  const refresh = useRefresh('shipping', 'dashboard');
  return useMutation({
    mutationFn: (orderNo: string) =>
      data(adminApi().POST('/shipping/orders/{id}/clear-exception', { params: { path: { id: orderNo } } })),
    onSettled: refresh,
  });
}

export function useWalletEntry(kind: 'deposit' | 'adjust') {
  const refresh = useRefresh('wallet', 'dashboard');
  return useMutation({
    // The key is the form's intent (shared/useIntent): a double click or a retry credits once.
    mutationFn: ({ body, key }: { body: { amount: number; note?: string }; key: string }) =>
      kind === 'deposit'
        ? data(adminApi().POST('/wallet/deposit', { body, ...idempotent(key) }))
        : data(adminApi().POST('/wallet/adjust', { body: { ...body, note: body.note ?? '' }, ...idempotent(key) })),
    onSettled: refresh,
  });
}

export function useAdvanceClock() {
  const queryClient = useQueryClient();
  const refresh = useRefresh('clock', 'orders', 'packages', 'shipping', 'wallet', 'dashboard', 'coupons');
  return useMutation({
    mutationFn: (by: string) => data(adminApi().POST('/clock/advance', { body: { by } })),
    onSuccess: (result) => queryClient.setQueryData(adminKeys.clock, { now: result.now, offsetMs: result.offsetMs }),
    onSettled: refresh,
  });
}

export function useSaveAutopilot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { pace?: string; refundRate?: number }) => data(adminApi().PUT('/autopilot', { body })),
    onSuccess: (view) => queryClient.setQueryData(adminKeys.autopilot, view),
  });
}

export function useRunAutopilot() {
  const refresh = useRefresh('orders', 'packages', 'shipping', 'wallet', 'dashboard');
  return useMutation({
    mutationFn: () => data(adminApi().POST('/autopilot/run')),
    onSettled: refresh,
  });
}
