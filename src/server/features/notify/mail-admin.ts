import { and, desc, eq } from 'drizzle-orm';
import { MAIL_LIST_LIMIT, type MailMessage, type MailStatus } from '#common/mail.ts';
import type { Db } from '../../db/client.ts';
import { attendeeMessages, outboxJobs } from '../../db/schema.ts';
import { MAIL_SEND, retryFailed } from '../outbox/index.ts';
import { emlFilesByJob, findEml, type MailConfig } from './mailer.ts';

const STATUS: Record<string, MailStatus> = { pending: 'pending', done: 'sent', failed: 'failed' };
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The newest mail jobs for the admin Outbox page; hasFile says an .eml copy exists (file mode). */
export async function listMail(db: Db, mail: MailConfig, only: { message?: string } = {}): Promise<MailMessage[]> {
  const rows = await db
    .select({
      j: outboxJobs,
      m: { id: attendeeMessages.id, subject: attendeeMessages.subject, eventId: attendeeMessages.eventId },
    })
    .from(outboxJobs)
    .leftJoin(attendeeMessages, eq(attendeeMessages.id, outboxJobs.attendeeMessageId))
    .where(
      and(eq(outboxJobs.kind, MAIL_SEND), only.message ? eq(outboxJobs.attendeeMessageId, only.message) : undefined),
    )
    .orderBy(desc(outboxJobs.createdAt))
    .limit(MAIL_LIST_LIMIT);
  const files = mail.smtpUrl ? new Map<string, string>() : await emlFilesByJob(mail.dir);
  return rows.map(({ j, m }) => ({
    id: j.id,
    purpose: text(j.payload.purpose),
    to: text(j.payload.to),
    subject: text(j.payload.subject),
    status: STATUS[j.status] ?? 'pending',
    attempts: j.attempts,
    lastError: j.lastError,
    createdAt: j.createdAt.toISOString(),
    sentAt: j.status === 'done' ? (j.doneAt?.toISOString() ?? null) : null,
    hasFile: files.has(j.id),
    attendeeMessage: m,
  }));
}

/** The .eml file of a message, or null (SMTP mode, or not written yet). */
export async function mailFile(mail: MailConfig, id: string): Promise<string | null> {
  return mail.smtpUrl ? null : findEml(mail.dir, id);
}

/** Failed messages go back in the queue; the Sheets exports are left to their own page. */
export const retryFailedMail = (db: Db) => retryFailed(db, MAIL_SEND);
