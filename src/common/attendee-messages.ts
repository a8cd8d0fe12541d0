import { z } from 'zod';
import { TRANSLATED_LOCALES } from './organiser-words.ts';

/**
 * An organiser's message to an event's attendees: the composer on the attendees page, its server-rendered
 * preview, the send (one outbox mail per recipient), and the list of what was sent.
 */
export const MESSAGE_AUDIENCES = ['all', 'confirmed', 'waitlisted', 'checked-in', 'not-checked-in'] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];

export const AUDIENCE_LABEL: Record<MessageAudience, string> = {
  all: 'Everyone booked or waiting',
  confirmed: 'Confirmed',
  waitlisted: 'Waitlisted',
  'checked-in': 'Checked in',
  'not-checked-in': 'Confirmed, not checked in',
};

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_TEXT_MAX = 10_000;

export const MESSAGE_MSG = {
  subjectRequired: 'Write a subject',
  subjectTooLong: `The subject may have at most ${MESSAGE_SUBJECT_MAX} characters`,
  subjectOneLine: 'The subject must be one line, without control characters',
  textRequired: 'Write the message',
  textTooLong: `The message may have at most ${MESSAGE_TEXT_MAX} characters`,
  textControl: 'The message may not contain control characters other than line breaks and tabs',
  slotNotOfEvent: 'This slot belongs to another event.',
  noRecipients: 'Nobody matches this audience: no message was sent.',
  recipientsChanged: 'The audience changed while you were writing: check the new count and send again.',
} as const;

// Line breaks and tabs are text; any other control character (CR/LF in a subject: header injection) is refused.
const SUBJECT_CONTROL = /\p{Cc}/u;
const TEXT_CONTROL = /[^\P{Cc}\n\r\t]/u;

const subject = z
  .string()
  .trim()
  .min(1, MESSAGE_MSG.subjectRequired)
  .max(MESSAGE_SUBJECT_MAX, MESSAGE_MSG.subjectTooLong)
  .refine((s) => !SUBJECT_CONTROL.test(s), MESSAGE_MSG.subjectOneLine);
const text = z
  .string()
  .trim()
  .min(1, MESSAGE_MSG.textRequired)
  .max(MESSAGE_TEXT_MAX, MESSAGE_MSG.textTooLong)
  .refine((s) => !TEXT_CONTROL.test(s), MESSAGE_MSG.textControl)
  // One line-break convention in what is stored and mailed.
  .transform((s) => s.replace(/\r\n?/g, '\n'));

const audienceFields = {
  audience: z.enum(MESSAGE_AUDIENCES).default('all'),
  slotId: z.uuid('Choose a time slot').optional(),
};

/** The preview renders what is typed so far: empty is allowed, too long or hostile is not. */
export const messagePreviewBody = z.object({
  ...audienceFields,
  subject: z.string().max(MESSAGE_SUBJECT_MAX, MESSAGE_MSG.subjectTooLong).default(''),
  text: z.string().max(MESSAGE_TEXT_MAX, MESSAGE_MSG.textTooLong).default(''),
});
export type MessagePreviewBody = z.input<typeof messagePreviewBody>;

// A blank subject or text in a language is the English one.
const blankIsEnglish = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Its subject and text in other languages (decision 062), checked as the English are; each recipient gets theirs. */
export const messageTranslationsSchema = z.partialRecord(
  z.enum(TRANSLATED_LOCALES),
  z
    .object({
      subject: z.preprocess(blankIsEnglish, subject.optional()),
      text: z.preprocess(blankIsEnglish, text.optional()),
    })
    .strict(),
);
export type MessageTranslations = z.output<typeof messageTranslationsSchema>;

export const sendMessageBody = z.object({
  ...audienceFields,
  subject,
  text,
  translations: messageTranslationsSchema.optional(),
  /** The count the admin confirmed: a different one now is refused (409), so nobody is mailed unseen. */
  expectedRecipients: z.number().int().min(0).optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const messagePreviewSchema = z.object({
  recipients: z.number().int(),
  /** Whose name the preview carries: the first recipient, or null when nobody matches. */
  sample: z.object({ name: z.string(), email: z.string() }).nullable(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

export const attendeeMessageSchema = z.object({
  id: z.string(),
  subject: z.string(),
  audience: z.enum(MESSAGE_AUDIENCES),
  slotLabel: z.string().nullable(),
  sentBy: z.string(),
  createdAt: z.string(),
  createdAtText: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type AttendeeMessage = z.infer<typeof attendeeMessageSchema>;

export const attendeeMessagesSchema = z.object({ data: z.array(attendeeMessageSchema) });
export type AttendeeMessages = z.infer<typeof attendeeMessagesSchema>;

export const audienceText = (m: { audience: MessageAudience; slotLabel: string | null }) =>
  `${AUDIENCE_LABEL[m.audience]}${m.slotLabel ? ` · ${m.slotLabel}` : ''}`;
