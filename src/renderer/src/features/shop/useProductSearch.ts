import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { searchApiParams, type ShopSearch } from './searchState';
import { PAGE_SIZE } from './sources';

export function useProductSearch(search: ShopSearch) {
  const params = searchApiParams(search, PAGE_SIZE);
  return useQuery({
    queryKey: ['products', 'search', search.source, params],
    queryFn: () => (search.source === 'local' ? api().products.search(params) : api().products.searchPlatform(search.source, params)),
  });
}
