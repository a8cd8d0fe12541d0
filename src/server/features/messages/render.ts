import type { EventRow } from '../booking-rules/index.ts';
import { memberNames, oneLine, paragraphs, SIGN_OFF, textToHtml } from '../notify/index.ts';
import type { MailPayload } from '../outbox/index.ts';
import type { Recipient } from './recipients.ts';

export type Composed = { subject: string; text: string };

/**
 * One attendee's copy, in the booking mails' style: a personal greeting, the organiser's words, the booking's link,
 * the sign-off; the HTML part is the text escaped (templates.textToHtml), the subject one header-safe line.
 */
export function renderAttendeeMessage(
  event: EventRow,
  to: Pick<Recipient, 'id' | 'email' | 'fullName' | 'firstName' | 'lastName'>,
  msg: Composed,
  portalUrl: string,
) {
  const { firstName } = memberNames(to);
  const text = paragraphs(
    `Dear ${firstName},`,
    msg.text,
    `About your booking for ${oneLine(event.title, 300)}: ${portalUrl}/bookings/${to.id}`,
    SIGN_OFF,
  );
  return { subject: oneLine(msg.subject, 200), text, html: textToHtml(text) };
}

export function attendeeMail(event: EventRow, to: Recipient, msg: Composed, portalUrl: string): MailPayload {
  return {
    purpose: 'attendee-message',
    to: to.email,
    ...renderAttendeeMessage(event, to, msg, portalUrl),
    bookingId: to.id,
  };
}
