import type { MemberBooking } from '../../../common/bookings.ts';

export type TileBooking = Pick<
  MemberBooking,
  'id' | 'eventId' | 'eventTitle' | 'status' | 'waitlistPosition' | 'calendar' | 'manage'
>;

export type TileState = { text: string; tone: 'going' | 'awaiting' | 'waitlisted' };

/** The member's standing on a tile, in a word or two; a confirmed place outranks a held one, which outranks a wait. */
export function tileState(bookings: Pick<TileBooking, 'status' | 'waitlistPosition'>[]): TileState | null {
  if (bookings.some((b) => b.status === 'confirmed')) return { text: 'Going', tone: 'going' };
  if (bookings.some((b) => b.status === 'pending')) return { text: 'Awaiting approval', tone: 'awaiting' };
  const waiting = bookings.find((b) => b.status === 'waitlisted');
  if (waiting)
    return {
      text: waiting.waitlistPosition ? `Waitlisted #${waiting.waitlistPosition}` : 'Waitlisted',
      tone: 'waitlisted',
    };
  return null;
}

/** "Pass" for "National Gallery Singapore Pass" on the National Gallery Singapore tile: the part that differs. */
export const shortName = (eventTitle: string, benefitTitle: string) =>
  eventTitle.startsWith(benefitTitle) && eventTitle.length > benefitTitle.length
    ? eventTitle.slice(benefitTitle.length).trim()
    : eventTitle;
