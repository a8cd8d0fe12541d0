import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { AdminLoginInput } from '#common/admin.ts';
import * as adminAuthApi from '#common/api/admin-auth.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { MSG } from '#common/messages.ts';
import type { StaffRole } from '#common/passes.ts';
import type { SignInStep } from '#common/two-factor.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { ADMIN_SESSION_KEY, isAdminQuery } from '../../lib/admin-http.ts';
import { ApiError } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ADMIN_PATHS, ADMIN_SESSION_STALE_MS } from './paths.ts';

/** `next`: signed in with the password only; the second factor (or its set-up) comes next (decision 056). */
export type AdminUser = { email: string; role: StaffRole; timeZone?: string; next?: SignInStep };

// A half-signed-in session answers 401 with the step it waits for: kept in the session query as `next`.
const STEP_OF_CODE: Record<string, SignInStep> = {
  [ERROR_CODE.secondFactorRequired]: 'factor',
  [ERROR_CODE.twoFactorSetupRequired]: 'setup',
};

/** Where an account starts: door staff at check-in, partners at their benefits, admins at the dashboard. */
export const homeOf = (user: AdminUser | null) =>
  user?.role === 'staff' ? ADMIN_PATHS.checkIn : user?.role === 'partner' ? ADMIN_PATHS.partner : ADMIN_PATHS.dashboard;

/** The signed-in admin, or null (a 401 means nobody is signed in); docs/spec/admin-and-rsvp.md §4. */
export function useAdminSession() {
  const query = useQuery({
    queryKey: ADMIN_SESSION_KEY,
    queryFn: async () => {
      try {
        return await call(adminAuthApi.session);
      } catch (err) {
        const next = err instanceof ApiError ? STEP_OF_CODE[err.code ?? ''] : undefined;
        if (next) return { email: '', role: 'admin', next } satisfies AdminUser;
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: ADMIN_SESSION_STALE_MS,
    retry: false,
  });
  const data = query.data ?? null;
  return { admin: data?.next ? null : data, pending: data?.next ?? null, isLoading: query.isLoading };
}

/** A half sign-in became a whole one (second factor given, or set up): the account's home. */
export function useSignedIn() {
  const [, navigate] = useLocation();
  return (user: AdminUser) => {
    queryClient.setQueryData(ADMIN_SESSION_KEY, user);
    toast({ title: 'Login successful', description: 'Welcome to admin panel' });
    navigate(homeOf(user));
  };
}

export function useAdminLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: AdminLoginInput) =>
      call(adminAuthApi.login, { body: { email: input.email.trim(), password: input.password } }),
    // Here rather than in mutate(): the guard swaps the login form out as soon as the session is set.
    onSuccess: (user) => {
      if (user.next) queryClient.setQueryData(ADMIN_SESSION_KEY, user);
      else signedIn(user);
    },
  });
}

export function useAdminLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: () => call(adminAuthApi.logout),
    // Even a failed call ends the admin view; only admin data is dropped, a member session is separate.
    onSettled: () => {
      queryClient.setQueryData(ADMIN_SESSION_KEY, null);
      queryClient.removeQueries({ predicate: (q) => isAdminQuery(q) && q.queryKey[1] !== ADMIN_SESSION_KEY[1] });
      toast({ title: MSG.loggedOutTitle, description: MSG.loggedOutText });
      navigate(ADMIN_PATHS.login);
    },
  });
}
