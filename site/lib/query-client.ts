// React Query with docs/requirements.md §9's data-fetching defaults, for every island that fetches:
// no retries, no refetch interval, no refetch on focus, data never stale.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';

export function createSpecQueryClient(queryFn: QueryFunction): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn,
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}
