import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { MailPayload, OutboxHandler } from '../outbox/index.ts';
import { oneLine } from './templates.ts';

export type MailConfig = Config['mail'];

export type Mailer = {
  mode: 'smtp' | 'file';
  /** Where mail goes, for the start-up log: the SMTP host (never its credentials) or the .eml folder. */
  describe: string;
  send(payload: MailPayload, jobId: string): Promise<void>;
  close(): void;
};

// SMTP waits stay well under the outbox lease (60 s), so a slow server cannot get a message sent twice.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

const fromDomain = (from: string) => /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'passportal.local';

/** The same job always carries the same Message-ID, so a retried send is recognisable as the same message. */
export const messageIdFor = (jobId: string, from: string) => `<mail-${jobId}@${fromDomain(from)}>`;

function messageOptions(from: string, mail: MailPayload, jobId: string): SendMailOptions {
  const options: SendMailOptions = {
    from,
    to: mail.to,
    subject: oneLine(mail.subject),
    text: mail.text,
    messageId: messageIdFor(jobId, from),
    headers: { 'X-Portal-Purpose': mail.purpose },
  };
  if (mail.html) options.html = mail.html;
  if (mail.calendar) {
    // nodemailer sends it as the text/calendar alternative (clients show the invite) and attaches it as invite.ics.
    options.icalEvent = {
      method: mail.calendar.method,
      content: mail.calendar.content,
      filename: mail.calendar.filename,
    };
  }
  return options;
}

const EML_SUFFIX = '.eml';
/** '2026-10-01T09-00-00-000Z-<jobId>.eml': sorts by time, names the job. */
const emlName = (jobId: string, at: Date) => `${at.toISOString().replace(/[:.]/g, '-')}-${jobId}${EML_SUFFIX}`;

/** jobId -> file name for every .eml in dir (temporary files start with a dot and are left out). */
export async function emlFilesByJob(dir: string): Promise<Map<string, string>> {
  const byJob = new Map<string, string>();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return byJob;
    throw err;
  }
  for (const name of names) {
    const m = /-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.eml$/i.exec(name);
    if (m?.[1] && !name.startsWith('.')) byJob.set(m[1].toLowerCase(), name);
  }
  return byJob;
}

/** The full path of the job's .eml file, or null. */
export async function findEml(dir: string, jobId: string): Promise<string | null> {
  const name = (await emlFilesByJob(dir)).get(jobId.toLowerCase());
  return name ? path.join(dir, name) : null;
}

function fileMailer(config: MailConfig): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    mode: 'file',
    describe: `.eml files in ${path.resolve(config.dir)} (SMTP_URL is not set)`,
    async send(mail, jobId) {
      await fs.mkdir(config.dir, { recursive: true });
      // A retry after a write whose success was not recorded must not write the message twice.
      if (await findEml(config.dir, jobId)) return;
      const info = await composer.sendMail(messageOptions(config.from, mail, jobId));
      const tmp = path.join(config.dir, `.${jobId}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await fs.writeFile(tmp, info.message as Buffer);
        // rename is atomic: a reader sees the whole message or none.
        await fs.rename(tmp, path.join(config.dir, emlName(jobId, new Date())));
      } catch (err) {
        await fs.rm(tmp, { force: true }); // a write cut short by a full disk leaves no partial file behind
        throw err;
      }
    },
    close() {
      composer.close();
    },
  };
}

function smtpMailer(config: MailConfig & { smtpUrl: string }): Mailer {
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({ url: config.smtpUrl, pool: false, ...SMTP_TIMEOUTS });
  return {
    mode: 'smtp',
    describe: `SMTP ${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`,
    async send(mail, jobId) {
      const info = await transport.sendMail(messageOptions(config.from, mail, jobId));
      if (info.rejected.length > 0) throw new Error(`rejected by the SMTP server: ${info.response}`);
    },
    close() {
      transport.close();
    },
  };
}

/** SMTP when smtpUrl is set; otherwise each message becomes an .eml file in dir (development, tests). */
export function createMailer(config: MailConfig): Mailer {
  return config.smtpUrl ? smtpMailer({ ...config, smtpUrl: config.smtpUrl }) : fileMailer(config);
}

/** The outbox handler for MAIL_SEND: a thrown error leaves the job for a retry with backoff. */
export function mailHandler(mailer: Mailer): OutboxHandler {
  return async (payload, _attempt, jobId) => {
    await mailer.send(payload as MailPayload, jobId);
  };
}
