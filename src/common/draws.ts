import { z } from 'zod';
import { DRAW_STATES } from './draw-entry.ts';

export { type DrawState, drawPath, type EntryDraw } from './draw-entry.ts';

/** Fair draws' API contract (decision 031); the algorithm itself is in fair-draw.ts. */

export const DRAW_LOSERS = ['waitlist', 'release'] as const;
export type DrawLosers = (typeof DRAW_LOSERS)[number];

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Use a date and time (YYYY-MM-DDTHH:MM)');

/**
 * PUT /api/admin/events/{eventId}/draw: the times as the organiser's clock in the event's zone reads them (what a
 * datetime-local input gives), converted on the server with the event's zone.
 */
export const drawSettingsBody = z
  .object({
    opensAt: localDateTime,
    closesAt: localDateTime,
    drawAt: localDateTime,
    losers: z.enum(DRAW_LOSERS).default('waitlist'),
  })
  .superRefine((v, ctx) => {
    if (v.closesAt <= v.opensAt)
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'Entries must close after they open' });
    if (v.drawAt < v.closesAt)
      ctx.addIssue({ code: 'custom', path: ['drawAt'], message: 'The draw must be at or after the close of entries' });
  });
export type DrawSettingsBody = z.input<typeof drawSettingsBody>;

const publishedEntry = z.object({
  id: z.string(),
  places: z.number().int(),
  outcome: z.enum(['won', 'not_drawn']),
  /** Where the organiser keeps a waitlist: this entry's place on it as the draw left it (1 = first). */
  waitlistRank: z.number().int().nullable().optional(),
});

/** GET /api/draws/{eventId} (public, no sign-in): what anyone may check. */
export const publicDrawSchema = z.object({
  eventId: z.string(),
  title: z.string(),
  timeZone: z.string(),
  state: z.enum(DRAW_STATES),
  opensAt: z.string(),
  closesAt: z.string(),
  drawAt: z.string(),
  /** The same three as the event's zone reads them, labelled. */
  opensText: z.string(),
  closesText: z.string(),
  drawText: z.string(),
  losers: z.enum(DRAW_LOSERS),
  capacity: z.number().int().nullable(),
  entries: z.number().int(),
  /** SHA-256 of the seed: fixed when the draw was set, shown from then on. */
  commitment: z.string(),
  algorithm: z.string(),
  algorithmSteps: z.array(z.string()),
  /** After the draw only. */
  seed: z.string().nullable(),
  ranAt: z.string().nullable(),
  /** When the draw was made, in the event's zone (beside drawText, when it was planned). */
  ranText: z.string().nullable().optional(),
  /** "Run the draw now" was asked for during the window: the draw is made when entries close (decision 050). */
  broughtForward: z.boolean().optional(),
  /** When the draw is due: drawText, or closesText once brought forward. */
  dueText: z.string().optional(),
  placesOffered: z.number().int().nullable(),
  order: z.array(publishedEntry).nullable(),
});
export type PublicDraw = z.infer<typeof publicDrawSchema>;

/** The admin's view: the public one plus whether it may still change. */
export const adminDrawSchema = z.object({
  draw: publicDrawSchema.nullable(),
  /** The settings as the form shows them (local times in the event's zone). */
  settings: z
    .object({ opensAt: z.string(), closesAt: z.string(), drawAt: z.string(), losers: z.enum(DRAW_LOSERS) })
    .nullable(),
  editable: z.boolean(),
  timeZone: z.string(),
  hasCapacity: z.boolean(),
});
export type AdminDraw = z.infer<typeof adminDrawSchema>;

/** POST /api/admin/events/{eventId}/draw/run, after entries closed: 200, the draw made. */
export const drawRunResultSchema = z.object({
  won: z.number().int(),
  waitlisted: z.number().int(),
  notDrawn: z.number().int(),
  entries: z.number().int(),
});
export type DrawRunResult = z.infer<typeof drawRunResultSchema>;

/**
 * The same call before entries close: 202, nothing drawn; the draw is made when they close, as announced
 * (decision 050), and the public page says so.
 */
export const drawScheduledSchema = z.object({
  scheduledFor: z.string(),
  scheduledText: z.string(),
  entries: z.number().int(),
});
export type DrawScheduled = z.infer<typeof drawScheduledSchema>;

export const DRAW_MSG = {
  notOpen: (when: string) => `Entries for this draw open on ${when}.`,
  closed: (when: string) => `Entries for this draw closed on ${when}.`,
  alreadyEntered: 'You have already entered this draw.',
  alreadyRun: 'This draw has already been made.',
  windowOpen: (closes: string) => `Entries are open until ${closes}, as announced: the draw is made when they close.`,
  locked: 'The entry window has opened: the draw can no longer be changed.',
  notFound: 'This event has no draw.',
  needsCapacity: 'A draw needs the event to have a capacity.',
  entered: (drawOn: string) => `You are entered in the draw on ${drawOn}.`,
} as const;
