import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { rsvpApi } from '#common/api/rsvp.ts';
import type { Benefit } from '#common/benefits.ts';
import type { BookingDetail, CalendarFeed, MyBooking, Wallets } from '#common/bookings.ts';
import type { ConciergeSlot, EveningSlot } from '#common/concierge.ts';
import { POLL } from '#common/polling.ts';
import type { BodyOf } from '#common/route-contract.ts';
import type { RsvpStatus, rsvpResultSchema, SlotsAnswer } from '#common/rsvp.ts';
import type { FormConfig, SlotLogic } from '../../components/rsvp-form/dynamic-form-body.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import { queryClient } from '../../lib/query-client.ts';
import { benefitKeys, memberBookingsKey } from '../../lib/query-keys.ts';
import type { MemberAction } from './member-actions.ts';

// The RSVP feature's data layer (decision 037): its query keys (names, never URLs), its reads as query options and
// its writes. The pages and the button call these by name; the URLs are written here only. The dashboard's one
// query, the member's bookings, is in ./member-bookings.ts, so its first chunk stays without the rest.

/**
 * Everything under `all` is what a booking change makes stale (`invalidateBookingQueries`); a booking's own detail
 * and the benefit are outside it: the booking page refreshes its booking itself.
 */
export const rsvpKeys = {
  all: ['rsvp'] as const,
  status: (eventId: string) => ['rsvp', 'status', eventId] as const,
  /** The event's stored capacity, as partner pages print it. */
  capacity: (eventId: string) => ['rsvp', 'capacity', eventId] as const,
  /** The place count a one-click action polls (its own call for some spec events). */
  actionSlots: (eventId: string) => ['rsvp', 'action-slots', eventId] as const,
  memberBookings: memberBookingsKey,
  myBookings: ['rsvp', 'my-bookings'] as const,
  calendarFeed: ['rsvp', 'calendar-feed'] as const,
  conciergeSlots: ['rsvp', 'concierge-slots'] as const,
  eveningSlots: ['rsvp', 'evening-slots'] as const,
  eveningCount: ['rsvp', 'evening-count'] as const,
  liveConfig: (benefitId: string) => ['rsvp', 'live-config', benefitId] as const,
  slotLogic: (benefitId: string) => ['rsvp', 'slot-logic', benefitId] as const,
  booking: (bookingId: string) => ['booking', bookingId] as const,
  userName: ['user-name'] as const,
};

// ---- types -------------------------------------------------------------------------------------------

export type StatusView = RsvpStatus & { unauthenticated?: boolean; error?: boolean };
/** What an RSVP POST answers: a waitlisted or pending booking says so, with a message. */
export type RsvpAnswer = z.infer<typeof rsvpResultSchema>;
/** offlineAsOf: set by the service worker when it answered from its cache (public/sw.js). */
type MyBookings = { data: MyBooking[]; wallets?: Wallets; offlineAsOf?: string };
export type LiveConfig = FormConfig & {
  behavior: FormConfig['behavior'] & { successMessage?: string; redirectAfterSubmission?: string | null };
};
export type DynamicAnswer = RsvpAnswer & { message: string; redirectAfterSubmission: string | null };

const get =
  <T>(url: string) =>
  () =>
    apiRequest<T>('GET', url);

/**
 * After a booking changes (moved, cancelled, approved): every status, count, slot list and the member's
 * bookings are stale. Queries on screen refetch now, the others when next shown.
 */
export const invalidateBookingQueries = () => queryClient.invalidateQueries({ queryKey: rsvpKeys.all });

// ---- the one-click action ----------------------------------------------------------------------------

const NOT_RSVPD: StatusView = { hasRsvpd: false, hasRsvp: false, calendar: null };

/** A 401 is "not RSVP'd, unauthenticated"; any other failure "not RSVP'd, error" (docs/spec/member-portal.md §8). */
export function useRsvpStatus(eventId: string, enabled: boolean, pollMs?: number, staleMs?: number) {
  return useQuery<StatusView>({
    queryKey: rsvpKeys.status(eventId),
    enabled,
    refetchInterval: (query) => pollMs ?? untilChange(query.state.data?.changesAt),
    // A booking cancelled on another device, or a window opened while the tab slept, shows when the member returns.
    refetchOnWindowFocus: 'always',
    ...(staleMs !== undefined ? { staleTime: staleMs } : {}),
    queryFn: async () => {
      try {
        return await call(rsvpApi.status, { params: { eventId } });
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return { ...NOT_RSVPD, unauthenticated: true };
        console.warn(err instanceof ApiError ? `Status check failed: ${err.status}` : err);
        return { ...NOT_RSVPD, error: true };
      }
    },
  });
}

/** Milliseconds until the status changes by the clock (a window opens, a draw closes), or no refetch. */
export function untilChange(changesAt: string | null | undefined, now = Date.now()): number | false {
  if (!changesAt) return false;
  const wait = Date.parse(changesAt) - now;
  // A little after the instant, so the server sees it passed; timers cannot wait longer than about 24.8 days.
  return Number.isNaN(wait) ? false : Math.min(Math.max(wait + 500, 1000), 2 ** 31 - 1);
}

/** The action's place count, from its own slots call (a spec event's may be signed out or have a fallback). */
export function useEventSlots(eventId: string, slots: MemberAction['slots'], enabled: boolean) {
  return useQuery<SlotsAnswer>({
    queryKey: rsvpKeys.actionSlots(eventId),
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

export const useEventCapacity = (eventId: string) =>
  useQuery({
    queryKey: rsvpKeys.capacity(eventId),
    queryFn: get<SlotsAnswer>(`/api/rsvp/${encodeURIComponent(eventId)}/slots`),
  });

/** A one-click RSVP (a tile's modal, a partner page). */
export const bookEvent = (eventId: string, body?: BodyOf<typeof rsvpApi.book>) =>
  call(rsvpApi.book, { params: { eventId }, body });

// ---- the RSVP pages' frame ---------------------------------------------------------------------------

const benefitQuery = (benefitId: string) =>
  queryOptions({ queryKey: benefitKeys.one(benefitId), queryFn: get<Benefit>(`/api/benefits/${benefitId}`) });
export const useBenefit = (benefitId: string) => useQuery(benefitQuery(benefitId));
export const useUserName = () =>
  useQuery({ queryKey: rsvpKeys.userName, queryFn: get<{ fullName: string }>('/api/auth/user-name') });

// ---- a booking ---------------------------------------------------------------------------------------

const bookingQuery = (id: string) =>
  queryOptions({ queryKey: rsvpKeys.booking(id), queryFn: get<BookingDetail>(`/api/bookings/${id}`) });
export const useBooking = (id: string) => useQuery(bookingQuery(id));
export const cancelBooking = (id: string) => apiRequest('POST', `/api/bookings/${encodeURIComponent(id)}/cancel`, {});
export const changeBooking = (id: string, change: { slotId?: string; guestCount?: number }) =>
  apiRequest<BookingDetail>('PATCH', `/api/bookings/${encodeURIComponent(id)}`, change);

// offlineFirst: without a network the call still goes out, and the service worker answers it from its cache.
const myBookingsQuery = queryOptions({
  queryKey: rsvpKeys.myBookings,
  queryFn: get<MyBookings>('/api/me/bookings'),
  networkMode: 'offlineFirst',
});
export const useMyBookings = () => useQuery(myBookingsQuery);
export const useCalendarFeed = () =>
  useQuery({ queryKey: rsvpKeys.calendarFeed, queryFn: get<CalendarFeed>('/api/me/calendar-feed') });
export const renewCalendarFeed = () => apiRequest<CalendarFeed>('POST', '/api/me/calendar-feed/renew', {});

// ---- the concierge tours and the evening -------------------------------------------------------------

export const CONCIERGE_REFRESH_PATH = '/api/rsvp/ap-house-time-slots/refresh';
export const useConciergeSlots = () =>
  useQuery({
    queryKey: rsvpKeys.conciergeSlots,
    queryFn: get<ConciergeSlot[]>('/api/rsvp/ap-house-time-slots'),
    refetchInterval: POLL.formSlotsMs,
  });
export const bookConcierge = (body: object) => apiRequest<RsvpAnswer>('POST', '/api/ap-house/rsvp', body);

export const EVENING_REFRESH_PATH = '/api/rsvp/time-slots/refresh';
export const useEveningSlots = () =>
  useQuery({
    queryKey: rsvpKeys.eveningSlots,
    queryFn: get<{ slots: EveningSlot[] }>('/api/rsvp/time-slots'),
    refetchInterval: POLL.formSlotsMs,
  });
export const useEveningCount = () =>
  useQuery({
    queryKey: rsvpKeys.eveningCount,
    queryFn: get<{ isFull: boolean }>('/api/rsvp/sap-night/count'),
    refetchInterval: POLL.eveningCountMs,
  });
export const bookEvening = (body: object) => apiRequest<RsvpAnswer>('POST', '/api/rsvp/sap-night', body);

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

// ---- a dynamic form ----------------------------------------------------------------------------------

export const useLiveConfig = (benefitId: string) =>
  useQuery({
    queryKey: rsvpKeys.liveConfig(benefitId),
    queryFn: get<LiveConfig>(`/api/rsvp/configuration/${benefitId}`),
  });
export const useSlotLogic = (benefitId: string) =>
  useQuery({
    queryKey: rsvpKeys.slotLogic(benefitId),
    queryFn: get<SlotLogic>(`/api/rsvp/slot-logic/${benefitId}`),
    refetchInterval: POLL.formSlotsMs,
  });
export const submitDynamic = (benefitId: string, body: object) =>
  apiRequest<DynamicAnswer>('POST', `/api/rsvp/dynamic/${encodeURIComponent(benefitId)}`, body);

/** The server's `{error}` without the status prefix, or the fallback (docs/spec/admin-and-rsvp.md §8). */
export const serverErrorText = (err: unknown, fallback: string) =>
  (err instanceof ApiError && err.status < 500 ? err.serverMessage : '') || fallback;
