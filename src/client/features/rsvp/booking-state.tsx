import { Link } from 'wouter';
import { BOOKING_MSG, CHANGE_CANCEL_LABEL } from '../../../common/booking-text.ts';
import type { BookingStatus, BookingWindow } from '../../../common/bookings.ts';
import type { RsvpStatus } from '../../../common/rsvp.ts';
import { bookingPath } from '../../paths.ts';

/** A booking's status as members read it (booking page, My bookings). */
export const STATUS_TEXT: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Awaiting approval',
  waitlisted: 'On the waitlist',
  cancelled: 'Cancelled',
  declined: 'Declined',
};

/** Button words for a booking's states; each surface says them in its own case (see `say`). */
export const STATE_LABEL = {
  joinWaitlist: 'Join Waitlist',
  onWaitlist: 'On Waitlist',
  awaiting: 'Awaiting Approval',
  closed: 'Bookings Closed',
  notYet: 'Not Open Yet',
  ended: 'Ended',
} as const;

const SHUT_LABEL = {
  open: STATE_LABEL.closed,
  closed: STATE_LABEL.closed,
  'not-yet': STATE_LABEL.notYet,
  ended: STATE_LABEL.ended,
} as const;

export const STATE_TOAST = { waitlisted: 'Joined Waitlist', pending: 'Request Received' } as const;

export const waitlistLine = (position: number | null) =>
  position ? `You are number ${position} on the waitlist.` : 'You are on the waitlist.';

/** A label in the case of the surface's own idle label: 'SUBMIT' pages shout, 'Secure Spot Now' does not. */
export const say = (idle: string, text: string) => (idle === idle.toUpperCase() ? text.toUpperCase() : text);

/** What the member's booking, the booking window and the waitlist mean for an RSVP button. */
export type RsvpState = {
  /** The member's active booking, if any. */
  own: { status: BookingStatus; waitlistPosition: number | null } | null;
  /** The window is not open and the member has no booking: the button is disabled and says why. */
  shut: BookingWindow | null;
  /** The event is full and takes names for its waitlist. */
  waitlistOpen: boolean;
};

export function rsvpState(status: RsvpStatus | undefined, justBooked?: RsvpState['own']): RsvpState {
  const own = status?.booking ?? justBooked ?? null;
  const window = status?.bookingWindow;
  return {
    own,
    shut: !own && window && window.state !== 'open' ? window : null,
    waitlistOpen: !own && Boolean(status?.waitlistOpen),
  };
}

/** The button label for a booking or a closed window, or null when the surface's own label applies. */
export function stateLabel(s: RsvpState, idle: string): string | null {
  if (s.own?.status === 'waitlisted')
    return `${say(idle, STATE_LABEL.onWaitlist)}${s.own.waitlistPosition ? ` · #${s.own.waitlistPosition}` : ''}`;
  if (s.own?.status === 'pending') return say(idle, STATE_LABEL.awaiting);
  if (s.shut) return say(idle, SHUT_LABEL[s.shut.state]);
  return null;
}

/** The line under the button that explains a waitlist place, an approval or a closed window. */
export function StateNote({ state }: { state: RsvpState }) {
  const text =
    state.own?.status === 'waitlisted'
      ? waitlistLine(state.own.waitlistPosition)
      : state.own?.status === 'pending'
        ? BOOKING_MSG.pending
        : state.shut?.message;
  if (!text) return null;
  return (
    <p className="text-sm text-zinc-300" data-testid="booking-state">
      {text}
    </p>
  );
}

export type ManageableBooking = { id: string; canChange: boolean; contactEmail: string | null };

const linkClass =
  'inline-block text-xs font-semibold tracking-wider text-gold underline underline-offset-4 hover:text-gold-soft';

/**
 * CHANGE/CANCEL BOOKING below a booking button: the member's booking page while the editing window is open,
 * else an e-mail to the partner contact as the original did (nothing when there is no contact).
 */
export function ManageBookingLink({ booking }: { booking: ManageableBooking | null | undefined }) {
  if (!booking) return null;
  if (booking.canChange)
    return (
      <Link href={bookingPath(booking.id)} className={linkClass} data-testid="manage-booking">
        {CHANGE_CANCEL_LABEL}
      </Link>
    );
  if (!booking.contactEmail) return null;
  return (
    <a href={`mailto:${booking.contactEmail}`} className={linkClass} data-testid="manage-booking">
      {CHANGE_CANCEL_LABEL}
    </a>
  );
}
