import { useMutation, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import * as authApi from '#common/api/auth.ts';
import type { LoginInput, LoginMode, SessionUser } from '#common/auth.ts';
import { SESSION_STALE_MS } from '#common/constants.ts';
import { isLocale, type Locale } from '#common/locales.ts';
import { toast } from '../components/ui/use-toast.ts';
import { activateLocale, i18n, rememberLocale, t } from '../i18n/i18n.ts';
import { PATHS } from '../paths.ts';
import { ApiError } from './api.ts';
import { call } from './call.ts';
import { forgetOfflineCopy } from './offline-copy.ts';
import { offerPasskeyNext } from './passkey-offer-due.ts';
import { queryClient } from './query-client.ts';

// Keys are names, never URLs (decision 037); the server's first paint seeds this one too.
export const SESSION_KEY = ['session'] as const;

/** The signed-in member, or null; a 401 is "no user", anything else "Failed to check session". */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: async () => {
      if (logoutPending()) {
        void tellServerLoggedOut(); // LOGOUT was pressed offline: signed out here, whatever the cookie still says
        return null;
      }
      try {
        return await call(authApi.session);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw new Error(t('msg.sessionCheckFailed'));
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
    setLogoutPending(false); // the server ended the session this one replaced (decision 047)
    await queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    // The language the member chose on another device follows them here (decision 059).
    const saved = queryClient.getQueryData<SessionUser | null>(SESSION_KEY)?.locale;
    if (isLocale(saved) && saved !== i18n.locale) {
      rememberLocale(saved);
      await activateLocale(saved);
    }
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
    mutationFn: (input: LoginInput) => call(authApi.login, { body: { email: input.email.trim() } }),
    onSuccess: async (data) => {
      if ('codeSent' in data) return;
      offerPasskeyNext(); // before the dashboard mounts: it looks once (decision 060)
      await signedIn();
    },
  });
}

/** How members sign in here; the e-mail step looks the same either way, so nothing waits for it. */
export function useLoginMode(): LoginMode | undefined {
  const query = useQuery({
    queryKey: ['login-mode'],
    queryFn: () => call(authApi.loginMode),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return query.data?.mode;
}

// LOGOUT clears the device first and tells the server when it can (decision 047): a flag in localStorage says the
// server has not heard yet, so a reload or the network's return sends it again.
const LOGOUT_PENDING = 'portal-logout-pending';
/** How long LOGOUT waits for the server's answer to choose its words; nothing on the device waits for it. */
const LOGOUT_WAIT_MS = 1500;

/** LOGOUT was pressed and the server has not answered it yet. */
export function logoutPending(): boolean {
  try {
    return localStorage.getItem(LOGOUT_PENDING) === '1';
  } catch {
    return false; // no storage (SSR, a locked-down browser)
  }
}

function setLogoutPending(pending: boolean) {
  try {
    if (pending) localStorage.setItem(LOGOUT_PENDING, '1');
    else localStorage.removeItem(LOGOUT_PENDING);
  } catch {
    // no storage: the logout is sent once, as before
  }
}

let telling: Promise<boolean> | undefined;
/** POST /api/auth/logout once at a time; true when the server heard it (a 4xx is signed out too). */
function tellServerLoggedOut(): Promise<boolean> {
  telling ??= call(authApi.logout)
    .then(
      () => true,
      (err: unknown) => err instanceof ApiError && err.status < 500,
    )
    .then((heard) => {
      if (heard) setLogoutPending(false);
      telling = undefined;
      return heard;
    });
  return telling;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    if (logoutPending()) void tellServerLoggedOut();
  });
}

const waited = (ms: number) => new Promise<false>((resolve) => setTimeout(() => resolve(false), ms));

export function useLogout() {
  const [, navigate] = useLocation();
  return useMutation({
    networkMode: 'always', // offline too: TanStack would otherwise hold it until the network returns
    mutationFn: async () => {
      setLogoutPending(true);
      await forgetOfflineCopy();
      const told = tellServerLoggedOut();
      return navigator.onLine ? Promise.race([told, waited(LOGOUT_WAIT_MS)]) : false;
    },
    onSettled: (heard) => {
      queryClient.clear(); // all cached member data goes with the session
      queryClient.setQueryData(SESSION_KEY, null);
      toast({
        title: t('msg.loggedOutTitle'),
        description: heard ? t('msg.loggedOutText') : t('msg.loggedOutOfflineText'),
      });
      navigate('/login');
    },
  });
}

/** Keeps the member's language on their profile, so mails and their other devices use it (fire and forget). */
export function saveProfileLocale(locale: Locale): void {
  void call(authApi.locale, { body: { locale } }).catch(() => undefined);
}
