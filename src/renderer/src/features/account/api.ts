import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountResourceKeys, useWalletBalance, type Address, type Country, type NewAddress, type WalletBalance } from '../../api/account';
import { data, openApi } from '../../api/client';
import { profileKey } from '../../app/useProfileLanguage';
export { ENTRY_TYPES, ORDER_STATUSES, type CouponStatus, type CouponType, type EntryType, type OrderStatus } from '../../../../contract/enums';
export type { Page } from '../../../../contract/common';
export type { Coupon, MyCoupon } from '../../../../contract/open/coupons';
export type { Favorite } from '../../../../contract/open/favorites';
export type { OrderListItem } from '../../../../contract/open/orders';
export type { ProfilePatch } from '../../../../contract/open/profile';
export type { WalletTransaction } from '../../../../contract/open/wallet';
export type { PackageStats } from '../../../../contract/open/warehouse';
import type { EntryType } from '../../../../contract/enums';




import type { ProfilePatch } from '../../../../contract/open/profile';
import type { WalletTransaction } from '../../../../contract/open/wallet';


/**
 * The account's reads and writes. Query keys start with the resource, so the live updates
 * (app/useLiveUpdates.ts) refresh them: 'wallet', 'dashboard', 'coupons', 'profile', 'addresses', 'favorites'.
 */

/** The address form's values: every field of an address (the contract's NewAddress, none left out). */
export type AddressFormValues = Omit<Address, 'id' | 'createdAt'>;

// ---------------------------------------------------------------- keys

export const accountKeys = {
  balance: accountResourceKeys.balance,
  transactions: (params: { page: number; limit: number; type?: EntryType }) => ['wallet', 'transactions', params] as const,
  spending: (pages: number) => ['wallet', 'spending', pages] as const,
  topUps: ['wallet', 'top-ups'] as const,
  recentOrders: ['dashboard', 'recent-orders'] as const,
  packageStats: ['dashboard', 'package-stats'] as const,
  addresses: accountResourceKeys.addresses,
  countries: accountResourceKeys.countries,
  favorites: (page: number, limit: number) => ['favorites', { page, limit }] as const,
  couponsAvailable: ['coupons', 'available'] as const,
  couponsMine: ['coupons', 'mine'] as const,
};

// ---------------------------------------------------------------- wallet

/** The ledger currency (coupons and orders are in it); CNY until the balance has loaded. */
export function useLedgerCurrency(): string {
  return useWalletBalance().data?.currency ?? 'CNY';
}

export function useTransactions(params: { page: number; limit: number; type?: EntryType }) {
  return useQuery({
    queryKey: accountKeys.transactions(params),
    queryFn: () => data(openApi().GET('/user/wallet/transactions', { params: { query: { ...params } } })),
    placeholderData: keepPreviousData,
  });
}

/** The newest transactions, up to `pages` pages of 100 (newest first): enough for a spending chart. */
export async function fetchRecentTransactions(pages: number): Promise<WalletTransaction[]> {
  const all: WalletTransaction[] = [];
  for (let page = 1; page <= pages; page++) {
    const result = await data(openApi().GET('/user/wallet/transactions', { params: { query: { page, limit: 100 } } }));
    all.push(...result.items);
    if (page * result.limit >= result.total || result.items.length === 0) break;
  }
  return all;
}

export function useSpendingTransactions(pages = 5) {
  return useQuery({ queryKey: accountKeys.spending(pages), queryFn: () => fetchRecentTransactions(pages) });
}

/** How many of the newest top-ups the Wallet page reads for the ones still on their way or declined. */
export const RECENT_TOP_UPS = 20;

/** GET /user/wallet/top-ups: the newest top-ups (a 'wallet' key: a top-up or a live update refreshes it). */
export function useTopUps() {
  return useQuery({
    queryKey: accountKeys.topUps,
    queryFn: () => data(openApi().GET('/user/wallet/top-ups', { params: { query: { limit: RECENT_TOP_UPS } } })),
  });
}

// ---------------------------------------------------------------- dashboard

export function useRecentOrders(limit = 5) {
  return useQuery({
    queryKey: [...accountKeys.recentOrders, limit],
    queryFn: () => data(openApi().GET('/orders', { params: { query: { page: 1, limit } } })),
  });
}

export function usePackageStats() {
  return useQuery({ queryKey: accountKeys.packageStats, queryFn: () => data(openApi().GET('/warehouse/packages/stats')) });
}

// ---------------------------------------------------------------- profile

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProfilePatch) => data(openApi().PUT('/user/profile', { body: patch })),
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}

// ---------------------------------------------------------------- addresses

function useInvalidate(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useCreateAddress() {
  const invalidate = useInvalidate(accountKeys.addresses);
  return useMutation({ mutationFn: (input: NewAddress) => data(openApi().POST('/user/addresses', { body: input })), onSettled: invalidate });
}

export function useUpdateAddress() {
  const invalidate = useInvalidate(accountKeys.addresses);
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: Partial<AddressFormValues> }) => data(openApi().PUT('/user/addresses/{id}', { params: { path: { id } }, body: patch })),
    onSettled: invalidate,
  });
}

export function useDeleteAddress() {
  const invalidate = useInvalidate(accountKeys.addresses);
  return useMutation({ mutationFn: (id: number) => data(openApi().DELETE('/user/addresses/{id}', { params: { path: { id } } })), onSettled: invalidate });
}

// ---------------------------------------------------------------- favorites

export function useFavorites(page: number, limit: number) {
  return useQuery({
    queryKey: accountKeys.favorites(page, limit),
    queryFn: () => data(openApi().GET('/user/favorites', { params: { query: { page, limit } } })),
    placeholderData: keepPreviousData,
  });
}

export function useAddFavorite() {
  const invalidate = useInvalidate(['favorites']);
  return useMutation({
    mutationFn: (productId: number) => data(openApi().POST('/user/favorites', { body: { productId: String(productId) } })),
    onSettled: invalidate,
  });
}

export function useRemoveFavorite() {
  const invalidate = useInvalidate(['favorites']);
  return useMutation({ mutationFn: (favoriteId: number) => data(openApi().DELETE('/user/favorites/{id}', { params: { path: { id: favoriteId } } })), onSettled: invalidate });
}

// ---------------------------------------------------------------- coupons

/** `staleTime: 0` for a reader that must not offer a coupon claimed elsewhere meanwhile (the checkout). */
export function useAvailableCoupons(options: { staleTime?: number } = {}) {
  return useQuery({ queryKey: accountKeys.couponsAvailable, queryFn: () => data(openApi().GET('/user/coupons/available')), ...options });
}

export function useMyCoupons() {
  return useQuery({ queryKey: accountKeys.couponsMine, queryFn: () => data(openApi().GET('/user/coupons/my')) });
}

export function useClaimCoupon() {
  const invalidate = useInvalidate(['coupons']);
  return useMutation({
    mutationFn: (couponId: number) => data(openApi().POST('/user/coupons/{id}/claim', { params: { path: { id: couponId } } })),
    onSettled: invalidate,
  });
}

export { useAddresses, useCountries } from '../../api/account';
export { useWalletBalance };
export type { Address, Country, NewAddress, WalletBalance };
