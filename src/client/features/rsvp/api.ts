import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import * as authApi from '#common/api/auth.ts';
import * as benefitsApi from '#common/api/benefits.ts';
import * as bookingsApi from '#common/api/bookings.ts';
import * as rsvpApi from '#common/api/rsvp.ts';
import type { MyBooking, Wallets } from '#common/bookings.ts';
import { POLL } from '#common/polling.ts';
import type { BodyOf, ResponseOf } from '#common/route-contract.ts';
import type { RsvpStatus, rsvpResultSchema, SlotsAnswer } from '#common/rsvp.ts';
import type { FormConfig, SlotLogic } from '../../components/rsvp-form/dynamic-form-body.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { serverLang } from '../../i18n/error-text.ts';
import { t } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api.ts';
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
  conciergeSlots: (eventId: string) => ['rsvp', 'concierge-slots', eventId] as const,
  eveningSlots: (eventId: string) => ['rsvp', 'evening-slots', eventId] as const,
  eveningCount: (eventId: string) => ['rsvp', 'evening-count', eventId] as const,
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
export type DynamicAnswer = ResponseOf<typeof rsvpApi.submitDynamic>;

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
    queryFn: () => call(rsvpApi.slots, { params: { eventId } }),
  });

/** A one-click RSVP (a tile's modal, a partner page). */
export const bookEvent = (eventId: string, body?: BodyOf<typeof rsvpApi.book>) =>
  call(rsvpApi.book, { params: { eventId }, body });

// ---- the RSVP pages' frame ---------------------------------------------------------------------------

const benefitQuery = (benefitId: string) =>
  queryOptions({
    queryKey: benefitKeys.one(benefitId),
    queryFn: () => call(benefitsApi.one, { params: { benefitId } }),
    // /rsvp/{id} picks its form from this answer, then the form's frame reads it again: a refused one (404) asked again
    // on that mount turns pending, the form unmounts, and the two would take turns for ever.
    retryOnMount: false,
  });
export const useBenefit = (benefitId: string) => useQuery(benefitQuery(benefitId));
export const useUserName = () => useQuery({ queryKey: rsvpKeys.userName, queryFn: () => call(authApi.userName) });

// ---- a booking ---------------------------------------------------------------------------------------

const bookingQuery = (id: string) =>
  queryOptions({ queryKey: rsvpKeys.booking(id), queryFn: () => call(bookingsApi.one, { params: { bookingId: id } }) });
export const useBooking = (id: string) => useQuery(bookingQuery(id));
export const cancelBooking = (id: string) => call(bookingsApi.cancel, { params: { bookingId: id } });
export const changeBooking = (id: string, change: BodyOf<typeof bookingsApi.change>) =>
  call(bookingsApi.change, { params: { bookingId: id }, body: change });

// offlineFirst: without a network the call still goes out, and the service worker answers it from its cache.
const myBookingsQuery = queryOptions({
  queryKey: rsvpKeys.myBookings,
  queryFn: (): Promise<MyBookings> => call(bookingsApi.mine),
  networkMode: 'offlineFirst',
});
export const useMyBookings = () => useQuery(myBookingsQuery);
export const useCalendarFeed = () =>
  useQuery({ queryKey: rsvpKeys.calendarFeed, queryFn: () => call(bookingsApi.calendarFeed) });
export const renewCalendarFeed = () => call(bookingsApi.renewCalendarFeed);

// ---- the concierge tours and the evening -------------------------------------------------------------

/** The spec's own events keep the spec's calls; any other event of these forms has the same by its id (decision 064). */
export const SPEC_EVENING = 'sap-night';
export const SPEC_TOURS = 'ap-house';
const params = (eventId: string) => ({ params: { eventId } });

export const useConciergeSlots = (eventId: string) =>
  useQuery({
    queryKey: rsvpKeys.conciergeSlots(eventId),
    queryFn: () => (eventId === SPEC_TOURS ? call(rsvpApi.conciergeSlots) : call(rsvpApi.tourSlotsOf, params(eventId))),
    refetchInterval: POLL.formSlotsMs,
  });
export const bookConcierge = (eventId: string, body: BodyOf<typeof rsvpApi.bookConcierge>) =>
  eventId === SPEC_TOURS
    ? call(rsvpApi.bookConcierge, { body })
    : call(rsvpApi.bookTourOf, { ...params(eventId), body });

export const useEveningSlots = (eventId: string) =>
  useQuery({
    queryKey: rsvpKeys.eveningSlots(eventId),
    queryFn: () =>
      eventId === SPEC_EVENING ? call(rsvpApi.eveningSlots) : call(rsvpApi.eveningSlotsOf, params(eventId)),
    refetchInterval: POLL.formSlotsMs,
  });
export const useEveningCount = (eventId: string) =>
  useQuery({
    queryKey: rsvpKeys.eveningCount(eventId),
    queryFn: () => (eventId === SPEC_EVENING ? call(rsvpApi.eveningCount) : call(rsvpApi.formCount, params(eventId))),
    refetchInterval: POLL.eveningCountMs,
  });
export const bookEvening = (eventId: string, body: BodyOf<typeof rsvpApi.bookEvening>) =>
  eventId === SPEC_EVENING
    ? call(rsvpApi.bookEvening, { body })
    : call(rsvpApi.bookEveningOf, { ...params(eventId), body });

const refreshSlots = (eventId: string) =>
  eventId === SPEC_EVENING
    ? call(rsvpApi.eveningRefresh)
    : eventId === SPEC_TOURS
      ? call(rsvpApi.conciergeRefresh)
      : call(rsvpApi.formSlotsRefresh, params(eventId));

/** POST a slot refresh and say how it went with the spec's toasts (docs/spec/admin-and-rsvp.md §8). */
export function useSlotRefresh(eventId: string, slotsKey: readonly unknown[]) {
  return useMutation({
    mutationFn: () => refreshSlots(eventId),
    onSuccess: (answer) => {
      if (!answer.success)
        toast({ title: t('toast.refreshWarning'), description: t('toast.refreshWarningText'), variant: 'warning' });
      void queryClient.invalidateQueries({ queryKey: slotsKey });
    },
    onError: (err) => {
      const said = err instanceof ApiError ? err.serverMessage : '';
      toast({
        title: t('toast.refreshFailed'),
        description: said || t('toast.refreshFailedText'),
        descriptionLang: said && err instanceof ApiError ? serverLang(err.lang) : undefined,
        variant: 'destructive',
      });
    },
  });
}

// ---- a dynamic form ----------------------------------------------------------------------------------

export const useLiveConfig = (benefitId: string) =>
  useQuery({
    queryKey: rsvpKeys.liveConfig(benefitId),
    queryFn: (): Promise<LiveConfig> => call(rsvpApi.liveConfig, { params: { benefitId } }),
  });
export const useSlotLogic = (benefitId: string) =>
  useQuery({
    queryKey: rsvpKeys.slotLogic(benefitId),
    queryFn: (): Promise<SlotLogic> => call(rsvpApi.slotLogic, { params: { benefitId } }),
    refetchInterval: POLL.formSlotsMs,
  });
export const submitDynamic = (benefitId: string, body: BodyOf<typeof rsvpApi.submitDynamic>) =>
  call(rsvpApi.submitDynamic, { params: { benefitId }, body });
