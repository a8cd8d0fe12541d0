import { z } from 'zod';
import { isoDate } from './dates.ts';

export const CONCIERGE_MAX_GUESTS = 4;

export const CONCIERGE_MSG = {
  fullName: 'Full name is required',
  email: 'Please enter a valid email address',
  date: 'Please select a date',
  timeSlot: 'Please select a time slot',
  guests: 'Please select Yes or No for guests',
  guestCount: 'Please specify how many guests you are bringing',
  guestMax: `You can bring at most ${CONCIERGE_MAX_GUESTS} guests`,
} as const;

export type ConciergeMessages = Record<keyof typeof CONCIERGE_MSG, string>;

/** The form's schema with its messages: the spec's, or the member's language on the server (decision 072). */
export const conciergeSchemaWith = (msg: ConciergeMessages) =>
  z
    .object(
      {
        fullName: z.string({ error: msg.fullName }).trim().min(1, msg.fullName).max(200),
        email: z.string({ error: msg.email }).trim().pipe(z.email(msg.email)),
        phoneNumber: z.string().trim().max(40).optional().or(z.literal('')),
        selectedDate: isoDate(msg.date),
        timeSlot: z.string({ error: msg.timeSlot }).min(1, msg.timeSlot).max(100),
        bringingGuests: z.enum(['yes', 'no'], { error: msg.guests }),
        guestCount: z.coerce
          .number({ error: msg.guestCount })
          .int(msg.guestCount)
          .min(0, msg.guestCount)
          .max(CONCIERGE_MAX_GUESTS, msg.guestMax)
          .default(0),
        // Sent by the page; the server recomputes it as 1 + guests.
        totalAttendees: z.coerce
          .number()
          .int()
          .min(1)
          .max(1 + CONCIERGE_MAX_GUESTS)
          .optional(),
      },
      { error: msg.fullName },
    )
    .superRefine((v, ctx) => {
      if (v.bringingGuests === 'yes' && v.guestCount < 1) {
        ctx.addIssue({ code: 'custom', path: ['guestCount'], message: msg.guestCount });
      }
    });

/** One schema for the concierge booking form and its handler (docs/spec/admin-and-rsvp.md §5). */
export const conciergeRsvpSchema = conciergeSchemaWith(CONCIERGE_MSG);
export type ConciergeRsvpInput = z.input<typeof conciergeRsvpSchema>;

export const conciergeSlotSchema = z.object({
  date: z.string(),
  timeSlot: z.string(),
  remainingSlots: z.number().int(),
});
export type ConciergeSlot = z.infer<typeof conciergeSlotSchema>;

export const eveningSlotSchema = z.object({ id: z.string(), slotTime: z.string(), remainingSlots: z.number().int() });
export type EveningSlot = z.infer<typeof eveningSlotSchema>;

/** The evening's time slots, the concierge tours' slots and the evening's fullness, as the forms poll them. */
export const eveningSlotsSchema = z.object({ slots: z.array(eveningSlotSchema) });
export const conciergeSlotsSchema = z.array(conciergeSlotSchema);
export const eveningCountSchema = z.object({ isFull: z.boolean(), remainingSlots: z.number().int().nullable() });
export const refreshAnswerSchema = z.object({ success: z.boolean(), error: z.string().optional() });

export const alreadyRsvpdText = (contact: string) =>
  `You had already RSVP'd! Email ${contact} to make any changes to your booking.`;
