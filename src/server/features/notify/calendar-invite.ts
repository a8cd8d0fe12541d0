import { createEvent, type EventAttributes } from 'ics';
import type { MailPayload } from '../outbox/index.ts';

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export type InviteInput = Omit<BookingEventInput, 'cancelled'> & {
  method: CalendarMethod;
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

const LINE_OCTETS = 75;

/**
 * Lines folded at 75 octets (RFC 5545 §3.1). The ics library folds at 75 *characters*, so a title with ’ or an
 * accented venue gave lines of 130+ bytes: its output is unfolded and folded again here, never inside a character.
 */
export function foldOctets(ics: string): string {
  const lines = ics.replace(/\r\n[ \t]/g, '').split('\r\n');
  return lines
    .map((line) => {
      const parts: string[] = [];
      let part = '';
      let size = 0;
      for (const char of line) {
        const bytes = Buffer.byteLength(char, 'utf8');
        // A continuation line starts with a space, which counts.
        if (size + bytes > (parts.length === 0 ? LINE_OCTETS : LINE_OCTETS - 1)) {
          parts.push(part);
          part = '';
          size = 0;
        }
        part += char;
        size += bytes;
      }
      parts.push(part);
      return parts.join('\r\n ');
    })
    .join('\r\n');
}

/** A booking as an iCalendar event (RFC 5545) in UTC, with its stable UID and SEQUENCE. */
export type BookingEventInput = {
  bookingId: string;
  /** The booking's calendarSequence: every update or cancellation carries a higher one than the one before. */
  sequence: number;
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string;
  cancelled?: boolean;
};

/** The VEVENT every calendar file of a booking shares: the e-mailed invite, the personal feed and the download. */
export function bookingEvent(b: BookingEventInput): EventAttributes {
  return {
    uid: inviteUid(b.bookingId),
    sequence: b.sequence,
    start: b.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: b.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: b.title,
    description: b.description,
    location: b.location || undefined,
    status: b.cancelled ? 'CANCELLED' : 'CONFIRMED',
    busyStatus: b.cancelled ? 'FREE' : 'BUSY',
  };
}

/** A booking's .ics download (METHOD:PUBLISH); lines folded by octets as RFC 5545 wants (the ics library). */
export function bookingIcsFile(b: BookingEventInput): string | null {
  const { error, value } = createEvent({ ...bookingEvent(b), productId: PRODUCT_ID, method: 'PUBLISH' });
  return error || !value ? null : foldOctets(value);
}

/**
 * The booking as an iTIP message (RFC 5546): METHOD:REQUEST adds or updates the entry, METHOD:CANCEL removes it.
 * Times are UTC. Returns null when the data cannot make a valid calendar (an address ics refuses, say): the
 * message then goes without it rather than failing the booking that queued it.
 */
export function calendarInvite(input: InviteInput): NonNullable<MailPayload['calendar']> | null {
  // timestamp (DTSTAMP) is read by ics but missing from its types.
  const attributes: EventAttributes & { timestamp: number } = {
    ...bookingEvent({ ...input, cancelled: input.method === 'CANCEL' }),
    productId: PRODUCT_ID,
    method: input.method,
    timestamp: (input.stamp ?? new Date()).getTime(),
    url: input.url,
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
  return { method: input.method, content: foldOctets(value), filename: INVITE_FILENAME };
}
