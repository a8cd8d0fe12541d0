import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { outboxJobs } from '../../src/server/db/schema.ts';
import { MAIL_SEND, type MailPayload } from '../../src/server/features/outbox/mail-outbox.ts';

/** The mails queued in the outbox, in the order they were queued, optionally for one purpose and address. */
export async function queuedMails(db: Db, filter: { purpose?: string; to?: string } = {}): Promise<MailPayload[]> {
  const jobs = await db
    .select()
    .from(outboxJobs)
    .where(eq(outboxJobs.kind, MAIL_SEND))
    .orderBy(asc(outboxJobs.createdAt));
  return jobs
    .map((j) => j.payload as MailPayload)
    .filter((m) => (!filter.purpose || m.purpose === filter.purpose) && (!filter.to || m.to === filter.to));
}
