import { z } from 'zod';
import { BOOKING_STATUSES, bookingSlotSchema } from './bookings.ts';

/** "Can't make it? Release my place" (issue 16, docs/decisions/016): a signed link that works without signing in. */
export const RELEASE_PATH = '/release/:token';
export const releasePath = (token: string) => `/release/${encodeURIComponent(token)}`;
export const RELEASE_LABEL = "Can't make it? Release my place";

export const RELEASE_MSG = {
  invalid: 'This release link is not valid. Please use the link from your latest e-mail, or open My bookings.',
  used: 'This place has already been released. Nothing more to do: thank you for letting us know.',
  outdated: 'This booking has changed or been cancelled since this link was sent. Open My bookings for its details.',
  expired: 'This event has already started, so its place can no longer be released.',
  released: 'Your place has been released. Thank you: it goes to the next member on the waitlist.',
} as const;

/** The token in the link: base64url, of fixed length (release-link.ts writes 48 characters). */
export const releaseParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{40,60}$/, RELEASE_MSG.invalid),
});

/** GET /api/release/{token}: what releasing would give up, as the confirmation page shows it. */
export const releaseViewSchema = z.object({
  eventTitle: z.string(),
  /** The booked time in the event's own zone, labelled (common/event-time.ts); null when the event has none. */
  when: z.string().nullable(),
  venue: z.string(),
  slot: bookingSlotSchema.nullable(),
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
