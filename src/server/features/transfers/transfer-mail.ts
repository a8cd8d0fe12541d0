import { formatInstant, formatSchedule, formatTimeRange } from '#common/event-time.ts';
import { TRANSFER_MSG, type TransferSettings, transferPath } from '#common/transfers.ts';
import type { Tx } from '../../db/client.ts';
import type { placeTransfers } from '../../db/schema.ts';
import { findMember } from '../auth/index.ts';
import { type BookingPolicy, bookingTimes, type EventRow, type SlotRow, venueOf } from '../booking-rules/index.ts';
import { memberNames, oneLine, paragraphs, SIGN_OFF, textToHtml } from '../notify/index.ts';
import { enqueueMail } from '../outbox/index.ts';

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
