import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '#common/event-time.ts';
import type { ArgsFor, RouteDef } from '#common/route-contract.ts';
import { ApiError } from './api.ts';
import { call } from './call.ts';
import { queryClient } from './query-client.ts';

// Every admin query's key starts with 'admin' (features/admin/api.ts, `adminKeys`), so sign-out finds them all.
export const ADMIN_SESSION_KEY = ['admin', 'session'] as const;

// An expired admin session shows up as a 401 on any admin call: forget the session so the guard shows the login.
function forgetSessionOn401(err: unknown): never {
  if (err instanceof ApiError && err.status === 401) queryClient.setQueryData(ADMIN_SESSION_KEY, null);
  throw err;
}

/** `call` for an admin route: the same, plus the admin 401 handling above (docs/decisions/054). */
export const adminCall = <const D extends RouteDef>(route: D, ...args: ArgsFor<D>) =>
  call(route, ...args).catch(forgetSessionOn401);

/**
 * POST a FormData body. No Content-Type header: the browser must set it so the multipart
 * boundary is included. Non-OK answers raise the same ApiError as the JSON client.
 */
export async function postMultipart<T>(url: string, body: FormData): Promise<T> {
  const res = await fetch(url, { method: 'POST', credentials: 'include', body });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    forgetSessionOn401(new ApiError(res.status, `${res.status}: ${text}`, text));
  }
  return (await res.json()) as T;
}

/**
 * The server's `{error}` text, or the fallback when the failure did not come from the server (a 502 with an empty
 * body is 'Failed to create benefit. Please try again.', not 'Bad Gateway').
 */
export const serverMessageOr = (err: unknown, fallback: string) =>
  (err instanceof ApiError ? err.serverError : null) ?? fallback;

/** True for the admin area's queries (their keys start with 'admin'). */
export const isAdminQuery = (query: { queryKey: readonly unknown[] }) => query.queryKey[0] === 'admin';

/**
 * The organiser's zone (ORGANISER_TIME_ZONE, from the admin session the guard loaded): admin lists that span events
 * and analytics' days; a page about one event uses the event's zone.
 */
export function useOrganiserZone(): string {
  const session = useQuery<{ timeZone?: string } | null>({ queryKey: ADMIN_SESSION_KEY, enabled: false });
  return session.data?.timeZone ?? DEFAULT_TIME_ZONE;
}
