import { inArray } from 'drizzle-orm';
import { benefitTitle } from '#common/benefit-title.ts';
import { formatInstant, formatSchedule } from '#common/event-time.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#common/locales.ts';
import { type TransferSettings, transferPath } from '#common/transfers.ts';
import type { Tx } from '../../db/client.ts';
import { bookings, type placeTransfers } from '../../db/schema.ts';
import { mailT } from '../../lib/mail-i18n.ts';
import { findMember, memberLocales } from '../auth/index.ts';
import { type BookingPolicy, bookingSchedule, type EventRow, type SlotRow, venueOf } from '../booking-rules/index.ts';
import { memberNames, oneLine, paragraphs, signOff, textToHtml } from '../notify/index.ts';
import { enqueueMail, enqueueMails } from '../outbox/index.ts';
import { readRows } from '../rsvp/index.ts';

/** When the place is, as the event's zone reads it: the slot's or the event's times. */
export function placeWhen(event: EventRow, slot: SlotRow | null, locale: Locale = DEFAULT_LOCALE): string | null {
  return formatSchedule(bookingSchedule(event, slot), locale);
}

type OfferMail = {
  transfer: typeof placeTransfers.$inferSelect;
  token: string;
  event: EventRow;
  slot: SlotRow | null;
  policy: BookingPolicy;
  settings: TransferSettings;
  sender: { email: string; name: string };
  portalUrl: string;
};

/**
 * The recipient's mail, in the offer's transaction. What applies to this address is said here, never in the sender's
 * answer: a members-only place offered to an address not on the list says so (no allow-list enumeration).
 */
export async function queueOfferMail(tx: Tx, m: OfferMail) {
  const from = memberNames({ email: m.sender.email, fullName: m.sender.name, firstName: null, lastName: null }).name;
  const recipient = await findMember(tx, m.transfer.recipientEmail);
  const listed = recipient !== null;
  // The recipient's own language when they are a member who chose one; else English (decision 061).
  const locale = isLocale(recipient?.locale) ? recipient.locale : DEFAULT_LOCALE;
  const t = mailT(locale);
  const title = benefitTitle(m.event, locale);
  const url = `${m.portalUrl}${transferPath(m.token)}`;
  const until = formatInstant(m.transfer.expiresAt, m.event.timeZone, locale);
  const facts = placeFacts(locale, title, placeWhen(m.event, m.slot, locale), venueOf(m.event));
  const applies =
    listed || m.settings.mode === 'anyone'
      ? [t('transfer.acceptLink', { until, url }), listed ? '' : t('transfer.guest'), t('transfer.stays')]
      : [t('transfer.membersOnly'), t('transfer.otherAddress', { from })];
  const text = paragraphs(
    t('transfer.hello'),
    t('transfer.line', { from, event: title }),
    facts,
    ...applies,
    signOff(locale),
  );
  await enqueueMail(tx, {
    purpose: 'transfer-offer',
    to: m.transfer.recipientEmail,
    subject: oneLine(t('transfer.subject', { from, event: title })),
    text,
    html: textToHtml(text),
    bookingId: m.transfer.bookingId,
  });
}

type TransferRow = typeof placeTransfers.$inferSelect;
type NoticeKind = 'withdrawn' | 'expired';
/** The place's lines every transfer mail carries: the event, when (or "to be announced") and, if known, where. */
function placeFacts(locale: Locale, event: string, when: string | null, where = ''): string {
  const t = mailT(locale);
  const detail = (label: string, value: string) => t('mail.detail', { label, value });
  return [
    detail(t('mail.label.event'), event),
    detail(t('transfer.when'), when ?? t('transfer.tba')),
    where ? detail(t('transfer.where'), where) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

type NoticeVars = { event: string; when: string | null; from: string; to: string };

/**
 * The notices an offer's end sends, in the addressee's language (decision 061): the recipient hears that the sender
 * withdrew it, the sender that it ran out unaccepted and the place is still theirs.
 */
export function transferNoticeText(
  kind: NoticeKind,
  v: NoticeVars,
  locale: Locale = DEFAULT_LOCALE,
): { subject: string; text: string } {
  const t = mailT(locale);
  const names = { event: v.event, from: v.from, to: v.to };
  const facts = placeFacts(locale, v.event, v.when);
  const words =
    kind === 'withdrawn'
      ? {
          subject: t('transfer.withdrawn.subject', names),
          line: t('transfer.withdrawn.line', names),
          end: t('transfer.withdrawn.nothing'),
        }
      : {
          subject: t('transfer.expired.subject', names),
          line: t('transfer.expired.line', names),
          end: t('transfer.expired.still'),
        };
  return {
    subject: oneLine(words.subject),
    text: paragraphs(t('transfer.hello'), words.line, facts, words.end, signOff(locale)),
  };
}

/** Queues the notice of each ended offer in the caller's transaction: written with the status change, so once. */
export async function queueNotices(tx: Tx, kind: NoticeKind, rows: TransferRow[]) {
  if (rows.length === 0) return;
  const places = await readRows(
    tx,
    inArray(
      bookings.id,
      rows.map((r) => r.bookingId),
    ),
  );
  const byId = new Map(places.map((p) => [p.booking.id, p]));
  const addressee = (t: TransferRow) => (kind === 'withdrawn' ? t.recipientEmail : t.senderEmail);
  const locales = await memberLocales(tx, rows.map(addressee));
  const mails = rows.flatMap((t) => {
    const place = byId.get(t.bookingId);
    if (!place) return [];
    const locale = locales.get(addressee(t)) ?? DEFAULT_LOCALE;
    const from = memberNames(place.booking).name;
    const event = benefitTitle(place.event, locale);
    const vars = { event, when: placeWhen(place.event, place.slot, locale), from, to: t.recipientEmail };
    const { subject, text } = transferNoticeText(kind, vars, locale);
    return [
      {
        purpose: kind === 'withdrawn' ? ('transfer-withdrawn' as const) : ('transfer-expired' as const),
        to: addressee(t),
        subject,
        text,
        html: textToHtml(text),
        bookingId: t.bookingId,
      },
    ];
  });
  if (mails.length > 0) await enqueueMails(tx, mails);
}
