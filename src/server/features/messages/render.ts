import { benefitTitle } from '#common/benefit-title.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/locales.ts';
import { mailT } from '../../lib/mail-i18n.ts';
import type { EventRow } from '../booking-rules/index.ts';
import { memberNames, oneLine, paragraphs, signOff, textToHtml } from '../notify/index.ts';
import type { MailPayload } from '../outbox/index.ts';
import type { Recipient } from './recipients.ts';

export type Composed = { subject: string; text: string };

/**
 * One attendee's copy, in the booking mails' style: a personal greeting, the organiser's words, the booking's link,
 * the sign-off; the HTML part is the text escaped (templates.textToHtml), the subject one header-safe line. The
 * greeting, link and sign-off are in the attendee's language (decision 061); the organiser's words as written.
 */
export function renderAttendeeMessage(
  event: EventRow,
  to: Pick<Recipient, 'id' | 'email' | 'fullName' | 'firstName' | 'lastName'>,
  msg: Composed,
  portalUrl: string,
  locale: Locale = DEFAULT_LOCALE,
) {
  const t = mailT(locale);
  const { firstName } = memberNames(to);
  const text = paragraphs(
    t('mail.hello', { firstName }),
    msg.text,
    t('mail.aboutBooking', {
      event: oneLine(benefitTitle(event, locale), 300),
      url: `${portalUrl}/bookings/${to.id}`,
    }),
    signOff(locale),
  );
  return { subject: oneLine(msg.subject, 200), text, html: textToHtml(text) };
}

export function attendeeMail(
  event: EventRow,
  to: Recipient,
  msg: Composed,
  portalUrl: string,
  locale?: Locale,
): MailPayload {
  return {
    purpose: 'attendee-message',
    to: to.email,
    ...renderAttendeeMessage(event, to, msg, portalUrl, locale),
    bookingId: to.id,
  };
}
