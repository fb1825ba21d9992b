import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountResourceKeys } from '../../api/account';
import { useState } from 'react';
import { data, idempotent, newIdempotencyKey, openApi } from '../../api/client';
import type { Address, CreateShippingInput, FreightRequest, NewAddress, PackageStatus, ShippingPreviewInput, ShippingStatus, WarehousePackage } from './types';

/**
 * The feature's reads and writes. Keys start with the resource the live updates invalidate
 * (app/useLiveUpdates.ts): 'packages', 'shipping', 'wallet'; lookups that events never change use 'logistics'.
 */
export const PAGE_SIZE = 20;
/** The shippable list is read whole (up to this many pages of 100) to know which packages can be selected. */
const SHIPPABLE_MAX_PAGES = 20;

export const keys = {
  packages: (status: PackageStatus | undefined, page: number) => ['packages', 'list', status ?? 'all', page] as const,
  packageStats: ['packages', 'stats'] as const,
  shippable: ['packages', 'shippable'] as const,
  package: (id: number) => ['packages', 'one', id] as const,
  shippingList: (status: ShippingStatus | undefined, page: number) => ['shipping', 'list', status ?? 'all', page] as const,
  shippingOrder: (orderNo: string) => ['shipping', 'order', orderNo] as const,
  wallet: accountResourceKeys.balance,
  addresses: accountResourceKeys.addresses,
  countries: accountResourceKeys.countries,
  channels: (country: string) => ['logistics', 'shipping-methods', country] as const,
  freight: (request: FreightRequest) => ['logistics', 'freight', request] as const,
};

export function usePackages(status: PackageStatus | undefined, page: number) {
  return useQuery({
    queryKey: keys.packages(status, page),
    queryFn: () => data(openApi().GET('/warehouse/packages', { params: { query: { status, page, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

export function usePackageStats() {
  return useQuery({ queryKey: keys.packageStats, queryFn: () => data(openApi().GET('/warehouse/packages/stats')) });
}

async function allShippable(): Promise<WarehousePackage[]> {
  const items: WarehousePackage[] = [];
  for (let page = 1; page <= SHIPPABLE_MAX_PAGES; page++) {
    const batch = await data(openApi().GET('/warehouse/packages/shippable', { params: { query: { page, limit: 100 } } }));
    items.push(...batch.items);
    if (batch.items.length === 0 || items.length >= batch.total) break;
  }
  return items;
}

/** Every package that can go on a shipping order now (in_warehouse). */
export function useShippable() {
  return useQuery({ queryKey: keys.shippable, queryFn: allShippable });
}

export function usePackagesById(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: keys.package(id),
      queryFn: () => data(openApi().GET('/warehouse/packages/{id}', { params: { path: { id } } })),
    })),
  });
}

export function useShippingOrders(status: ShippingStatus | undefined, page: number) {
  return useQuery({
    queryKey: keys.shippingList(status, page),
    queryFn: () => data(openApi().GET('/shipping/orders', { params: { query: { status, page, limit: PAGE_SIZE } } })),
    placeholderData: keepPreviousData,
  });
}

export function useShippingOrder(orderNo: string) {
  return useQuery({
    queryKey: keys.shippingOrder(orderNo),
    queryFn: () => data(openApi().GET('/shipping/orders/{id}', { params: { path: { id: orderNo } } })),
  });
}

export { useAddresses, useCountries, useWalletBalance as useWallet } from '../../api/account';

export function useChannels(country: string | null) {
  return useQuery({
    queryKey: keys.channels(country ?? ''),
    queryFn: () => data(openApi().GET('/logistics/shipping-methods', { params: { query: { country: country ?? undefined } } })),
    enabled: country !== null,
  });
}

/** Quotes of every channel that serves the country and holds the parcel, cheapest first. */
export function useFreight(request: FreightRequest | null) {
  return useQuery({
    queryKey: keys.freight(request ?? { country: '', weight: 0 }),
    queryFn: () => data(openApi().POST('/logistics/calculate-freight-batch', { body: request! })), // enabled only with a request
    enabled: request !== null && request.weight > 0,
    placeholderData: keepPreviousData,
    select: (data) => data.channels,
  });
}

/**
 * One Idempotency-Key per distinct request: a second click (or a retry after a network failure) with the
 * same body reuses it, so an order is never created or cancelled twice; a changed body gets a new key.
 */
export function useIdempotencyKey(request: unknown): string {
  const signature = JSON.stringify(request ?? null);
  const [state, setState] = useState(() => ({ signature, key: newIdempotencyKey() }));
  if (state.signature !== signature) {
    const next = { signature, key: newIdempotencyKey() };
    setState(next);
    return next.key;
  }
  return state.key;
}

export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (address: NewAddress) => data(openApi().POST('/user/addresses', { body: address })),
    onSuccess: (saved) => {
      // Shown (and selectable) at once; the refetch then brings the service's order and defaults.
      queryClient.setQueryData<Address[]>(keys.addresses, (old) =>
        old ? [...old.map((a) => (saved.isDefault ? { ...a, isDefault: false } : a)), saved] : [saved],
      );
      return queryClient.invalidateQueries({ queryKey: keys.addresses });
    },
  });
}

function useInvalidateFulfilment() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      ['packages', 'shipping', 'wallet', 'orders', 'dashboard'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
    );
}

/** PUT /user/addresses/:id: a saved address corrected where a shipping order refused it. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: Partial<NewAddress> }) => data(openApi().PUT('/user/addresses/{id}', { params: { path: { id } }, body: patch })),
    onSuccess: (saved) => {
      queryClient.setQueryData<Address[]>(keys.addresses, (old) => old?.map((a) => (a.id === saved.id ? saved : a)));
      return queryClient.invalidateQueries({ queryKey: keys.addresses });
    },
  });
}

/**
 * What the shipping order would hold (POST /shipping/preview): the ship page shows these figures and
 * computes none. Keyed under 'packages' (storage, services and rehearsals change it) and refetched when
 * the wallet moves (its wallet-after); the previous answer stays shown while a new one loads.
 * `paused`: no request at all (a refresh included) while it is set.
 */
export function useShippingPreview(request: ShippingPreviewInput | null, walletStamp: number | undefined, { paused = false }: { paused?: boolean } = {}) {
  return useQuery({
    queryKey: ['packages', 'shipping-preview', request, walletStamp] as const,
    queryFn: () => data(openApi().POST('/shipping/preview', { body: request! })), // enabled only with a request
    // Paused while the shipping order is created and after: its packages are then taken (and the wallet
    // moved), so a refresh of the same request could only be refused (409). The last answer stays shown.
    enabled: request !== null && !paused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useCreateShipping() {
  const invalidate = useInvalidateFulfilment();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateShippingInput; idempotencyKey: string }) =>
      data(openApi().POST('/shipping/create', { body, ...idempotent(idempotencyKey) })),
    onSuccess: invalidate,
  });
}

export function useCancelShipping(orderNo: string) {
  const invalidate = useInvalidateFulfilment();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      data(openApi().POST('/shipping/orders/{id}/cancel', { params: { path: { id: orderNo } }, body: {}, ...idempotent(idempotencyKey) })),
    onSuccess: invalidate,
  });
}

export function useConfirmDelivery(orderNo: string) {
  const invalidate = useInvalidateFulfilment();
  return useMutation({
    mutationFn: () => data(openApi().POST('/shipping/orders/{id}/confirm-delivery', { params: { path: { id: orderNo } } })),
    onSuccess: invalidate,
  });
}

/**
 * Pays a pending shipping supplement (the packed parcel's extra postage) from the wallet. Each confirmed
 * click sends its own Idempotency-Key (the button is locked while it runs); the order and wallet refresh.
 */
export function usePayShippingSupplement(orderNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (supplementId: number) =>
      data(openApi().POST('/shipping/orders/{id}/supplements/{sid}/pay', { params: { path: { id: orderNo, sid: supplementId } }, ...idempotent() })),
    onSettled: () => Promise.all(['shipping', 'wallet', 'packages'].map((key) => queryClient.invalidateQueries({ queryKey: [key] }))),
  });
}
