import { z } from 'zod';
import { BOOKING_STATUSES, bookingSlotSchema } from './bookings.ts';
import { RELEASE_MSG } from './release-text.ts';
import { wireScheduleSchema } from './schedule-schema.ts';

// The texts live in a zod-free module: member pages use them without the schemas.
export { RELEASE_LABEL, RELEASE_MSG } from './release-text.ts';

/** The token in the link: base64url, of fixed length (release-link.ts writes 48 characters). */
export const releaseParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{40,60}$/, RELEASE_MSG.invalid),
});

/** GET /api/release/{token}: what releasing would give up, as the confirmation page shows it. */
export const releaseViewSchema = z.object({
  eventTitle: z.string(),
  /** The booked time in the event's own zone, labelled (common/event-time.ts); null when the event has none. */
  when: z.string().nullable(),
  /** `when` as data, for the member's language (decision 071); absent when the event has no time. */
  schedule: wireScheduleSchema.optional(),
  venue: z.string(),
  slot: bookingSlotSchema.nullable(),
  /** The event's IANA zone: the slot's times are read there. */
  timeZone: z.string().optional(),
  guestCount: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  /** The member's name as booked, so a forwarded mail shows whose place it is. */
  name: z.string(),
});
export type ReleaseView = z.infer<typeof releaseViewSchema>;

/** POST /api/release/{token}: the booking is cancelled and its place handed on. */
export const releaseResultSchema = z.object({
  released: z.literal(true),
  eventTitle: z.string(),
  message: z.string(),
});
export type ReleaseResult = z.infer<typeof releaseResultSchema>;
