import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AddAttendeeBody,
  Attendee,
  AttendeeAction,
  AttendeeForm,
  AttendeesList,
  BulkResult,
  ExportFormat,
} from '#common/attendees.ts';
import type { BookingStatus } from '#common/bookings.ts';
import type { SlotCapacityResult } from '#common/slot-capacity.ts';
import { adminRequest } from '../../../lib/admin-http.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { adminKeys } from '../api.ts';

/** What the page filters by; the exports take the same, so a file carries what the admin sees. */
export type AttendeeFilters = {
  q: string;
  status: BookingStatus | 'all';
  slotId: string;
  checkedIn: 'all' | 'yes' | 'no';
  sort: string;
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

const base = (eventId: string) => `/api/admin/events/${encodeURIComponent(eventId)}/attendees`;

export function filterQuery(f: AttendeeFilters): string {
  const params = new URLSearchParams();
  if (f.q.trim()) params.set('q', f.q.trim());
  if (f.status !== 'all') params.set('status', f.status);
  if (f.slotId) params.set('slotId', f.slotId);
  if (f.checkedIn !== 'all') params.set('checkedIn', f.checkedIn);
  params.set('sort', f.sort);
  params.set('dir', f.dir);
  return params.toString();
}

export const exportUrl = (eventId: string, format: ExportFormat, f: AttendeeFilters) =>
  `${base(eventId)}.${format}?${filterQuery(f)}`;

export function useAttendees(eventId: string, f: AttendeeFilters) {
  return useQuery({
    queryKey: [...adminKeys.attendees(eventId), filterQuery(f)],
    queryFn: () => adminRequest<AttendeesList>('GET', `${base(eventId)}?${filterQuery(f)}`),
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
      adminRequest<Attendee>('POST', `${base(eventId)}/${encodeURIComponent(id)}/${action}`, slotId ? { slotId } : {}),
    onSettled: () => refresh(eventId),
  });
}

export function useBulkAction(eventId: string) {
  return useMutation({
    mutationFn: (body: { action: AttendeeAction; bookingIds: string[]; slotId?: string }) =>
      adminRequest<BulkResult>('POST', `${base(eventId)}/bulk`, body),
    onSettled: () => refresh(eventId),
  });
}

export function useAddAttendee(eventId: string) {
  return useMutation({
    mutationFn: (body: AddAttendeeBody) => adminRequest<Attendee>('POST', base(eventId), body),
    onSettled: () => refresh(eventId),
  });
}

/** The live form members book this event through (null without one): Add booking asks its questions too. */
export function useAttendeeForm(eventId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...adminKeys.attendees(eventId), 'form'],
    queryFn: () => adminRequest<AttendeeForm>('GET', `${base(eventId)}/form`),
    enabled,
  });
}

/** Listed members whose e-mail or name starts like the text: suggestions for Add booking. */
export function useMemberSuggestions(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: adminKeys.memberSuggestions(search),
    queryFn: () =>
      adminRequest<{ members: { email: string; firstName: string | null; lastName: string | null }[] }>(
        'GET',
        `/api/admin/members?search=${encodeURIComponent(search)}&page=1&pageSize=8`,
      ),
    enabled: search.length >= 2,
    staleTime: 30_000,
  });
}

/** Sets one slot's places; the server refuses a figure below the places held there. */
export function useSlotCapacity(eventId: string) {
  return useMutation({
    mutationFn: ({ slotId, capacity }: { slotId: string; capacity: number }) =>
      adminRequest<SlotCapacityResult>(
        'PATCH',
        `/api/admin/events/${encodeURIComponent(eventId)}/slots/${encodeURIComponent(slotId)}`,
        { capacity },
      ),
    onSettled: () => refresh(eventId),
  });
}
