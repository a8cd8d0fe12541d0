import { z } from 'zod';
import { BENEFIT_TYPES, BOOKED_THROUGH } from './benefit-type.ts';
import { isoDate } from './dates.ts';
import { checkEventDetails, eventDetailsFields, eventDetailsSchema, newBenefitSchedule } from './event-details.ts';
import { memberActionWordingSchema, storedWordingSchema } from './member-action-wording.ts';

/**
 * A benefit's further events and a built-in form's slots (decision 053): the gallery's pass and opening night are
 * one benefit, the evening and the tours book slots. The benefit's own event comes with it (addBenefitSchema).
 */
export const BENEFIT_EVENT_MSG = {
  titleRequired: 'The event needs a title',
  slotsOnlyBuiltIn: 'Only an event booked through a built-in form takes slots here (a form’s come from its Sheet)',
  eventNotFound: 'Event not found',
  slotNotFound: 'Slot not found',
  slotHeld: 'Places are held in this slot: cancel or move its bookings before removing it',
  ownEventStays: 'The benefit’s own event stays while the benefit does',
  eventHeld:
    'Members have booked this event (or it has a draw or messages): it stays, and its attendees page lists them',
  eventOnPage: 'A partner page books this event: take it off the page first',
} as const;

export const benefitEventParams = z.object({ id: z.string().min(1).max(200), eventId: z.string().min(1).max(200) });

export const eventSlotInputSchema = z.object({
  /** The tour's day; none for an evening's slots. */
  date: isoDate().nullable().optional(),
  time: z.string().trim().min(1).max(40),
  capacity: z.number().int().min(1).max(100_000),
});
export type EventSlotInput = z.infer<typeof eventSlotInputSchema>;
export const eventSlotsInputSchema = z.object({ slots: z.array(eventSlotInputSchema).min(1).max(500) });

export const benefitEventInputSchema = z
  .object({
    title: z.string({ error: BENEFIT_EVENT_MSG.titleRequired }).trim().min(1, BENEFIT_EVENT_MSG.titleRequired).max(200),
    description: z.string().trim().max(5000).optional(),
    ...eventDetailsFields,
    schedule: newBenefitSchedule,
    benefitType: z.enum(BENEFIT_TYPES).optional(),
    bookedThrough: z.enum(BOOKED_THROUGH).optional(),
    actionWording: memberActionWordingSchema.optional(),
  })
  .superRefine(checkEventDetails);
export type BenefitEventInput = z.input<typeof benefitEventInputSchema>;

export const benefitEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The benefit's own event (the one its form edits) comes first and says so. */
  primary: z.boolean(),
  event: eventDetailsSchema,
  benefitType: z.enum(BENEFIT_TYPES),
  bookedThrough: z.enum(BOOKED_THROUGH),
  actionWording: storedWordingSchema.optional(),
  slots: z.array(
    z.object({
      date: z.string().nullable(),
      time: z.string(),
      capacity: z.number(),
      /** Not in an add's input: the slot's own id, and the places held in it (the admin screen edits by them). */
      id: z.string().optional(),
      booked: z.number().optional(),
    }),
  ),
});
export type BenefitEvent = z.infer<typeof benefitEventSchema>;
export const benefitEventsSchema = z.object({ events: z.array(benefitEventSchema) });
export const eventCreatedSchema = z.object({ id: z.string() });
