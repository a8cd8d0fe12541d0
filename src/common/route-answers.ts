import { z } from 'zod';
import { errorSchema } from './auth.ts';
import { fallbackSchema } from './benefits.ts';
import { BOOKING_STATUSES } from './bookings.ts';
import { boundedRecord } from './bounded-json.ts';
import { storedFieldSchema } from './rsvp-config-versions.ts';

/** Answers of routes whose shapes live nowhere else: the response half of the API contract. */

export const successSchema = z.object({ success: z.boolean() });

// --- admin ---
export const benefitCreatedSchema = z.object({ id: z.string(), warnings: z.array(z.string()) });
export const benefitSavedSchema = z.object({ id: z.string() });
export const memberSavedSchema = z.object({ outcome: z.enum(['added', 'updated']) });
export const auditListSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      adminEmail: z.string(),
      action: z.string(),
      targetType: z.string(),
      targetId: z.string().nullable(),
      /** What the target is called (a benefit's title, a booking's member e-mail and event...); null: only its id. */
      targetName: z.string().nullable().optional(),
      details: z.record(z.string(), z.unknown()).nullable(),
      at: z.string(),
    }),
  ),
});
export const deployAnswerSchema = z.object({
  success: z.boolean(),
  benefitId: z.string(),
  url: z.string(),
  /** The version this deploy made live (decision 013). */
  version: z.number().int(),
  warnings: z.array(z.string()),
});
export const exportJobsSchema = z.object({
  jobs: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      nextAttemptAt: z.string(),
    }),
  ),
});
export const benefitEmailsSchema = z.object({ data: z.object({ emails: z.array(z.string()) }) });

// --- the dynamic RSVP page ---
const roleName = z.string().optional();
/** Stored configuration parts are checked when saved; the answer passes them on as they are. */
const storedJson = z.record(z.string(), z.unknown());
export const dynamicConfigAnswerSchema = z.object({
  id: z.string(),
  benefitId: z.string(),
  configName: z.string(),
  // A stored field without its sheet column: members need not know the organiser's sheet.
  formFields: z.array(
    storedFieldSchema.omit({ columnMapping: true }).extend({
      /** The options as the member's language shows them, by position (decision 062); the values stay the options. */
      optionLabels: z.array(z.string()).optional(),
      /** Its words served in English in another language (`displayName`, `options.2`; decision 073). */
      fallback: fallbackSchema,
    }),
  ),
  roles: z.object({
    rsvp: roleName,
    date: roleName,
    slot: roleName,
    tour: roleName,
    guestStatus: roleName,
    guestCount: roleName,
  }),
  maxGuests: z.number(),
  slotConfig: storedJson,
  sheetMapping: z.object({ tab2Url: z.string().nullable() }),
  behavior: storedJson,
});
export const slotLogicAnswerSchema = z.object({
  hasTimeOnly: z.boolean(),
  hasDateAndTime: z.boolean(),
  /** The event's IANA zone: slot times are its wall-clock times, labelled with it ('6:30–8:00 PM EST'). */
  timeZone: z.string(),
  /** The event's first local day (YYYY-MM-DD): a time-only slot's day; null when the event has no start. */
  eventDay: z.string().nullable(),
  slotData: z.array(z.object({ time: z.string(), date: z.string().nullable(), remainingSlots: z.number() })),
  waitlist: z.boolean(),
  showRemainingCount: z.boolean(),
});
export const dynamicSubmitAnswerSchema = z.object({
  success: z.literal(true),
  bookingId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  waitlistPosition: z.number().int().nullable(),
  message: z.string(),
  redirectAfterSubmission: z.string().nullable(),
});
/** A form the server refused, field by field (the page shows each message at its field). */
export const formRefusalSchema = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()),
});
/** A dynamic form's refusal: field by field, or one error. */
export const dynamicRefusalSchema = formRefusalSchema.or(errorSchema);

/** A member's dynamic form submission (docs/spec/admin-and-rsvp.md §7). */
export const dynamicSubmitBody = z.object(
  {
    benefitId: z.string().max(200).optional(),
    formData: boundedRecord('formData').refine((d) => Object.keys(d).length <= 200, 'Too many fields'),
    totalAttendees: z.coerce.number().int().min(1).max(11).optional(),
    /** The member ticked the terms box (required when the form asks for it). */
    acceptTerms: z.boolean().optional(),
  },
  { error: 'formData is required' },
);
