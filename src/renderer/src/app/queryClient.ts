import { QueryClient } from '@tanstack/react-query';
import { CrossbuyError } from '../api/client';

/** A local service: an error answer is final, so only an unreachable service is retried (twice). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) => error instanceof CrossbuyError && error.statusCode === 0 && failures < 2,
      },
      mutations: { retry: false },
    },
  });
}
