import { createEvent, type EventAttributes } from 'ics';
import type { MailPayload } from './mail-outbox.ts';

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export type InviteInput = {
  method: CalendarMethod;
  bookingId: string;
  /** The booking's calendarSequence: every update or cancellation carries a higher one than the invite before. */
  sequence: number;
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string;
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** DTSTAMP; the moment the message is made. */
  stamp?: Date;
};

export const INVITE_FILENAME = 'invite.ics';
export const PRODUCT_ID = '-//Special Access Pass//Members Portal//EN';

/** One UID per booking, so a change replaces and a cancellation removes the same calendar entry. */
export const inviteUid = (bookingId: string) => `${bookingId}@passportal`;

// Parameter values are quoted by ics; quotes and line breaks inside them would break the line.
const param = (s: string) =>
  s
    .replace(/["\r\n\\;:,]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The booking as an iTIP message (RFC 5546): METHOD:REQUEST adds or updates the entry, METHOD:CANCEL removes it.
 * Times are UTC. Returns null when the data cannot make a valid calendar (an address ics refuses, say): the
 * message then goes without it rather than failing the booking that queued it.
 */
export function calendarInvite(input: InviteInput): NonNullable<MailPayload['calendar']> | null {
  // timestamp (DTSTAMP) is read by ics but missing from its types.
  const attributes: EventAttributes & { timestamp: number } = {
    productId: PRODUCT_ID,
    method: input.method,
    uid: inviteUid(input.bookingId),
    sequence: input.sequence,
    timestamp: (input.stamp ?? new Date()).getTime(),
    start: input.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: input.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: input.title,
    description: input.description,
    location: input.location || undefined,
    url: input.url,
    status: input.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: input.method === 'CANCEL' ? 'FREE' : 'BUSY',
    organizer: { name: param(input.organizer.name), email: input.organizer.email },
    // The member booked it: they are already in (no RSVP asked back from the calendar).
    attendees: [
      {
        name: param(input.attendee.name),
        email: input.attendee.email,
        rsvp: false,
        partstat: input.method === 'REQUEST' ? 'ACCEPTED' : undefined,
        role: 'REQ-PARTICIPANT',
      },
    ],
  };
  let { error, value } = createEvent(attributes);
  // ics checks addresses and links more strictly than the booking form did: an invite without them still works.
  if (error) ({ error, value } = createEvent({ ...attributes, attendees: undefined, url: undefined }));
  if (error || !value) return null;
  return { method: input.method, content: value, filename: INVITE_FILENAME };
}
