import { z } from 'zod';
import { eventIdParams } from './attendees.ts';

/** The most places one slot may offer: a typo of an extra zero or two is refused, not stored. */
export const SLOT_CAPACITY_MAX = 10000;

export const slotCapacityParams = eventIdParams.extend({ slotId: z.uuid('Slot not found') });

/** An organiser changes one slot's places from the attendees page; written back to Tab 2. */
export const slotCapacityBody = z.object({
  capacity: z
    .number('Enter a whole number of places')
    .int('Enter a whole number of places')
    .min(0, 'Capacity cannot be negative')
    .max(SLOT_CAPACITY_MAX, `At most ${SLOT_CAPACITY_MAX} places per slot`),
});

export const slotCapacityResultSchema = z.object({
  slotId: z.string(),
  capacity: z.number().int(),
  /** Places held in the slot (confirmed and pending) after the change, promotions included. */
  booked: z.number().int(),
  /** Waitlisted bookings that took a place because the slot grew. */
  promoted: z.number().int(),
});
export type SlotCapacityResult = z.infer<typeof slotCapacityResultSchema>;

export const SLOT_CAPACITY_MSG = {
  notFound: 'Slot not found',
  belowBooked: (held: number) =>
    `${held} ${held === 1 ? 'place is' : 'places are'} already held in this slot: the capacity cannot go below ${held}. Cancel or move bookings first.`,
} as const;
