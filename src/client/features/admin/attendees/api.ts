import { useMutation, useQuery } from '@tanstack/react-query';
import * as attendeesApi from '#common/api/attendees.ts';
import * as membersApi from '#common/api/members.ts';
import type { AddAttendeeBody, AttendeeAction, AttendeeSort, ExportFormat } from '#common/attendees.ts';
import type { BookingStatus } from '#common/bookings.ts';
import { pathOf } from '#common/route-contract.ts';
import { adminCall } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

/** What the page filters by; the exports take the same, so a file carries what the admin sees. */
export type AttendeeFilters = {
  q: string;
  status: BookingStatus | 'all';
  slotId: string;
  checkedIn: 'all' | 'yes' | 'no';
  sort: AttendeeSort;
  dir: 'asc' | 'desc';
};

export const NO_FILTERS: AttendeeFilters = {
  q: '',
  status: 'all',
  slotId: '',
  checkedIn: 'all',
  sort: 'bookedAt',
  dir: 'asc',
};

/** The list's and the exports' query: only what narrows it, then the order. */
const filterQuery = (f: AttendeeFilters) => ({
  ...(f.q.trim() ? { q: f.q.trim() } : {}),
  ...(f.status !== 'all' ? { status: f.status } : {}),
  ...(f.slotId ? { slotId: f.slotId } : {}),
  ...(f.checkedIn !== 'all' ? { checkedIn: f.checkedIn } : {}),
  sort: f.sort,
  dir: f.dir,
});

export const exportUrl = (eventId: string, format: ExportFormat, f: AttendeeFilters) =>
  pathOf(attendeesApi.exportOf[format], { params: { eventId }, query: filterQuery(f) });

export function useAttendees(eventId: string, f: AttendeeFilters) {
  return useQuery({
    queryKey: [...adminKeys.attendees(eventId), filterQuery(f)],
    queryFn: () => adminCall(attendeesApi.list, { params: { eventId }, query: filterQuery(f) }),
    placeholderData: (previous) => previous,
  });
}

// Every action changes counts, slots and the waitlist: the whole list (and the Bookings page) reloads.
const refresh = (eventId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.attendees(eventId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.bookings }),
  ]);

export function useAttendeeAction(eventId: string) {
  return useMutation({
    mutationFn: ({ id, action, slotId }: { id: string; action: AttendeeAction; slotId?: string }) =>
      action === 'move'
        ? adminCall(attendeesApi.move, { params: { eventId, bookingId: id }, body: { slotId: slotId ?? '' } })
        : adminCall(attendeesApi.actions[action], { params: { eventId, bookingId: id } }),
    onSettled: () => refresh(eventId),
  });
}

export function useBulkAction(eventId: string) {
  return useMutation({
    mutationFn: (body: { action: AttendeeAction; bookingIds: string[]; slotId?: string }) =>
      adminCall(attendeesApi.bulk, { params: { eventId }, body }),
    onSettled: () => refresh(eventId),
  });
}

export function useAddAttendee(eventId: string) {
  return useMutation({
    mutationFn: (body: AddAttendeeBody) => adminCall(attendeesApi.add, { params: { eventId }, body }),
    onSettled: () => refresh(eventId),
  });
}

/** The live form members book this event through (null without one): Add booking asks its questions too. */
export function useAttendeeForm(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.attendees(eventId), 'form'],
    queryFn: () => adminCall(attendeesApi.form, { params: { eventId } }),
    enabled,
  });
}

/** Listed members whose e-mail or name starts like the text: suggestions for Add booking. */
export function useMemberSuggestions(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: adminKeys.memberSuggestions(search),
    queryFn: () => adminCall(membersApi.list, { query: { search, page: 1, pageSize: 8 } }),
    enabled: search.length >= 2,
    staleTime: 30_000,
  });
}

/** Sets one slot's places; the server refuses a figure below the places held there. */
export function useSlotCapacity(eventId: string) {
  return useMutation({
    mutationFn: ({ slotId, capacity }: { slotId: string; capacity: number }) =>
      adminCall(attendeesApi.slotCapacity, { params: { eventId, slotId }, body: { capacity } }),
    onSettled: () => refresh(eventId),
  });
}
