import { z } from 'zod';

export const EVENING_MSG = {
  fullName: 'Full name is required',
  email: 'Please enter a valid email address',
  rsvp: 'RSVP is required',
  tour: 'Please select tour preference and time slot when requesting tour',
} as const;

/** One schema for the evening form and its handler (docs/spec/admin-and-rsvp.md §5). */
export const eveningRsvpSchema = z
  .object(
    {
      fullName: z.string({ error: EVENING_MSG.fullName }).trim().min(1, EVENING_MSG.fullName).max(200),
      email: z.string({ error: EVENING_MSG.email }).trim().pipe(z.email(EVENING_MSG.email)),
      rsvpStatus: z.literal('yes', { error: EVENING_MSG.rsvp }),
      tourRequested: z.enum(['yes', 'no'], { error: EVENING_MSG.tour }).optional(),
      timeSlot: z.string().max(100).optional(),
    },
    { error: EVENING_MSG.fullName },
  )
  .superRefine((v, ctx) => {
    if (!v.tourRequested || (v.tourRequested === 'yes' && !v.timeSlot?.trim())) {
      ctx.addIssue({ code: 'custom', path: ['tourRequested'], message: EVENING_MSG.tour });
    }
  });
export type EveningRsvpInput = z.input<typeof eveningRsvpSchema>;
