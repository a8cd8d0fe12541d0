import { z } from 'zod';
import { isStorableEntry, UNSTORABLE_TEXT } from './safe-text.ts';

/**
 * What an event's one-click button and its toasts say (docs/spec/member-portal.md §4, §5, §8, §9), as event data an
 * admin edits (decision 033). Every field is optional: a missing one is the spec's generic wording, filled in by
 * `actionWording` (member-action-defaults.ts), the one place both sides read the defaults from.
 */
export const WORDING_MSG = {
  control: 'The wording may not contain control characters or direction overrides',
  tooLong: (max: number) => `At most ${max} characters`,
  json: 'The button and message wording could not be read',
  noEvent: 'This benefit has no event yet: set when it takes place first',
} as const;

/** Short labels on a button; a toast's title; a toast's sentence. */
export const WORDING_MAX = { label: 40, title: 80, text: 300 } as const;

// One line of text: no control character (line breaks included) and no bidirectional override that could turn
// a label around on screen.
const HOSTILE = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

// A blank field is the default, as a field left out is.
const line = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, WORDING_MSG.tooLong(max))
      .refine((v) => !HOSTILE.test(v), WORDING_MSG.control)
      .optional(),
  );

export const memberActionWordingSchema = z
  .object({
    /** The button before booking (the partner page's own label wins where it has one). */
    idle: line(WORDING_MAX.label),
    /** While the booking is sent. */
    pending: line(WORDING_MAX.label),
    /** Once booked: the button, and the tile's booked state. */
    done: line(WORDING_MAX.label),
    soldOut: line(WORDING_MAX.label),
    successTitle: line(WORDING_MAX.title),
    successText: line(WORDING_MAX.text),
    failTitle: line(WORDING_MAX.title),
    failText: line(WORDING_MAX.text),
    /** Said to a member who is not signed in. */
    loginText: line(WORDING_MAX.text),
    /** On a sign-in failure: say the spec's line and go to /login after 2 s (else say loginText and stay). */
    authRedirect: z.boolean().optional(),
    /** Send {firstName, lastName} from the session with the booking. */
    sendName: z.boolean().optional(),
  })
  .strict();
export type MemberActionWording = z.infer<typeof memberActionWordingSchema>;

/** The text fields, in the order the admin form shows them. */
export const WORDING_TEXT_FIELDS = [
  'idle',
  'pending',
  'done',
  'soldOut',
  'successTitle',
  'successText',
  'failTitle',
  'failText',
  'loginText',
] as const;
export type WordingTextField = (typeof WORDING_TEXT_FIELDS)[number];

/**
 * The wording as answers carry it (already checked when saved): plain fields, with no trimming or defaults, so the
 * answer's schema stays a plain description.
 */
const say = z.string().optional();
export const storedWordingSchema = z.object({
  idle: say,
  pending: say,
  done: say,
  soldOut: say,
  successTitle: say,
  successText: say,
  failTitle: say,
  failText: say,
  loginText: say,
  authRedirect: z.boolean().optional(),
  sendName: z.boolean().optional(),
});

/** Each of a benefit's events' stored wording, by event id (only events that have some). */
export const actionWordingByEventSchema = z.record(z.string(), storedWordingSchema);
export type ActionWordingByEvent = z.infer<typeof actionWordingByEventSchema>;

/**
 * The wording as a multipart form sends it (the add-benefit form with its image): one JSON text field (or, in the
 * browser's own check before sending, the object itself). Absent or empty: the defaults.
 */
export const wordingFormField = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  if (!value) return undefined;
  if (value.length > 10_000) {
    ctx.addIssue({ code: 'custom', message: WORDING_MSG.json, input: value });
    return z.NEVER;
  }
  let parsed: unknown;
  // The form field's text is checked as it comes in, but an escape (\ud800) becomes unstorable text only here.
  let storable = true;
  try {
    parsed = JSON.parse(value, (key, v) => {
      if (!isStorableEntry(key, v)) storable = false;
      return v;
    });
  } catch {
    ctx.addIssue({ code: 'custom', message: WORDING_MSG.json, input: value });
    return z.NEVER;
  }
  if (!storable) {
    ctx.addIssue({ code: 'custom', message: UNSTORABLE_TEXT, input: value });
    return z.NEVER;
  }
  return parsed;
}, memberActionWordingSchema.optional());
