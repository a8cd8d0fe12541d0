import { useQuery } from '@tanstack/react-query';
import type { Benefit } from '../../../common/benefits.ts';
import type { BookingDetail, CalendarFeed, MyBooking, Wallets } from '../../../common/bookings.ts';
import type { ConciergeSlot, EveningSlot } from '../../../common/concierge.ts';
import { POLL } from '../../../common/polling.ts';
import type { SlotsAnswer } from '../../../common/rsvp.ts';
import type { FormConfig, SlotLogic } from '../../components/rsvp-form/dynamic-form-body.tsx';
import { apiRequest } from '../../lib/api.ts';
import type { RsvpAnswer } from './api.ts';

// The RSVP pages' reads and writes by name: the URLs (and the query keys made of them) live here, not in the pages.

export const useBenefit = (benefitId: string) => useQuery<Benefit>({ queryKey: ['/api/benefits', benefitId] });
export const useUserName = () => useQuery<{ fullName: string }>({ queryKey: ['/api/auth/user-name'] });
export const useEventSlotCount = (eventId: string) =>
  useQuery<SlotsAnswer>({ queryKey: ['/api/rsvp', eventId, 'slots'] });

/** A one-click RSVP (a tile's modal, a partner page). */
export const bookEvent = (eventId: string, body?: object) =>
  apiRequest<RsvpAnswer>('POST', `/api/rsvp/${encodeURIComponent(eventId)}`, body);

// ---- a booking -----------------------------------------------------------------------------------

export const bookingKey = (id: string) => ['/api/bookings', id] as const;
export const useBooking = (id: string) => useQuery<BookingDetail>({ queryKey: bookingKey(id) });
export const cancelBooking = (id: string) => apiRequest('POST', `/api/bookings/${encodeURIComponent(id)}/cancel`, {});
export const changeBooking = (id: string, change: { slotId?: string; guestCount?: number }) =>
  apiRequest<BookingDetail>('PATCH', `/api/bookings/${encodeURIComponent(id)}`, change);

export const MY_BOOKINGS_KEY = ['/api/me/bookings'] as const;
/** offlineAsOf: set by the service worker when it answered from its cache (public/sw.js). */
export type MyBookings = { data: MyBooking[]; wallets?: Wallets; offlineAsOf?: string };
// offlineFirst: without a network the call still goes out, and the service worker answers it from its cache.
export const useMyBookings = () => useQuery<MyBookings>({ queryKey: MY_BOOKINGS_KEY, networkMode: 'offlineFirst' });
export const CALENDAR_FEED_KEY = ['/api/me/calendar-feed'] as const;
export const useCalendarFeed = () => useQuery<CalendarFeed>({ queryKey: CALENDAR_FEED_KEY });
export const renewCalendarFeed = () => apiRequest<CalendarFeed>('POST', '/api/me/calendar-feed/renew', {});

// ---- the concierge tours and the evening ---------------------------------------------------------

export const CONCIERGE_SLOTS_KEY = ['/api/rsvp/ap-house-time-slots'] as const;
export const CONCIERGE_REFRESH_PATH = '/api/rsvp/ap-house-time-slots/refresh';
export const useConciergeSlots = () =>
  useQuery<ConciergeSlot[]>({ queryKey: CONCIERGE_SLOTS_KEY, refetchInterval: POLL.formSlotsMs });
export const bookConcierge = (body: object) => apiRequest<RsvpAnswer>('POST', '/api/ap-house/rsvp', body);

export const EVENING_SLOTS_KEY = ['/api/rsvp/time-slots'] as const;
export const EVENING_REFRESH_PATH = '/api/rsvp/time-slots/refresh';
export const useEveningSlots = () =>
  useQuery<{ slots: EveningSlot[] }>({ queryKey: EVENING_SLOTS_KEY, refetchInterval: POLL.formSlotsMs });
export const useEveningCount = () =>
  useQuery<{ isFull: boolean }>({ queryKey: ['/api/rsvp/sap-night/count'], refetchInterval: POLL.eveningCountMs });
export const bookEvening = (body: object) => apiRequest<RsvpAnswer>('POST', '/api/rsvp/sap-night', body);

// ---- a dynamic form ------------------------------------------------------------------------------

export type LiveConfig = FormConfig & {
  behavior: FormConfig['behavior'] & { successMessage?: string; redirectAfterSubmission?: string | null };
};
export type DynamicAnswer = RsvpAnswer & { message: string; redirectAfterSubmission: string | null };

export const useLiveConfig = (benefitId: string) =>
  useQuery<LiveConfig>({ queryKey: ['/api/rsvp/configuration', benefitId] });
export const useSlotLogic = (benefitId: string) =>
  useQuery<SlotLogic>({ queryKey: ['/api/rsvp/slot-logic', benefitId], refetchInterval: POLL.formSlotsMs });
export const submitDynamic = (benefitId: string, body: object) =>
  apiRequest<DynamicAnswer>('POST', `/api/rsvp/dynamic/${encodeURIComponent(benefitId)}`, body);
