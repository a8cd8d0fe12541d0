import { z } from 'zod';
import { BOOKING_STATUSES } from './bookings.ts';

/**
 * Partner accounts (docs/decisions/030): a partner sees only the benefits an admin assigns, and of their
 * attendees only the fields the organiser shares.
 */
export const PARTNER_FIELDS = [
  'name',
  'email',
  'phone',
  'guests',
  'status',
  'slot',
  'checkIn',
  'bookedAt',
  'answers',
] as const;
export type PartnerField = (typeof PARTNER_FIELDS)[number];

/** What a partner sees of an attendee until the organiser chooses otherwise. */
export const PARTNER_FIELD_DEFAULT: readonly PartnerField[] = ['name', 'email', 'guests', 'status', 'checkIn'];

export const PARTNER_FIELD_LABEL: Record<PartnerField, string> = {
  name: 'Name',
  email: 'E-mail address',
  phone: 'Phone',
  guests: 'Guests',
  status: 'Status',
  slot: 'Time slot',
  checkIn: 'Check-in',
  bookedAt: 'Booked at',
  answers: 'Form answers',
};

export const PARTNER_MSG = {
  noBenefits: 'No benefits are assigned to this account yet. Ask the organiser.',
  benefitUnknown: 'Benefit not found',
  needsBenefit: 'A partner account needs at least one benefit',
} as const;

export const benefitIdsSchema = z
  .array(z.string().trim().min(1).max(200))
  .max(200)
  .transform((ids) => [...new Set(ids)]);

export const partnerAssignmentsBody = z.object({ benefitIds: benefitIdsSchema });
export const partnerAssignmentsSchema = z.object({ benefitIds: z.array(z.string()) });

export const partnerFieldsSchema = z.object({
  fields: z
    .array(z.enum(PARTNER_FIELDS))
    .max(PARTNER_FIELDS.length)
    .transform((f) => [...new Set(f)]),
});
export const partnerFieldsAnswer = z.object({ fields: z.array(z.enum(PARTNER_FIELDS)) });
export const partnerBenefitParams = z.object({ benefitId: z.string().min(1).max(200) });

/** A benefit on the partner's page: its events (attendees, door) and the fields shared. */
export const partnerBenefitSchema = z.object({
  id: z.string(),
  title: z.string(),
  fields: z.array(z.enum(PARTNER_FIELDS)),
  events: z.array(z.object({ id: z.string(), title: z.string(), when: z.string().nullable(), hasDoor: z.boolean() })),
});
export type PartnerBenefit = z.infer<typeof partnerBenefitSchema>;
export const partnerBenefitsSchema = z.object({ benefits: z.array(partnerBenefitSchema) });

/** An attendee as a partner sees it: only the shared fields are present. */
export const partnerAttendeeSchema = z.object({
  id: z.string(),
  fullName: z.string().nullable().optional(),
  email: z.string().optional(),
  phoneNumber: z.string().nullable().optional(),
  guestCount: z.number().int().optional(),
  status: z.enum(BOOKING_STATUSES).optional(),
  slotLabel: z.string().nullable().optional(),
  checkedInAtText: z.string().nullable().optional(),
  bookedAtText: z.string().optional(),
  answers: z.record(z.string(), z.string()).optional(),
});
export type PartnerAttendee = z.infer<typeof partnerAttendeeSchema>;

export const partnerAttendeesSchema = z.object({
  event: z.object({ id: z.string(), title: z.string(), benefitId: z.string().nullable(), when: z.string().nullable() }),
  fields: z.array(z.enum(PARTNER_FIELDS)),
  /** The form's columns, only when answers are shared. */
  answerFields: z.array(z.object({ key: z.string(), label: z.string() })),
  attendees: z.array(partnerAttendeeSchema),
  total: z.number().int(),
});
export type PartnerAttendees = z.infer<typeof partnerAttendeesSchema>;
