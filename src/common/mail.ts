import { z } from 'zod';

/** The admin Outbox page (decision 006): e-mails queued by the portal and what became of them. */
export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** What a confirmation or reminder template may say, as {name} or {{name}}; the wizard lists them. */
export const MAIL_PLACEHOLDERS = [
  'name',
  'firstName',
  'email',
  'event',
  'date',
  'time',
  'slot',
  'guests',
  'attendees',
  'location',
  'manageUrl',
  'changeUntil',
  'pass',
  'passesUrl',
  'offerCode',
] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];

/** The newest this many messages are listed. */
export const MAIL_LIST_LIMIT = 200;
/** The Outbox page refreshes this often. */
export const MAIL_POLL_MS = 10_000;

export const MAIL_MSG = {
  notFound: 'Message not found',
  noFiles: 'Messages are sent by SMTP: there are no .eml files to download.',
  folderUnreadable: (dir: string, reason: string) =>
    `The mail folder ${dir} cannot be read (${reason}): the messages are listed, but their .eml files cannot be shown or downloaded until it is readable.`,
} as const;

export const mailMessageSchema = z.object({
  id: z.string(),
  purpose: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** An .eml copy can be downloaded (file mode only). */
  hasFile: z.boolean(),
  /** The message to attendees this mail is one copy of, if any. */
  attendeeMessage: z.object({ id: z.string(), subject: z.string(), eventId: z.string() }).nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export const mailListSchema = z.object({
  data: z.array(mailMessageSchema),
  /** 'smtp': sent to the SMTP server; 'file': written as .eml files (no SMTP_URL, development). */
  mode: z.enum(['smtp', 'file']),
  /** File mode: why the .eml folder cannot be read (the list still shows every message, without files), else null. */
  folderProblem: z.string().nullable().optional(),
});
export type MailList = z.infer<typeof mailListSchema>;

/** `message`: only the copies of one message to attendees. */
export const mailListQuery = z.object({ message: z.uuid(MAIL_MSG.notFound).optional() });
export const mailIdParams = z.object({ id: z.uuid(MAIL_MSG.notFound) });
// The button posts nothing: no body, or an empty one.
export const mailRetryBody = z.object({}).nullish();
export const mailRetrySchema = z.object({ retried: z.number().int() });

export const emlUrl = (id: string) => `/api/admin/mail/${encodeURIComponent(id)}/message.eml`;
