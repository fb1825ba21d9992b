import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { PAGE_SIZE, type Source } from './sources';

export function useProductSearch(source: Source, query: string, page: number) {
  return useQuery({
    queryKey: ['products', 'search', source, query, page],
    queryFn: () => {
      const params = { q: query, page, limit: PAGE_SIZE };
      return source === 'local' ? api().products.search(params) : api().products.searchPlatform(source, params);
    },
  });
}
