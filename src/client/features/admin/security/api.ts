import { useMutation, useQuery } from '@tanstack/react-query';
import * as securityApi from '#common/api/security.ts';
import type { ResponseOf } from '#common/route-contract.ts';
import type { SignInPolicy } from '#common/two-factor.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { call } from '../../../lib/call.ts';
import { queryClient } from '../../../lib/query-client.ts';

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
    // Plain call: a half-signed-in account (set-up) reads this too, and its 401 is no expired session.
    queryFn: () => call(securityApi.status),
  });

/** A new secret and its QR code; the confirm call makes it the account's. */
export const useBeginTotp = () => useMutation({ mutationFn: () => call(securityApi.beginTotp) });

/** The recovery codes, and the account when the confirm finished a sign-in that had to set a factor up. */
export type Confirmed = ResponseOf<typeof securityApi.confirmTotp>;
export const useConfirmTotp = () =>
  useMutation({
    mutationFn: (code: string) => call(securityApi.confirmTotp, { body: { code } }),
    onSuccess: () => void refresh(),
  });

export const useRemoveTotp = () =>
  useMutation({
    mutationFn: (password: string) => adminCall(securityApi.removeTotp, { body: { password } }),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: securityKeys.sessions })]),
  });

export const useNewRecoveryCodes = () =>
  useMutation({
    mutationFn: (password: string) => adminCall(securityApi.recoveryCodes, { body: { password } }),
    onSuccess: () => void refresh(),
  });

export const useSessions = () =>
  useQuery({
    queryKey: securityKeys.sessions,
    queryFn: async () => (await adminCall(securityApi.sessions)).sessions,
  });

const refreshSessions = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
export const useEndSession = () =>
  useMutation({
    mutationFn: (id: string) => adminCall(securityApi.endSession, { params: { id } }),
    onSettled: refreshSessions,
  });
export const useEndOtherSessions = () =>
  useMutation({
    mutationFn: () => adminCall(securityApi.endOtherSessions),
    onSettled: refreshSessions,
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { current: string; next: string }) => adminCall(securityApi.password, { body: input }),
    onSuccess: refreshSessions,
  });

export const usePolicy = (enabled: boolean) =>
  useQuery({
    queryKey: securityKeys.policy,
    queryFn: () => adminCall(securityApi.policy),
    enabled,
  });
export const useSetPolicy = () =>
  useMutation({
    mutationFn: (policy: SignInPolicy) => adminCall(securityApi.setPolicy, { body: policy }),
    onSuccess: (policy) => {
      queryClient.setQueryData(securityKeys.policy, policy);
      void refresh();
    },
  });
