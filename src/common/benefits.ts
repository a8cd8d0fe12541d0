import { z } from 'zod';
import { BENEFIT_TYPES } from './benefit-type.ts';
import { actionWordingByEventSchema } from './member-action-wording.ts';
import { wireScheduleSchema } from './schedule-schema.ts';

export const BOOKING_MODES = ['EXTERNAL_REDIRECT', 'INSTANT_RSVP', 'FORM_RSVP', 'HYBRID'] as const;
export const bookingModeSchema = z.enum(BOOKING_MODES);
export type BookingMode = z.infer<typeof bookingModeSchema>;

export const linkSchema = z.object({
  label: z.string(),
  href: z.string(),
  /** 'external' opens a new tab; 'mail' is a mailto:; 'internal' is a portal route. */
  type: z.enum(['external', 'mail', 'internal']),
});

/** What a tile's modal shows; the RSVP wiring is added by the RSVP feature. */
export const modalContentSchema = z.object({
  paragraphs: z.array(z.string()).default([]),
  details: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
  links: z.array(linkSchema).default([]),
  redemptionCode: z.string().optional(),
  /** Events the modal books, by id (one button each), e.g. the gallery's pass and invitation. */
  actions: z.array(z.string()).default([]),
});
export type ModalContent = z.infer<typeof modalContentSchema>;

/**
 * A member read's optional `fallback` (decision 073): the paths (`description`, `modal.paragraphs.0`) of the
 * organiser's words it serves in English because the language asked leaves them untranslated; absent when none.
 */
export const fallbackSchema = z.array(z.string()).optional();

export const benefitSchema = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  bookingText: z.string(),
  bookingUrl: z.string(),
  bookingMode: bookingModeSchema,
  formDescription: z.string().nullable(),
  partnerContactEmail: z.string().nullable(),
  hasSlotLogic: z.boolean(),
  kind: z.enum(['event', 'benefit']),
  action: z.enum(['page', 'modal']),
  actionTarget: z.string().nullable(),
  partnerPage: z.string().nullable(),
  /** The admin's own label, else its event's when as the one formatter writes it. */
  dateLabel: z.string(),
  /** Its event's where, and its end (ISO): after it, the tile says Ended. */
  venue: z.string().nullable(),
  endsAt: z.string().nullable(),
  /**
   * Its event's schedule when `dateLabel` is the formatter's (not the admin's own words), so a member reading another
   * language gets it written in theirs (decision 059). Not in the spec's answer.
   */
  schedule: wireScheduleSchema.optional(),
  displayOrder: z.number().int(),
  modal: modalContentSchema.nullable(),
  /**
   * Its events' own button and toast wording, by event id (decision 033); an event left out, or a field, speaks the
   * spec's generic wording. Not in the spec's answer: a client that ignores it books as before.
   */
  actionWording: actionWordingByEventSchema.optional(),
  /** The events it books, its primary first (not in the spec's answer): a tile shows their states whatever it opens. */
  eventIds: z.array(z.string()).optional(),
  /** What each of its events is (common/benefit-type.ts), where not an event: an event's defaults speak of it. */
  eventTypes: z.record(z.string(), z.enum(BENEFIT_TYPES)).optional(),
  /** Its own event's built-in form (decision 064): /rsvp/{id} opens that form, whatever the benefit's id. */
  builtInForm: z.enum(['evening', 'concierge']).optional(),
  /** Its words served in English in another language's read (decision 073); not in the spec's answer. */
  fallback: fallbackSchema,
});
export type Benefit = z.infer<typeof benefitSchema>;

/** The dashboard's catalogue. */
export const benefitListSchema = z.array(benefitSchema);
export const benefitIdParams = z.object({ benefitId: z.string().min(1).max(200) });
