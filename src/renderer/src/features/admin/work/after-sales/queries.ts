import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi, data, idempotent } from '../../../../api/client';
import type { OrderScenario, ShippingScenario } from '../../../../../../contract/enums';
import type { AdminOrderDetail } from '../../../../../../contract/admin/orders';
import type { ScenarioRates } from '../../../../../../contract/admin/simulation';
import { adminKeys, fetchers } from '../../queries';
import { nextPendingCursor } from './pendingCursor';

/**
 * The back office's after-sales calls (admin API). The detail's key starts with 'orders' so the live event
 * stream refreshes it when the user pays, declines or asks for a return meanwhile.
 */
export const adminOrderKey = (orderNo: string) => ['orders', 'admin', 'detail', orderNo] as const;

export type SupplementInput = { reason: 'price_increase' | 'domestic_freight' | 'price_decrease'; amount: number; itemId?: number };

export function useAdminOrder(orderNo: string) {
  return useQuery({ queryKey: adminOrderKey(orderNo), queryFn: () => data(adminApi().GET('/orders/{id}', { params: { path: { id: orderNo } } })) });
}

/**
 * Every action answers the order as it now is: kept as the detail, and what it touches refreshed.
 * `onDone` runs on the mutation itself, so it still reports when the row that asked is gone (a decided
 * return leaves the pending list in the same render).
 */
function useOrderAction<V>(orderNo: string, send: (vars: V) => Promise<AdminOrderDetail>, onDone?: (order: AdminOrderDetail, vars: V) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order, vars) => {
      queryClient.setQueryData(adminOrderKey(orderNo), order);
      onDone?.(order, vars);
    },
    // A refused action (409: the order moved on) shows the order as it is now.
    onSettled: () => Promise.all(['orders', 'wallet', 'dashboard', 'packages'].map((root) => queryClient.invalidateQueries({ queryKey: [root] }))),
  });
}

export function useRaiseSupplement(orderNo: string) {
  return useOrderAction(orderNo, ({ body, key }: { body: SupplementInput; key: string }) =>
    data(adminApi().POST('/orders/{id}/supplements', { params: { path: { id: orderNo } }, body, ...idempotent(key) })),
  );
}

export type DecisionInput = { rid: number; decision: 'approved' | 'rejected'; key: string };

export function useDecideReturn(orderNo: string, onDone: (order: AdminOrderDetail, vars: DecisionInput) => void) {
  return useOrderAction(
    orderNo,
    ({ rid, decision, key }: DecisionInput) =>
      data(adminApi().POST('/orders/{id}/returns/{rid}/decide', { params: { path: { id: orderNo, rid } }, body: { decision }, ...idempotent(key) })),
    onDone,
  );
}

/** An approved exchange's replacement reaches the warehouse (the autopilot's order.exchange_arrive, by hand). */
export function useReceiveExchange(orderNo: string, onDone: (order: AdminOrderDetail, rid: number) => void) {
  return useOrderAction(orderNo, (rid: number) => data(adminApi().POST('/orders/{id}/exchanges/{rid}/receive', { params: { path: { id: orderNo, rid } } })), onDone);
}

/** The back office's queue of returns and exchanges awaiting a decision ('orders' first: the live events refresh it). */
export const PENDING_RETURNS_KEY = ['orders', 'admin', 'returns-pending'] as const;
export const PENDING_RETURNS_PAGE = 20;

/** GET /returns/pending, a page at a time by cursor (the last request's id). */
export function usePendingReturns() {
  return useInfiniteQuery({
    queryKey: PENDING_RETURNS_KEY,
    queryFn: ({ pageParam }) =>
      data(adminApi().GET('/returns/pending', { params: { query: { limit: PENDING_RETURNS_PAGE, ...(pageParam ? { startingAfter: pageParam } : {}) } } })),
    initialPageParam: '',
    getNextPageParam: nextPendingCursor,
  });
}

export type QueuedDecisionInput = DecisionInput & { orderNo: string };

/** A decision taken from the queue, where each row is another order's: the order travels with the request. */
export function useDecideQueuedReturn(onDone: (order: AdminOrderDetail, vars: QueuedDecisionInput) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderNo, rid, decision, key }: QueuedDecisionInput) =>
      data(adminApi().POST('/orders/{id}/returns/{rid}/decide', { params: { path: { id: orderNo, rid } }, body: { decision }, ...idempotent(key) })),
    onSuccess: (order, vars) => {
      queryClient.setQueryData(adminOrderKey(vars.orderNo), order);
      onDone(order, vars);
    },
    // Decided here or meanwhile (409): the queue, the order and the money shown again as they are.
    onSettled: () => Promise.all(['orders', 'wallet', 'dashboard', 'packages'].map((root) => queryClient.invalidateQueries({ queryKey: [root] }))),
  });
}

export type FulfilInput = { rid: number; key: string };

/** The warehouse takes the requested photos (generated here: the sandbox has no camera). */
export function useFulfilPhotos(orderNo: string, onDone: (order: AdminOrderDetail, vars: FulfilInput) => void) {
  return useOrderAction(
    orderNo,
    ({ rid, key }: FulfilInput) => data(adminApi().POST('/orders/{id}/photo-requests/{rid}/fulfil', { params: { path: { id: orderNo, rid } }, body: {}, ...idempotent(key) })),
    onDone,
  );
}

export function useSimulateOrder(orderNo: string) {
  return useOrderAction(orderNo, ({ scenario, key }: { scenario: OrderScenario; key: string }) =>
    data(adminApi().POST('/orders/{id}/simulate', { params: { path: { id: orderNo } }, body: { scenario }, ...idempotent(key) })),
  );
}

/** `onDone` on the mutation itself: a lost parcel's row leaves the back office's list before a caller could hear back. */
export function useSimulateShipping(orderNo: string, onDone: (order: { orderNo: string; status: string }, scenario: ShippingScenario) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ scenario, key }: { scenario: ShippingScenario; key: string }) =>
      data(adminApi().POST('/shipping/{id}/simulate', { params: { path: { id: orderNo } }, body: { scenario }, ...idempotent(key) })),
    onSuccess: (order, { scenario }) => onDone(order, scenario),
    onSettled: () => Promise.all(['shipping', 'packages', 'wallet', 'dashboard'].map((root) => queryClient.invalidateQueries({ queryKey: [root] }))),
  });
}

/** The autopilot's per-scenario rates, order and shipping ones alike, in percent (GET /autopilot). */
export function useScenarioRates() {
  return useQuery({ queryKey: adminKeys.autopilot, queryFn: fetchers.autopilot });
}

export function useSaveScenarioRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scenarioRates: Partial<ScenarioRates>) => data(adminApi().PUT('/autopilot', { body: { scenarioRates } })),
    onSuccess: (autopilot) => queryClient.setQueryData(adminKeys.autopilot, autopilot),
  });
}
