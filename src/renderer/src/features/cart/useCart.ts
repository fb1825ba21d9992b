import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export const cartKey = ['cart'] as const;

export function useCart() {
  // Always fresh on entering a page: scripts with an API key change the same cart.
  return useQuery({ queryKey: cartKey, queryFn: () => api().cart.get(), staleTime: 0 });
}
