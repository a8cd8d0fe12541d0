import { z } from 'zod';

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
} as const;

/** Add To Calendar data; dates in compact UTC form (20250930T110000Z). */
export const calendarEventSchema = z.object({
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const rsvpStatusSchema = z.object({
  hasRsvpd: z.boolean(),
  // wristcheck, jai and after2049 were read as hasRsvp by the original client (DESIGN §4): both are sent.
  hasRsvp: z.boolean(),
  calendar: calendarEventSchema.nullable(),
  bookingDetails: z.object({ selectedDate: z.string(), timeSlot: z.string() }).nullable().optional(),
});
export type RsvpStatus = z.infer<typeof rsvpStatusSchema>;

export const slotsSchema = z.object({
  remainingSlots: z.number().int().nullable(),
  bookableSlots: z.number().int().nullable(),
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
});

export const memberBookingSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  benefitId: z.string().nullable(),
  eventTitle: z.string(),
  status: z.string(),
  guestCount: z.number().int(),
  totalAttendees: z.number().int(),
  createdAt: z.string(),
  calendar: calendarEventSchema.nullable(),
});
export type MemberBooking = z.infer<typeof memberBookingSchema>;
export const memberBookingsSchema = z.object({ data: z.array(memberBookingSchema) });
