import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { LoginInput, SessionUser } from '../../common/auth.ts';
import { SESSION_STALE_MS } from '../../common/constants.ts';
import { MSG } from '../../common/messages.ts';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, getQueryFn } from './api.ts';
import { queryClient } from './query-client.ts';

export const SESSION_KEY = ['/api/auth/session'] as const;

/** The signed-in member, or null; a 401 is "no user", anything else "Failed to check session". */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (ctx) => {
      try {
        return await getQueryFn<SessionUser>({ on401: 'null' })(ctx);
      } catch {
        throw new Error(MSG.sessionCheckFailed);
      }
    },
    staleTime: SESSION_STALE_MS,
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

export function useLogin() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest<SessionUser>('POST', '/api/auth/login', { email: input.email.trim() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
      navigate('/');
    },
  });
}

export function useLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout'),
    onSettled: () => {
      queryClient.clear(); // all cached member data goes with the session
      queryClient.setQueryData(SESSION_KEY, null);
      toast({ title: MSG.loggedOutTitle, description: MSG.loggedOutText });
      navigate('/login');
    },
  });
}
