import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { LoginCodeSent, LoginInput, LoginMode, SessionUser } from '#common/auth.ts';
import { SESSION_STALE_MS } from '#common/constants.ts';
import { MSG } from '#common/messages.ts';
import { toast } from '../components/ui/use-toast.ts';
import { PATHS } from '../paths.ts';
import { ApiError, apiRequest } from './api.ts';
import { queryClient } from './query-client.ts';

// Keys are names, never URLs (decision 037); the server's first paint seeds this one too.
export const SESSION_KEY = ['session'] as const;

/** The signed-in member, or null; a 401 is "no user", anything else "Failed to check session". */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      try {
        return await apiRequest<SessionUser>('GET', '/api/auth/session');
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw new Error(MSG.sessionCheckFailed);
      }
    },
    staleTime: SESSION_STALE_MS,
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error };
}

/**
 * After any successful sign-in the session is refreshed. From /login (or the e-mailed link) the member goes to /
 * (docs/spec/member-portal.md §7); on any other page the login form stood in for that page, which then shows: the page asked for.
 */
export function useSignedIn() {
  const [location, navigate] = useLocation();
  return async (opts: { replace?: boolean } = {}) => {
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    if (location === PATHS.login || location === PATHS.loginVerify) navigate('/', opts);
  };
}

/**
 * POST /api/auth/login. With MEMBER_LOGIN=code the answer is `{codeSent: true}` and nobody is
 * signed in yet: the caller shows the code step.
 */
export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiRequest<SessionUser | LoginCodeSent>('POST', '/api/auth/login', { email: input.email.trim() }),
    onSuccess: async (data) => {
      if (!('codeSent' in data)) await signedIn();
    },
  });
}

/** How members sign in here; the e-mail step looks the same either way, so nothing waits for it. */
export function useLoginMode(): LoginMode | undefined {
  const query = useQuery({
    queryKey: ['login-mode'],
    queryFn: () => apiRequest<{ mode: LoginMode }>('GET', '/api/auth/login-mode'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data?.mode;
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
