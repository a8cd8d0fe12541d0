import type { Attendee, AttendeeAction } from '#common/attendees.ts';
import type { BookingStatus } from '#common/bookings.ts';

/** What an admin may do to a booking in each status; the server's engine decides in the end. */
export const ACTIONS_BY_STATUS: Record<BookingStatus, AttendeeAction[]> = {
  confirmed: ['move', 'resend', 'cancel'],
  pending: ['approve', 'decline', 'move', 'resend', 'cancel'],
  waitlisted: ['promote', 'move', 'resend', 'cancel'],
  cancelled: [],
  declined: [],
  entered: ['cancel'],
  not_drawn: [],
  transferred: [],
};

export const ACTION_LABEL: Record<AttendeeAction, string> = {
  move: 'Move to another slot',
  resend: 'Resend confirmation',
  cancel: 'Cancel booking',
  approve: 'Approve',
  decline: 'Decline',
  promote: 'Promote from waitlist',
};

export const ACTION_DONE: Record<AttendeeAction, string> = {
  move: 'Booking moved',
  resend: 'Confirmation sent again',
  cancel: 'Booking cancelled',
  approve: 'Booking approved',
  decline: 'Booking declined',
  promote: 'Promoted from the waitlist',
};

/** Actions that end or refuse a booking: asked about first. */
export const DESTRUCTIVE: AttendeeAction[] = ['cancel', 'decline'];

export const STATUS_LABEL: Record<BookingStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Awaiting approval',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
  declined: 'Declined',
  entered: 'Entered in the draw',
  not_drawn: 'Not drawn',
  transferred: 'Given to someone else',
};

export const STATUS_CLASS: Record<BookingStatus, string> = {
  pending: 'text-amber-300',
  waitlisted: 'text-sky-300',
  confirmed: 'text-emerald-400',
  cancelled: 'text-zinc-400',
  declined: 'text-red-400',
  entered: 'text-violet-300',
  not_drawn: 'text-zinc-400',
  transferred: 'text-zinc-400',
};

export const nameOf = (a: Attendee) => a.fullName || a.email;
