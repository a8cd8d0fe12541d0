import { desc, eq, sql } from 'drizzle-orm';
import {
  type AttendeeMessage,
  MESSAGE_MSG,
  type MessageAudience,
  type MessagePreview,
  type MessageTranslations,
} from '#common/attendee-messages.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatInstant } from '#common/event-time.ts';
import { localise } from '#common/organiser-words.ts';
import type { Db, Tx } from '../../db/client.ts';
import { attendeeMessages, eventSlots, outboxJobs } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { attendeeEvent, slotLabel } from '../attendees/index.ts';
import { memberLocales } from '../auth/index.ts';
import { memberNames } from '../notify/index.ts';
import { enqueueMails } from '../outbox/index.ts';
import { messageSlot, recipientsOf } from './recipients.ts';
import { attendeeMail, type Composed, renderAttendeeMessage } from './render.ts';

type Audience = { audience: MessageAudience; slotId?: string | undefined };

// Stands in for a recipient when nobody matches yet, so the organiser still sees the message's shape.
const NOBODY = {
  id: '00000000-0000-0000-0000-000000000000',
  email: '',
  fullName: null,
  lastName: null,
  firstName: 'Member',
};

/** The message as the first recipient will read it, and how many will get it. */
export async function previewMessage(
  db: Db,
  eventId: string,
  body: Audience & Composed,
  portalUrl: string,
): Promise<MessagePreview> {
  const event = await attendeeEvent(db, eventId);
  const recipients = await recipientsOf(db, event.id, body.audience, await messageSlot(db, event, body.slotId));
  const first = recipients[0];
  const rendered = renderAttendeeMessage(event, first ?? NOBODY, body, portalUrl);
  return {
    recipients: recipients.length,
    sample: first ? { name: memberNames(first).name, email: first.email } : null,
    ...rendered,
  };
}

/**
 * Stores the message and queues one mail per recipient, all in the caller's (audited) transaction: either every
 * attendee's mail is queued with the record, or nothing is. Nobody to mail, or a count other than the one the
 * organiser confirmed, is refused.
 */
export async function sendMessage(
  tx: Tx,
  eventId: string,
  body: Audience & Composed & { expectedRecipients?: number | undefined; translations?: MessageTranslations },
  sentBy: string,
  portalUrl: string,
) {
  const event = await attendeeEvent(tx, eventId);
  const slot = await messageSlot(tx, event, body.slotId);
  const recipients = await recipientsOf(tx, event.id, body.audience, slot);
  if (recipients.length === 0) throw new HttpError(422, MESSAGE_MSG.noRecipients, ERROR_CODE.noRecipients);
  if (body.expectedRecipients !== undefined && body.expectedRecipients !== recipients.length)
    throw new HttpError(409, MESSAGE_MSG.recipientsChanged, ERROR_CODE.recipientsChanged, {
      extra: { recipients: recipients.length },
    });
  const [message] = await tx
    .insert(attendeeMessages)
    .values({
      eventId: event.id,
      slotId: slot?.id ?? null,
      audience: body.audience,
      subject: body.subject,
      body: body.text,
      translations: body.translations ?? null,
      sentBy,
      recipients: recipients.length,
    })
    .returning();
  if (!message) throw new Error('attendee message not stored');
  const locales = await memberLocales(
    tx,
    recipients.map((r) => r.email),
  );
  // Each recipient reads the organiser's words and the mail's own in the language on their profile (decisions 061, 062).
  const inTheirs = (email: string): Composed => {
    const locale = locales.get(email) ?? null;
    const translations = body.translations;
    if (!translations || !locale) return body;
    return localise({ subject: body.subject, text: body.text, translations }, locale);
  };
  await enqueueMails(
    tx,
    recipients.map((r) => attendeeMail(event, r, inTheirs(r.email), portalUrl, locales.get(r.email))),
    { attendeeMessageId: message.id },
  );
  return message;
}

/** Each recipient's copy of the words: in the language they chose in the portal, English where it has none. */

/** An event's messages, newest first, with what became of their mails. */
export async function listMessages(db: Db | Tx, eventId: string, only?: string): Promise<AttendeeMessage[]> {
  const event = await attendeeEvent(db, eventId);
  const counts = (status: string) =>
    sql<number>`(select count(*)::int from ${outboxJobs} where ${outboxJobs.attendeeMessageId} = ${attendeeMessages.id} and ${outboxJobs.status} = ${status})`;
  const rows = await db
    .select({
      m: attendeeMessages,
      s: eventSlots,
      sent: counts('done'),
      failed: counts('failed'),
      pending: counts('pending'),
    })
    .from(attendeeMessages)
    .leftJoin(eventSlots, eq(eventSlots.id, attendeeMessages.slotId))
    .where(only ? eq(attendeeMessages.id, only) : eq(attendeeMessages.eventId, event.id))
    .orderBy(desc(attendeeMessages.createdAt))
    .limit(200);
  return rows.map(({ m, s, sent, failed, pending }) => ({
    id: m.id,
    subject: m.subject,
    audience: m.audience as MessageAudience,
    slotLabel: s ? slotLabel(event, s) : null,
    sentBy: m.sentBy,
    createdAt: m.createdAt.toISOString(),
    createdAtText: formatInstant(m.createdAt, event.timeZone),
    recipients: m.recipients,
    sent: Number(sent),
    failed: Number(failed),
    pending: Number(pending),
  }));
}
