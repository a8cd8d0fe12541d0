import { z } from 'zod';

export const EVENING_MSG = {
  fullName: 'Full name is required',
  email: 'Please enter a valid email address',
  rsvp: 'RSVP is required',
  tour: 'Please select tour preference and time slot when requesting tour',
} as const;

export type EveningMessages = Record<keyof typeof EVENING_MSG, string>;

/** The form's schema with its messages: the spec's, or the member's language on the server (decision 072). */
export const eveningSchemaWith = (msg: EveningMessages) =>
  z
    .object(
      {
        fullName: z.string({ error: msg.fullName }).trim().min(1, msg.fullName).max(200),
        email: z.string({ error: msg.email }).trim().pipe(z.email(msg.email)),
        rsvpStatus: z.literal('yes', { error: msg.rsvp }),
        tourRequested: z.enum(['yes', 'no'], { error: msg.tour }).optional(),
        timeSlot: z.string().max(100).optional(),
      },
      { error: msg.fullName },
    )
    .superRefine((v, ctx) => {
      if (!v.tourRequested || (v.tourRequested === 'yes' && !v.timeSlot?.trim())) {
        ctx.addIssue({ code: 'custom', path: ['tourRequested'], message: msg.tour });
      }
    });

/** One schema for the evening form and its handler (docs/spec/admin-and-rsvp.md §5). */
export const eveningRsvpSchema = eveningSchemaWith(EVENING_MSG);
export type EveningRsvpInput = z.input<typeof eveningRsvpSchema>;
