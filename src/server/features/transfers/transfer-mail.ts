import { inArray } from 'drizzle-orm';
import { formatInstant, formatSchedule, formatTimeRange } from '#common/event-time.ts';
import { TRANSFER_MSG, type TransferSettings, transferPath } from '#common/transfers.ts';
import type { Tx } from '../../db/client.ts';
import { bookings, type placeTransfers } from '../../db/schema.ts';
import { findMember } from '../auth/index.ts';
import { type BookingPolicy, bookingTimes, type EventRow, type SlotRow, venueOf } from '../booking-rules/index.ts';
import { memberNames, oneLine, paragraphs, SIGN_OFF, textToHtml } from '../notify/index.ts';
import { enqueueMail, enqueueMails } from '../outbox/index.ts';
import { readRows } from '../rsvp/index.ts';

/** When the place is, as the event's zone reads it: the slot's or the event's times. */
export function placeWhen(event: EventRow, slot: SlotRow | null): string | null {
  const times = bookingTimes(event, slot);
  return times ? formatTimeRange(times.start, times.end, event.timeZone) : formatSchedule(event);
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
  const listed = (await findMember(tx, m.transfer.recipientEmail)) !== null;
  const url = `${m.portalUrl}${transferPath(m.token)}`;
  const until = formatInstant(m.transfer.expiresAt, m.event.timeZone);
  const facts = [
    `Event: ${m.event.title}`,
    `When: ${placeWhen(m.event, m.slot) ?? 'to be announced'}`,
    venueOf(m.event) ? `Where: ${venueOf(m.event)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const applies =
    listed || m.settings.mode === 'anyone'
      ? [
          `To take the place, open this link and accept before ${until}:\n${url}`,
          listed ? '' : 'Accepting signs you in to the members portal as a guest member.',
          'Until you accept, the place stays with them.',
        ]
      : [TRANSFER_MSG.membersOnly, `If they meant another address, let ${from} know.`];
  const text = paragraphs('Hello,', `${from} offers you their place at ${m.event.title}.`, facts, ...applies, SIGN_OFF);
  await enqueueMail(tx, {
    purpose: 'transfer-offer',
    to: m.transfer.recipientEmail,
    subject: oneLine(`${from} offers you their place - ${m.event.title}`),
    text,
    html: textToHtml(text),
    bookingId: m.transfer.bookingId,
  });
}

type TransferRow = typeof placeTransfers.$inferSelect;
type NoticeKind = 'withdrawn' | 'expired';
type NoticeVars = { event: string; when: string | null; from: string; to: string };

/**
 * The words of the notices an offer's end sends, in one place (the mails' catalogues may take them over): the
 * recipient hears that the sender withdrew it, the sender that it ran out unaccepted and the place is still theirs.
 */
export function transferNoticeText(kind: NoticeKind, v: NoticeVars): { subject: string; text: string } {
  const facts = `Event: ${v.event}\nWhen: ${v.when ?? 'to be announced'}`;
  if (kind === 'withdrawn')
    return {
      subject: oneLine(`${v.from} withdrew their offer - ${v.event}`),
      text: paragraphs(
        'Hello,',
        `${v.from} has withdrawn the offer of their place at ${v.event}. The link in their offer no longer works.`,
        facts,
        'There is nothing you need to do.',
        SIGN_OFF,
      ),
    };
  return {
    subject: oneLine(`Your offer to ${v.to} expired - ${v.event}`),
    text: paragraphs(
      'Hello,',
      `${v.to} did not accept the place you offered them at ${v.event} in time, so the offer has expired.`,
      facts,
      'The place is still yours: you can offer it again, or cancel it, from My bookings.',
      SIGN_OFF,
    ),
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
  const mails = rows.flatMap((t) => {
    const place = byId.get(t.bookingId);
    if (!place) return [];
    const from = memberNames(place.booking).name;
    const vars = { event: place.event.title, when: placeWhen(place.event, place.slot), from, to: t.recipientEmail };
    const { subject, text } = transferNoticeText(kind, vars);
    return [
      {
        purpose: kind === 'withdrawn' ? ('transfer-withdrawn' as const) : ('transfer-expired' as const),
        to: kind === 'withdrawn' ? t.recipientEmail : t.senderEmail,
        subject,
        text,
        html: textToHtml(text),
        bookingId: t.bookingId,
      },
    ];
  });
  if (mails.length > 0) await enqueueMails(tx, mails);
}
