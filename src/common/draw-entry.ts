import { z } from 'zod';

// What the member's side needs of a fair draw (decision 031), apart from draws.ts: the dashboard's first chunk
// carries these and nothing of the admin's or the public page's contract.

export const DRAW_STATES = ['scheduled', 'open', 'closed', 'drawn'] as const;
export type DrawState = (typeof DRAW_STATES)[number];

/** What the member's own entry says of its draw (status calls, My bookings, the tile). */
export const entryDrawSchema = z.object({
  /** '2 Dec, 6 PM SGT' */
  drawOn: z.string(),
  closesOn: z.string(),
  path: z.string(),
  /** drawOn's instant (ISO) and the event's zone: a member's language writes it again (decision 071). */
  drawAt: z.string().optional(),
  timeZone: z.string().optional(),
});
export type EntryDraw = z.infer<typeof entryDrawSchema>;

/** The status call's word on an event's draw not yet made: whether members enter now, and when it is. */
export const eventDrawSchema = entryDrawSchema.extend({
  state: z.enum(DRAW_STATES),
  /** Why entering is not possible now (before or after the window), in the event's zone. */
  message: z.string().nullable(),
  /** The entry window's instants (ISO), so a member's language can say the message again (decision 071). */
  opensAt: z.string().optional(),
  closesAt: z.string().optional(),
});

/** The public page of an event's draw. */
export const drawPath = (eventId: string) => `/draws/${encodeURIComponent(eventId)}`;
