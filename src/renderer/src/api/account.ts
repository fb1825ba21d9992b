import { useQuery } from '@tanstack/react-query';
import { openApi } from './client';

/**
 * The user's resources that several features read (checkout, ship flow, dashboard, console): one type, one
 * query key and one hook each, so every page shares the same cache entry and live updates refresh them all.
 */
export interface WalletBalance {
  balance: number;
  frozenBalance: number;
  availableBalance: number;
  currency: string;
}

export interface Address {
  id: number;
  name: string;
  phone: string;
  country: string;
  state: string;
  city: string;
  address: string;
  zipCode: string;
  isDefault: boolean;
  createdAt: string;
}

/** POST /user/addresses: `state` and `isDefault` may be left out. */
export interface NewAddress {
  name: string;
  phone: string;
  country: string;
  state?: string;
  city: string;
  address: string;
  zipCode: string;
  isDefault?: boolean;
}

export interface Country {
  code: string;
  name: string;
}

export const accountResourceKeys = {
  balance: ['wallet', 'balance'] as const,
  addresses: ['addresses'] as const,
  countries: ['logistics', 'countries'] as const,
};

export const fetchWalletBalance = () => openApi<WalletBalance>('GET', '/user/wallet/balance');

/** Always fresh on entering a page: scripts with a key and the back office move the same wallet. */
export function useWalletBalance() {
  return useQuery({ queryKey: accountResourceKeys.balance, queryFn: fetchWalletBalance, staleTime: 0 });
}

export function useAddresses() {
  return useQuery({ queryKey: accountResourceKeys.addresses, queryFn: () => openApi<Address[]>('GET', '/user/addresses') });
}

/** Reference data: it does not change while the app runs. */
export function useCountries() {
  return useQuery({
    queryKey: accountResourceKeys.countries,
    queryFn: () => openApi<Country[]>('GET', '/logistics/countries'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
