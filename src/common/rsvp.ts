import { z } from 'zod';
import { BOOKING_STATUSES, bookingWindowSchema, ownBookingSchema } from './bookings.ts';
import { calendarEventSchema } from './calendar-event.ts';
import { eventDrawSchema } from './draw-entry.ts';

export const LOGIN_TO_RSVP = 'Please log in to RSVP for events';

export const RSVP_MSG = {
  alreadyBooked: 'You have already RSVP’d for this event.',
  soldOut: 'Sorry, this event is sold out.',
  slotFull: 'Sorry, this time slot is full. Please choose another.',
  slotNotFound: 'Please select a time slot',
  eventNotFound: 'Event not found',
  needsForm: 'This event is booked through its RSVP page.',
  tooManyGuests: (max: number) => `You can bring at most ${max} guests.`,
  busy: 'Many members are booking right now. Please try again.',
  formNotAvailable: 'This RSVP form is not currently available.',
} as const;

export type { CalendarEvent } from './calendar-event.ts';

export const rsvpStatusSchema = z.object({
  hasRsvpd: z.boolean(),
  // wristcheck, jai and after2049 were read as hasRsvp by the original client (docs/spec/DESIGN.md §4): both are sent.
  hasRsvp: z.boolean(),
  calendar: calendarEventSchema.nullable(),
  bookingDetails: z.object({ selectedDate: z.string(), timeSlot: z.string() }).nullable().optional(),
  // The member's booking of any status (hasRsvpd only counts one that holds a place), the booking window, and
  // whether a full event takes names for its waitlist.
  booking: ownBookingSchema.nullable().optional(),
  bookingWindow: bookingWindowSchema.optional(),
  waitlistOpen: z.boolean().optional(),
  /** An offer's codes the member holds (decision 029): shown in the modal with a copy button. */
  offerCodes: z.array(z.string()).optional(),
  /** How many more codes the member may claim (an offer whose limit per member is above 1). */
  claimsLeft: z.number().int().optional(),
  /** A fair draw not yet made (decision 031): members enter instead of booking. */
  draw: eventDrawSchema.nullable().optional(),
  /** When this answer next changes by the clock alone (a window or draw entry opens or closes, the event ends): ISO. */
  changesAt: z.string().nullable().optional(),
});
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

export const slotsSchema = z.object({
  remainingSlots: z.number().int().nullable(),
  bookableSlots: z.number().int().nullable(),
  /** An offer with a code pool (decision 029): the counts are codes, and the member reads "N left". */
  codes: z.boolean().optional(),
});
export type SlotsAnswer = z.infer<typeof slotsSchema>;

export const eventIdParams = z.object({ eventId: z.string().min(1).max(100) });

/** wristcheck, jai and after2049 send the member's name; others send nothing. Both are accepted. */
export const quickRsvpBody = z
  .object({ firstName: z.string().max(100).optional(), lastName: z.string().max(100).optional() })
  .nullish();

export const rsvpResultSchema = z.object({
  success: z.literal(true),
  bookingId: z.string(),
  remainingSlots: z.number().int().nullable(),
  status: z.enum(BOOKING_STATUSES).optional(),
  waitlistPosition: z.number().int().nullable().optional(),
  message: z.string().optional(),
  offerCodes: z.array(z.string()).optional(),
});

export { memberBookingsSchema } from './bookings.ts';

/** The events with a capacity that is all taken and no waitlist to join: their tiles say SOLD OUT. */
export const soldOutSchema = z.object({ eventIds: z.array(z.string()) });
export type SoldOutAnswer = z.infer<typeof soldOutSchema>;
