import { z } from 'zod';
import { fallbackSchema } from './benefits.ts';
import { BOOKING_MSG } from './booking-text.ts';
import { calendarEventSchema } from './calendar-event.ts';
import { entryDrawSchema } from './draw-entry.ts';
import { wireScheduleSchema } from './schedule-schema.ts';

/**
 * A booking's life (decision 005): confirmed and pending hold a place; waitlisted waits for one; cancelled and declined
 * are over. One member has at most one active booking per event unless the configuration allows more. A fair
 * draw's entry (decision 031) is `entered` (active, holds nothing) until the draw makes it confirmed, pending,
 * waitlisted or `not_drawn` (over). `transferred`: the place went to another member (decision 057), over.
 */
export const BOOKING_STATUSES = [
  'confirmed',
  'pending',
  'waitlisted',
  'cancelled',
  'declined',
  'entered',
  'not_drawn',
  'transferred',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const HOLDING_STATUSES: BookingStatus[] = ['confirmed', 'pending'];
export const ACTIVE_STATUSES: BookingStatus[] = ['confirmed', 'pending', 'waitlisted', 'entered'];

// The texts live in a zod-free module: the member dashboard's CHANGE/CANCEL BOOKING link needs them in the entry.
export { BOOKING_MSG, CHANGE_CANCEL_LABEL } from './booking-text.ts';

export const bookingIdParams = z.object({ bookingId: z.uuid('Booking not found') });

export const bookingSlotSchema = z.object({ id: z.string(), date: z.string().nullable(), time: z.string() });

/** What the member may do with a booking now. changeUntil is the end of the editing window (ISO), if any. */
export const bookingManageSchema = z.object({
  canChange: z.boolean(),
  changeUntil: z.string().nullable(),
  /** The form lets members change nothing themselves: changes go through the partner contact. */
  changesOff: z.boolean().optional(),
  contactEmail: z.string().nullable(),
  maxGuests: z.number().int(),
  hasSlots: z.boolean(),
});

export const memberBookingSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  benefitId: z.string().nullable(),
  eventTitle: z.string(),
  /** The event's IANA zone: its times are read and written there (common/event-time.ts). */
  timeZone: z.string(),
  status: z.enum(BOOKING_STATUSES),
  guestCount: z.number().int(),
  totalAttendees: z.number().int(),
  createdAt: z.string(),
  calendar: calendarEventSchema.nullable(),
  waitlistPosition: z.number().int().nullable(),
  slot: bookingSlotSchema.nullable(),
  manage: bookingManageSchema,
  /** An entry in a fair draw (status entered): when the draw is and its public page (decision 031). */
  draw: entryDrawSchema.optional(),
  /** `['eventTitle']` (and My bookings' `title`) when the event's name was served in English (decision 073). */
  fallback: fallbackSchema,
});
export type MemberBooking = z.infer<typeof memberBookingSchema>;
export const memberBookingsSchema = z.object({ data: z.array(memberBookingSchema) });

/** GET /api/me/bookings: every booking of the member with when and where, and the pass of an admitted one. */
export const myBookingSchema = memberBookingSchema.extend({
  title: z.string(),
  /** The booked time (the slot's when it has one), ISO instants; null when the event has no time. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The same, as people read it (common/event-time.ts). */
  when: z.string().nullable(),
  /** The same as data, for the member's language (decision 071); absent when the event has no time. */
  schedule: wireScheduleSchema.optional(),
  venue: z.string(),
  mapUrl: z.string().nullable(),
  /** Only while the booking is confirmed (admitted at the door). */
  passCode: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  /** An offer's codes the member holds (decision 029): shown with a copy button, no QR (there is no door). */
  offerCodes: z.array(z.string()).optional(),
  /** "Can't make it? Release my place": the signed link's path while the booking may be released (decision 016). */
  releasePath: z.string().nullable(),
});
export type MyBooking = z.infer<typeof myBookingSchema>;
/** Which phone wallets this portal can put a pass in (decision 025): a button shows only for a configured one. */
export const walletsSchema = z.object({ apple: z.boolean(), google: z.boolean() });
export type Wallets = z.infer<typeof walletsSchema>;
export const myBookingsSchema = z.object({ data: z.array(myBookingSchema), wallets: walletsSchema.optional() });

/** The member's personal calendar feed: https for a browser, webcal:// for calendar apps. */
export const calendarFeedSchema = z.object({ url: z.string(), webcalUrl: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
/** GET /api/calendar/{token}.ics */
export const calendarFeedParams = z.object({
  file: z.string().regex(/^[A-Za-z0-9_-]{20,100}\.ics$/, 'Calendar feed not found'),
});

export const slotOptionSchema = bookingSlotSchema.extend({ remainingSlots: z.number().int() });
/** GET /api/bookings/:bookingId: the booking and the slots it could move to. */
export const bookingDetailSchema = memberBookingSchema.extend({ slotOptions: z.array(slotOptionSchema) });
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const changeBookingBody = z
  .object({
    slotId: z.uuid('Please select a time slot').optional(),
    guestCount: z.number().int().min(0).max(10).optional(),
  })
  .refine((b) => b.slotId !== undefined || b.guestCount !== undefined, { error: BOOKING_MSG.nothingToChange });

export const cancelResultSchema = z.object({ success: z.literal(true), status: z.literal('cancelled') });

/** The member's own booking as the RSVP status calls report it. */
export const ownBookingSchema = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  waitlistPosition: z.number().int().nullable(),
  canChange: z.boolean(),
  changeUntil: z.string().nullable(),
  contactEmail: z.string().nullable(),
});
export type OwnBooking = z.infer<typeof ownBookingSchema>;

/** Whether the event takes bookings now; opensAt / closesAt are ISO instants from the configuration's window. */
export const bookingWindowSchema = z.object({
  state: z.enum(['open', 'not-yet', 'closed', 'ended']),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  message: z.string().nullable(),
  /** The event's zone, so a member's page can say the message's instant in their language (decision 071). */
  timeZone: z.string().optional(),
});
export type BookingWindow = z.infer<typeof bookingWindowSchema>;

// ---- admin -------------------------------------------------------------------------------------

export const adminBookingSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  guestCount: z.number().int(),
  places: z.number().int(),
  slot: bookingSlotSchema.nullable(),
  /** The event's IANA zone: the slot and the booking's time are read there (decision 022). */
  timeZone: z.string(),
  /** The slot as people read it, in the event's zone ('4 December 2026, 6:30–8:00 PM EST'); null without a slot. */
  slotLabel: z.string().nullable(),
  waitlistPosition: z.number().int().nullable(),
  createdAt: z.string(),
  /** What the member answered on the form, labelled as the form asked it. */
  answers: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;
export const adminBookingsQuery = z.object({
  status: z.enum([...BOOKING_STATUSES, 'all']).default('pending'),
  eventId: z.string().max(200).optional(),
});
export const adminBookingsSchema = z.object({ data: z.array(adminBookingSchema) });
