import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import { MAIL_LIST_LIMIT, MAIL_MSG, type MailMessage, type MailStatus } from '#common/mail.ts';
import type { Db } from '../../db/client.ts';
import { attendeeMessages, outboxJobs } from '../../db/schema.ts';
import { reasonFor } from '../../lib/data-dir.ts';
import { HttpError } from '../../lib/http-error.ts';
import { MAIL_SEND, retryFailed } from '../outbox/index.ts';
import { emlFilesByJob, type MailConfig } from './mailer.ts';

const STATUS: Record<string, MailStatus> = { pending: 'pending', done: 'sent', failed: 'failed' };
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** The .eml files by job, or why the folder cannot be read: the Outbox lists the queue whatever the folder's state. */
async function readMailFolder(dir: string): Promise<{ files: Map<string, string>; problem: string | null }> {
  try {
    return { files: await emlFilesByJob(dir), problem: null };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    return { files: new Map(), problem: MAIL_MSG.folderUnreadable(path.resolve(dir), reasonFor(code)) };
  }
}

/**
 * The newest mail jobs for the admin Outbox page; hasFile says an .eml copy exists (file mode), and folderProblem
 * why the .eml folder cannot be read.
 */
export async function listMail(
  db: Db,
  mail: MailConfig,
  only: { message?: string } = {},
): Promise<{ data: MailMessage[]; folderProblem: string | null }> {
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
  const { files, problem } = mail.smtpUrl
    ? { files: new Map<string, string>(), problem: null }
    : await readMailFolder(mail.dir);
  const data = rows.map(({ j, m }) => ({
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
  return { data, folderProblem: problem };
}

/** The .eml file of a message, or null (SMTP mode, or not written yet); 503 when the folder cannot be read. */
export async function mailFile(mail: MailConfig, id: string): Promise<string | null> {
  if (mail.smtpUrl) return null;
  const { files, problem } = await readMailFolder(mail.dir);
  if (problem) throw new HttpError(503, problem, ERROR_CODE.unavailable);
  const name = files.get(id.toLowerCase());
  return name ? path.join(mail.dir, name) : null;
}

/** Failed messages go back in the queue; the Sheets exports are left to their own page. */
export const retryFailedMail = (db: Db) => retryFailed(db, MAIL_SEND);
