import type { Locale } from '#common/locales.ts';
import type { bookings } from '../../db/schema.ts';
import type { BookingPolicy, EventRow, SlotRow } from '../booking-rules/index.ts';
import type { Answer } from '../configurations/index.ts';

// What a booking message is about: apart from booking-mail.ts so templates.ts can type it without a cycle.

export type BookingRow = typeof bookings.$inferSelect;

/** What just happened to a booking; each kind decides which messages go to the member and the partner. */
export type BookingMailKind =
  | 'confirmed' // booked with a place (no approval needed)
  | 'pending' // booked, awaiting an admin's approval; holds its place
  | 'approved'
  | 'declined'
  | 'waitlisted'
  | 'promoted' // moved from the waitlist to a place
  | 'changed' // slot or guests changed by the member
  | 'cancelled' // by the member
  | 'reminder'
  | 'entered' // entered in a fair draw (decision 031): no place yet
  | 'draw_waitlisted' // the draw gave no place; on the waitlist in draw order
  | 'withdrawn' // a draw's entry withdrawn by the member
  | 'not_drawn' // the draw gave no place and the organiser releases the rest
  | 'transferred'; // the member's place went to someone they chose (decision 057)

export type BookingMailContext = {
  kind: BookingMailKind;
  booking: BookingRow; // as it is after the change
  event: EventRow;
  slot: SlotRow | null; // the booking's slot after the change
  policy: BookingPolicy;
  /** Links in the message point here, e.g. `${portalUrl}/bookings/${booking.id}`. */
  portalUrl: string;
  waitlistPosition?: number | null;
  daysBefore?: number; // reminders
  /** Reminders: the booking's signed "release my place" link (decision 016). */
  releaseUrl?: string;
  /** The member's answers, labelled as the form asked them: the partner's notice lists them. */
  answers?: Answer[];
  /** The offer codes the booking holds (decision 029), read by queueBookingMails. */
  offerCodes?: string[];
  /** Fair draws: when the draw is, as the event's zone reads it ('2 Dec, 6:00 PM SGT'), and its public page. */
  draw?: { on: string; url: string; at?: Date };
  /** The member's language (decision 061): queueBookingMails reads it from their profile; English when absent. */
  locale?: Locale;
};
