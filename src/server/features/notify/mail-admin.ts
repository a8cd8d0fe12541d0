import { desc, eq } from 'drizzle-orm';
import { MAIL_LIST_LIMIT, type MailMessage, type MailStatus } from '../../../common/mail.ts';
import type { Db } from '../../db/client.ts';
import { outboxJobs } from '../../db/schema.ts';
import { retryFailed } from '../outbox/outbox.ts';
import { MAIL_SEND } from './mail-outbox.ts';
import { emlFilesByJob, findEml, type MailConfig } from './mailer.ts';

const STATUS: Record<string, MailStatus> = { pending: 'pending', done: 'sent', failed: 'failed' };
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The newest mail jobs for the admin Outbox page; hasFile says an .eml copy exists (file mode). */
export async function listMail(db: Db, mail: MailConfig): Promise<MailMessage[]> {
  const jobs = await db
    .select()
    .from(outboxJobs)
    .where(eq(outboxJobs.kind, MAIL_SEND))
    .orderBy(desc(outboxJobs.createdAt))
    .limit(MAIL_LIST_LIMIT);
  const files = mail.smtpUrl ? new Map<string, string>() : await emlFilesByJob(mail.dir);
  return jobs.map((j) => ({
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
  }));
}

/** The .eml file of a message, or null (SMTP mode, or not written yet). */
export async function mailFile(mail: MailConfig, id: string): Promise<string | null> {
  return mail.smtpUrl ? null : findEml(mail.dir, id);
}

/** Failed messages go back in the queue; the Sheets exports are left to their own page. */
export const retryFailedMail = (db: Db) => retryFailed(db, MAIL_SEND);
