import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { ERROR_CODE } from '../../../common/error-codes.ts';
import type { RsvpStatus, rsvpResultSchema, SlotsAnswer } from '../../../common/rsvp.ts';
import { isRedirectTarget, isWebUrl } from '../../../common/urls.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import type { MemberAction } from './member-actions.ts';

export { BOOKINGS_KEY, useMemberBookings } from './member-bookings.ts';

export type StatusView = RsvpStatus & { unauthenticated?: boolean; error?: boolean };
const NOT_RSVPD: StatusView = { hasRsvpd: false, hasRsvp: false, calendar: null };

export const statusKey = (eventId: string) => ['/api/rsvp', eventId, 'status'] as const;
/** What an RSVP POST answers: a waitlisted or pending booking says so, with a message. */
export type RsvpAnswer = z.infer<typeof rsvpResultSchema>;

/**
 * After a booking changes (moved, cancelled, approved): every status, count, slot list and the member's
 * bookings are stale. Queries on screen refetch now, the others when next shown.
 */
export function invalidateBookingQueries() {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [first] }) =>
      typeof first === 'string' &&
      (first.startsWith('/api/rsvp') ||
        first.startsWith('/api/user/') ||
        first.startsWith('/api/me/') ||
        first.endsWith('/slots')),
  });
}

/** A 401 is "not RSVP'd, unauthenticated"; any other failure "not RSVP'd, error" (docs/spec/member-portal.md §8). */
export function useRsvpStatus(eventId: string, enabled: boolean, pollMs?: number, staleMs?: number) {
  return useQuery<StatusView>({
    queryKey: statusKey(eventId),
    enabled,
    refetchInterval: pollMs ?? false,
    ...(staleMs !== undefined ? { staleTime: staleMs } : {}),
    queryFn: async () => {
      try {
        return await apiRequest<RsvpStatus>('GET', `/api/rsvp/${encodeURIComponent(eventId)}/status`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return { ...NOT_RSVPD, unauthenticated: true };
        console.warn(err instanceof ApiError ? `Status check failed: ${err.status}` : err);
        return { ...NOT_RSVPD, error: true };
      }
    },
  });
}

export function useEventSlots(slots: MemberAction['slots'], enabled: boolean) {
  return useQuery<SlotsAnswer>({
    queryKey: [slots?.path ?? 'no-slots'],
    enabled: enabled && Boolean(slots),
    refetchInterval: slots?.pollMs ?? false,
    staleTime: slots?.staleMs ?? 0,
    queryFn: async () => {
      const res = await fetch(slots?.path ?? '', { credentials: slots?.withCredentials ? 'include' : 'omit' });
      if (!res.ok) {
        if (slots?.fallback) return slots.fallback;
        throw new Error(`Slots fetch failed: ${res.status}`);
      }
      return (await res.json()) as SlotsAnswer;
    },
  });
}

/** POST a slot refresh and say how it went with the spec's toasts (docs/spec/admin-and-rsvp.md §8). */
export function useSlotRefresh(path: string, slotsKey: readonly unknown[]) {
  return useMutation({
    mutationFn: () => apiRequest<{ success: boolean; error?: string }>('POST', path),
    onSuccess: (answer) => {
      if (!answer.success)
        toast({ title: 'Refresh Warning', description: 'Using last known slot availability', variant: 'warning' });
      void queryClient.invalidateQueries({ queryKey: slotsKey });
    },
    onError: (err) =>
      toast({
        title: 'Refresh Failed',
        description: (err instanceof ApiError ? err.serverMessage : '') || 'Unable to refresh slot availability',
        variant: 'destructive',
      }),
  });
}

/** The server's `{error}` without the status prefix, or the fallback (docs/spec/admin-and-rsvp.md §8). */
export const serverErrorText = (err: unknown, fallback: string) =>
  (err instanceof ApiError && err.status < 500 ? err.serverMessage : '') || fallback;

const ALREADY_CODES = new Set<string>([ERROR_CODE.alreadyBooked, ERROR_CODE.alreadyWaitlisted]);

export const ALREADY_RSVPD_TITLE = "Already RSVP'd";

/**
 * The failure toast of a form RSVP: a 409 "already" is the spec's 'Already RSVP'd' (and the
 * page's status is refreshed so it shows SUBMITTED); anything else gets the given title and text.
 */
export function toastRsvpFailure(err: unknown, eventId: string, title: string, fallback: string) {
  if (err instanceof ApiError && err.status === 409 && ALREADY_CODES.has(err.code ?? '')) {
    toast({ title: ALREADY_RSVPD_TITLE, description: err.serverMessage, variant: 'destructive' });
    void queryClient.invalidateQueries({ queryKey: statusKey(eventId) });
    return;
  }
  toast({ title, description: serverErrorText(err, fallback), variant: 'destructive' });
}

/** navigate() after a delay, cancelled if the page goes away first. */
export function useDelayedNavigate() {
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (to: string, delayMs: number) => {
    if (timer.current) clearTimeout(timer.current);
    // Another site is a real page load; a portal path goes through the router; anything else goes nowhere odd.
    const target = isRedirectTarget(to) ? to : '/benefits';
    timer.current = setTimeout(() => (isWebUrl(target) ? window.location.assign(target) : navigate(target)), delayMs);
  };
}

/** Clears a chosen option once it is no longer offered (a slot that filled up meanwhile). */
export function useDropStaleChoice(value: string | undefined, offered: string[], clear: () => void, ready: boolean) {
  const key = offered.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `offered`
  useEffect(() => {
    if (ready && value && !offered.includes(value)) clear();
  }, [key, value, ready]);
}
