import { QueryClient } from '@tanstack/react-query';

// docs/spec/member-portal.md §9: no refetch interval, no refetch on focus, never stale, no retries. No default
// queryFn: every query names its own request, and its key is a name, not the URL (decision 037).
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
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
