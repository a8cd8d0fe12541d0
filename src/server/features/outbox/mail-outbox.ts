import type { Db, Tx } from '../../db/client.ts';
import { enqueue, enqueueMany } from './outbox.ts';

export const MAIL_SEND = 'mail.send';

/** What a message is for: the admin Outbox page shows it, tests pick messages by it. */
export type MailPurpose =
  | 'confirmation'
  | 'admin-notification'
  | 'pending'
  | 'approved'
  | 'declined'
  | 'waitlisted'
  | 'promoted'
  | 'changed'
  | 'cancelled'
  | 'reminder'
  | 'login-code'
  | 'sign-in-alert'
  | 'new-device'
  | 'password-reset'
  | 'attendee-message'
  | 'offer-alert'
  | 'draw-entered'
  | 'draw-waitlisted'
  | 'not-drawn'
  | 'transfer-offer'
  | 'transferred'
  | 'transfer-withdrawn'
  | 'transfer-expired'
  | 'webhook-disabled';

/** One e-mail, fully rendered when it is queued, so what is sent is what the booking said at that moment. */
export type MailPayload = {
  purpose: MailPurpose;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A calendar invite (text/calendar; method=REQUEST or CANCEL), attached and sent as an alternative part. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
  bookingId?: string;
};

/** Queues a message in the caller's transaction: it is sent exactly when what it reports is committed. */
export async function enqueueMail(tx: Db | Tx, mail: MailPayload) {
  await enqueue(tx, MAIL_SEND, mail);
}

/** Queues many messages in one statement per chunk (an attendee message's: each references it). */
export async function enqueueMails(tx: Db | Tx, mails: MailPayload[], ref: { attendeeMessageId?: string } = {}) {
  await enqueueMany(tx, MAIL_SEND, mails, ref);
}
