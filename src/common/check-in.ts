import { z } from 'zod';
import { BOOKING_STATUSES } from './bookings.ts';

/** The door's calls (decision 009): the contract between the check-in page and the server. */
export const checkInBody = z.object({
  code: z.string().trim().min(1, 'Scan a pass or type its code').max(100),
  /** The event staff are admitting for: a pass for another one is refused, not admitted. */
  eventId: z.string().min(1).max(200).optional(),
  slotId: z.uuid().optional(),
});

/** A booking at the door. A partner sees the name and e-mail only when shared (decision 046). */
export const checkedInBookingSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
  guestCount: z.number().int(),
  slot: z.string().nullable(),
});

export type CheckedInBooking = z.infer<typeof checkedInBookingSchema>;

export const checkInAnswerSchema = z.object({
  booking: checkedInBookingSchema,
  checkedInAt: z.string(),
});
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>;

/** A refusal: why, in words and as a code, with what staff need to act on it. */
export const checkInRefusalSchema = z.object({
  error: z.string(),
  code: z.string(),
  checkedInAt: z.string().optional(),
  checkedInBy: z.string().optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  booking: checkedInBookingSchema.optional(),
});

export const checkInBookingParams = z.object({ bookingId: z.uuid('Booking not found') });

/** An event the door can admit for, with its live count (GET /api/admin/check-in/events). */
export const doorEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  when: z.string().nullable(),
  checkedIn: z.number().int(),
  expected: z.number().int(),
});
export type DoorEvent = z.infer<typeof doorEventSchema>;
export const doorEventsSchema = z.object({ data: z.array(doorEventSchema) });

/**
 * A confirmed booking's pass as the door keeps it (also on the device, for scanning offline). A partner's door has no
 * codes (their scans are matched on the server) and names and e-mails only as shared (decision 046).
 */
export const doorPassSchema = z.object({
  bookingId: z.string(),
  code: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  guestCount: z.number().int(),
  slotId: z.string().nullable(),
  slot: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  checkedInBy: z.string().nullable(),
});
export type DoorPass = z.infer<typeof doorPassSchema>;
export const doorPassesSchema = z.object({ event: doorEventSchema, passes: z.array(doorPassSchema) });
export type DoorPasses = z.infer<typeof doorPassesSchema>;
export const doorEventParams = z.object({ eventId: z.string().min(1).max(200) });
