import type { MemberBooking } from '#common/bookings.ts';
import { t as browserT } from '../../i18n/i18n.ts';
import { drawOnText } from '../../i18n/schedule-formatter.ts';
import type { Translate } from '../../i18n/use-t.ts';

export type TileBooking = Pick<
  MemberBooking,
  'id' | 'eventId' | 'eventTitle' | 'status' | 'waitlistPosition' | 'calendar' | 'manage' | 'draw'
>;

export type TileState = { text: string; tone: 'going' | 'awaiting' | 'waitlisted' | 'entered' };

/** The member's standing on a tile, in a word or two; a confirmed place outranks a held one, which outranks a wait. */
export function tileState(
  bookings: Pick<TileBooking, 'status' | 'waitlistPosition' | 'draw'>[],
  kind: 'event' | 'benefit' = 'event',
  t: Translate = browserT,
  locale = 'en',
): TileState | null {
  // An offer or an interest is not somewhere to go: its done button says what happened.
  if (bookings.some((b) => b.status === 'confirmed'))
    return kind === 'event' ? { text: t('tile.going'), tone: 'going' } : null;
  if (bookings.some((b) => b.status === 'pending')) return { text: t('tile.awaiting'), tone: 'awaiting' };
  // A fair draw's entry (decision 031): when the draw is, in the event's zone and the member's language.
  const entry = bookings.find((b) => b.status === 'entered');
  if (entry)
    return {
      text: entry.draw ? t('tile.enteredDraw', { date: drawOnText(entry.draw, locale) }) : t('tile.entered'),
      tone: 'entered',
    };
  const waiting = bookings.find((b) => b.status === 'waitlisted');
  if (waiting)
    return {
      text: waiting.waitlistPosition
        ? t('tile.waitlistedAt', { position: waiting.waitlistPosition })
        : t('tile.waitlisted'),
      tone: 'waitlisted',
    };
  return null;
}

/**
 * The tile's button once every event it books is confirmed for the member: the action's done label (member spec
 * §8: OFFER CLAIMED, INTEREST EXPRESSED, RSVP Confirmed...). A tile that opens a page keeps its call to action.
 */
export function tileDoneEvents(
  actions: string[],
  bookings: Pick<TileBooking, 'eventId' | 'status'>[],
): string[] | null {
  const booked = (eventId: string) => bookings.some((b) => b.eventId === eventId && b.status === 'confirmed');
  const events = actions.length > 0 ? actions : [...new Set(bookings.map((b) => b.eventId))];
  return events.length > 0 && events.every(booked) ? events : null;
}

/** Sold out for this member: every event the tile books is full (no waitlist) and the member holds none of them. */
export function tileSoldOut(actions: string[], bookings: unknown[], soldOut: ReadonlySet<string>): boolean {
  return bookings.length === 0 && actions.length > 0 && actions.every((id) => soldOut.has(id));
}

export type TileButton = {
  state: 'open' | 'done' | 'sold-out' | 'entered' | 'waitlisted' | 'awaiting' | 'ended';
  label: string;
};

/**
 * The tile's button in each state: gold and the benefit's own words only while there is something to press for;
 * done, full, ended, waitlisted, awaiting approval and entered say so (the modal or page still opens, to read).
 */
export function tileButton(t: {
  doneLabel: string | null;
  full: boolean;
  ended: boolean;
  state: TileState | null;
  idle: string;
  /** A full event's own words for it (an offer's ALL CLAIMED); absent: the spec's SOLD OUT in the member's language. */
  fullLabel?: string | null;
  t?: Translate;
}): TileButton {
  const say = t.t ?? browserT;
  if (t.doneLabel) return { state: 'done', label: t.doneLabel };
  if (t.state?.tone === 'entered') return { state: 'entered', label: say('button.entered') };
  if (t.state?.tone === 'waitlisted') return { state: 'waitlisted', label: say('button.onWaitlist') };
  if (t.state?.tone === 'awaiting') return { state: 'awaiting', label: say('button.awaiting') };
  if (t.ended) return { state: 'ended', label: say('button.ended') };
  if (t.full) return { state: 'sold-out', label: t.fullLabel || say('button.soldOut') };
  return { state: 'open', label: t.idle };
}

/** "Pass" for "National Gallery Singapore Pass" on the National Gallery Singapore tile: the part that differs. */
export const shortName = (eventTitle: string, benefitTitle: string) =>
  eventTitle.startsWith(benefitTitle) && eventTitle.length > benefitTitle.length
    ? eventTitle.slice(benefitTitle.length).trim()
    : eventTitle;

/** The year the catalogue's events end in (most of them), for the banner; empty before it has loaded. */
export function catalogueYear(benefits: { endsAt: string | null }[] | undefined): string {
  const counts = new Map<number, number>();
  for (const b of benefits ?? []) {
    const year = b.endsAt ? new Date(b.endsAt).getUTCFullYear() : null;
    if (year) counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return best ? String(best[0]) : '';
}
