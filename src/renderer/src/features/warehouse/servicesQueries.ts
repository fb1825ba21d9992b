import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { data, idempotent, openApi } from '../../api/client';

/** v1.1 reads and writes: the service catalog, service requests, rehearsals. */
export function useWarehouseServices() {
  return useQuery({ queryKey: ['logistics', 'warehouse-services'], queryFn: () => data(openApi().GET('/warehouse/services')), staleTime: 60_000 });
}

export function useRequestServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, serviceIds, photoCount, idempotencyKey }: { id: number; serviceIds: string[]; photoCount?: number; idempotencyKey: string }) =>
      data(
        openApi().POST('/warehouse/packages/{id}/services', {
          params: { path: { id } },
          body: photoCount === undefined ? { serviceIds } : { serviceIds, photoCount },
          ...idempotent(idempotencyKey),
        }),
      ),
    onSuccess: () => Promise.all(['packages', 'wallet', 'dashboard'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

export function useRehearsal(id: string | null) {
  return useQuery({
    queryKey: ['rehearsals', id ?? ''],
    queryFn: () => data(openApi().GET('/shipping/rehearsals/{id}', { params: { path: { id: id! } } })), // enabled only with an id
    enabled: id !== null,
  });
}

export function useRequestRehearsal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inventoryIds, idempotencyKey }: { inventoryIds: number[]; idempotencyKey: string }) =>
      data(openApi().POST('/shipping/rehearsals', { body: { inventoryIds }, ...idempotent(idempotencyKey) })),
    onSuccess: () => Promise.all(['packages', 'wallet', 'rehearsals'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

export function useCancelRehearsal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      data(openApi().POST('/shipping/rehearsals/{id}/cancel', { params: { path: { id } }, ...idempotent(idempotencyKey) })),
    onSuccess: () => Promise.all(['packages', 'wallet', 'rehearsals'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}

/** The user's recent rehearsals (newest first): the ship page finds an open one of its packages here. */
export function useRehearsals() {
  return useQuery({ queryKey: ['rehearsals', 'list'], queryFn: () => data(openApi().GET('/shipping/rehearsals', { params: { query: { limit: 100 } } })) });
}
