import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api.ts';

// docs/spec/member-portal.md §9: no refetch interval, no refetch on focus, never stale, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: {
      retry: false,
      onError: (err) => console.error('Mutation error:', err),
    },
  },
});
