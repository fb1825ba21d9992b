import { useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

export const productKey = (id: number) => ['product', id] as const;

export function useProduct(id: number) {
  return useQuery({ queryKey: productKey(id), queryFn: () => api().products.get(id) });
}
