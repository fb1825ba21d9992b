import { useQuery } from '@tanstack/react-query';
import { data, openApi } from './client';
export type { Address, NewAddress } from '../../../contract/open/addresses';
export type { Country } from '../../../contract/open/logistics';
export type { WalletBalance } from '../../../contract/open/wallet';




export const accountResourceKeys = {
  balance: ['wallet', 'balance'] as const,
  addresses: ['addresses'] as const,
  countries: ['logistics', 'countries'] as const,
};

export const fetchWalletBalance = () => data(openApi().GET('/user/wallet/balance'));

/** Always fresh on entering a page: scripts with a key and the back office move the same wallet. */
export function useWalletBalance() {
  return useQuery({ queryKey: accountResourceKeys.balance, queryFn: fetchWalletBalance, staleTime: 0 });
}

export function useAddresses() {
  return useQuery({ queryKey: accountResourceKeys.addresses, queryFn: () => data(openApi().GET('/user/addresses')) });
}

/** Reference data: it does not change while the app runs. */
export function useCountries() {
  return useQuery({
    queryKey: accountResourceKeys.countries,
    queryFn: () => data(openApi().GET('/logistics/countries')),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
