import { useMutation, useQuery } from '@tanstack/react-query';
import type { AccountSession, SecurityStatus, SignInPolicy, TotpSetup } from '#common/two-factor.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { apiRequest } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import type { AdminUser } from '../session.ts';

// The Security page's data layer (decision 037, decision 056): the account's factors, sessions and password, and
// the organiser's two-factor requirement. Keys start with 'admin' (dropped at sign-out).
export const securityKeys = {
  status: ['admin', 'security'] as const,
  sessions: ['admin', 'security', 'sessions'] as const,
  policy: ['admin', 'sign-in-policy'] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.status });

export const useSecurityStatus = () =>
  useQuery({
    queryKey: securityKeys.status,
    // Plain apiRequest: a half-signed-in account (set-up) reads this too, and its 401 is no expired session.
    queryFn: () => apiRequest<SecurityStatus>('GET', '/api/admin/security'),
  });

/** A new secret and its QR code; the confirm call makes it the account's. */
export const useBeginTotp = () =>
  useMutation({ mutationFn: () => apiRequest<TotpSetup>('POST', '/api/admin/security/totp') });

export type Confirmed = { recoveryCodes: string[]; user?: AdminUser };
export const useConfirmTotp = () =>
  useMutation({
    mutationFn: (code: string) => apiRequest<Confirmed>('POST', '/api/admin/security/totp/confirm', { code }),
    onSuccess: () => void refresh(),
  });

export const useRemoveTotp = () =>
  useMutation({
    mutationFn: (password: string) => adminRequest('POST', '/api/admin/security/totp/remove', { password }),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: securityKeys.sessions })]),
  });

export const useNewRecoveryCodes = () =>
  useMutation({
    mutationFn: (password: string) =>
      adminRequest<{ recoveryCodes: string[] }>('POST', '/api/admin/security/recovery-codes', { password }),
    onSuccess: () => void refresh(),
  });

export const useSessions = () =>
  useQuery({
    queryKey: securityKeys.sessions,
    queryFn: async () =>
      (await adminRequest<{ sessions: AccountSession[] }>('GET', '/api/admin/security/sessions')).sessions,
  });

const refreshSessions = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
export const useEndSession = () =>
  useMutation({
    mutationFn: (id: string) => adminRequest('DELETE', `/api/admin/security/sessions/${encodeURIComponent(id)}`),
    onSettled: refreshSessions,
  });
export const useEndOtherSessions = () =>
  useMutation({
    mutationFn: () => adminRequest('POST', '/api/admin/security/sessions/end-others'),
    onSettled: refreshSessions,
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { current: string; next: string }) =>
      adminRequest('POST', '/api/admin/security/password', input),
    onSuccess: refreshSessions,
  });

export const usePolicy = (enabled: boolean) =>
  useQuery({
    queryKey: securityKeys.policy,
    queryFn: () => adminRequest<SignInPolicy>('GET', '/api/admin/sign-in-policy'),
    enabled,
  });
export const useSetPolicy = () =>
  useMutation({
    mutationFn: (policy: SignInPolicy) => adminRequest<SignInPolicy>('PUT', '/api/admin/sign-in-policy', policy),
    onSuccess: (policy) => {
      queryClient.setQueryData(securityKeys.policy, policy);
      void refresh();
    },
  });
