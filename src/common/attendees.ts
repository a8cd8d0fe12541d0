import { z } from 'zod';
import { memberInputSchema } from './admin.ts';
import { BOOKING_STATUSES, bookingSlotSchema } from './bookings.ts';
import { boundedRecord } from './bounded-json.ts';
import { dynamicConfigAnswerSchema, slotLogicAnswerSchema } from './route-answers.ts';

/**
 * An event's attendee list for admins (decision 018): every booking with its answers, and the admin's actions on them.
 * The contract between /admin/events/:eventId/attendees and its routes.
 */
export const ATTENDEE_SORTS = ['bookedAt', 'name', 'email', 'status', 'slot', 'guests', 'checkedInAt'] as const;
export type AttendeeSort = (typeof ATTENDEE_SORTS)[number];
export const CHECKED_IN_FILTERS = ['all', 'yes', 'no'] as const;
/** The list shows this many rows at most; exports carry every row that matches. */
export const ATTENDEE_LIST_LIMIT = 1000;
export const BULK_LIMIT = 200;
/** `slotId=none`: bookings without a slot. */
export const NO_SLOT = 'none';

export const ATTENDEE_MSG = {
  eventNotFound: 'Event not found',
  notMember: 'Only a listed member can be booked: add the e-mail on the Members page first.',
  notOfEvent: 'This booking belongs to another event.',
  notWaitlisted: 'Only a waitlisted booking can be promoted.',
  nothingToResend: 'A cancelled or declined booking has no confirmation to resend.',
  sameSlot: 'The booking is already in this slot.',
  noForm: 'This event has no RSVP form: book without answers.',
} as const;

export const eventIdParams = z.object({ eventId: z.string().min(1).max(200) });
export const attendeeParams = eventIdParams.extend({ bookingId: z.uuid('Booking not found') });

/** Search, filters and sort of the list; the exports take the same, so they carry what the admin sees. */
export const attendeesQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum([...BOOKING_STATUSES, 'all']).default('all'),
  slotId: z.union([z.uuid(), z.literal(NO_SLOT)]).optional(),
  checkedIn: z.enum(CHECKED_IN_FILTERS).default('all'),
  sort: z.enum(ATTENDEE_SORTS).default('bookedAt'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type AttendeesQuery = z.output<typeof attendeesQuery>;

export const attendeeSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  slot: bookingSlotSchema.nullable(),
  /** The slot's time as people read it, in the event's zone and labelled (common/event-time.ts). */
  slotLabel: z.string().nullable(),
  guestCount: z.number().int(),
  places: z.number().int(),
  waitlistPosition: z.number().int().nullable(),
  passCode: z.string().nullable(),
  bookedAt: z.string(),
  bookedAtText: z.string(),
  checkedInAt: z.string().nullable(),
  checkedInAtText: z.string().nullable(),
  /** One value per form column (`fields`), as typed; '' where the member gave none. */
  answers: z.record(z.string(), z.string()),
  /** A place handed on (decision 057): who gave it to this attendee, or whom this booking went to. */
  transfer: z.object({ from: z.string().optional(), to: z.string().optional() }).optional(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

export const attendeeSlotSchema = bookingSlotSchema.extend({
  label: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  isActive: z.boolean(),
});
export type AttendeeSlot = z.infer<typeof attendeeSlotSchema>;

export const attendeeFieldSchema = z.object({ key: z.string(), label: z.string() });

export const attendeesListSchema = z.object({
  event: z.object({
    id: z.string(),
    title: z.string(),
    benefitId: z.string().nullable(),
    timeZone: z.string(),
    when: z.string().nullable(),
    capacity: z.number().int().nullable(),
    placesTaken: z.number().int(),
    checkedIn: z.number().int(),
  }),
  /** The benefit's other events (e.g. a pass and an invitation): the page switches between them. */
  siblings: z.array(z.object({ id: z.string(), title: z.string() })),
  slots: z.array(attendeeSlotSchema),
  fields: z.array(attendeeFieldSchema),
  attendees: z.array(attendeeSchema),
  /** Bookings matching the filters; more than `attendees.length` when the list was cut at ATTENDEE_LIST_LIMIT. */
  matching: z.number().int(),
  total: z.number().int(),
});
export type AttendeesList = z.infer<typeof attendeesListSchema>;

/**
 * An admin books a listed member: the engine's rules (capacity, slot, one per member, window) apply. Where the event
 * books through a live form, its answers (`formData`, `acceptTerms`) choose the slot and guests, as a member's do.
 */
export const addAttendeeBody = z.object({
  email: memberInputSchema.shape.email,
  slotId: z.uuid('Choose a time slot').optional(),
  guestCount: z.number().int().min(0).max(10).default(0),
  formData: boundedRecord('formData')
    .refine((d) => Object.keys(d).length <= 200, 'Too many fields')
    .optional(),
  acceptTerms: z.boolean().optional(),
});
export type AddAttendeeBody = z.input<typeof addAttendeeBody>;

/** The live form an admin fills in for a member (null when the event books without one), with its slots. */
export const attendeeFormSchema = z.object({
  form: dynamicConfigAnswerSchema.nullable(),
  slots: slotLogicAnswerSchema.nullable(),
});
export type AttendeeForm = z.infer<typeof attendeeFormSchema>;

export const moveAttendeeBody = z.object({ slotId: z.uuid('Choose a time slot') });

export const ATTENDEE_ACTIONS = ['cancel', 'approve', 'decline', 'promote', 'resend', 'move'] as const;
export type AttendeeAction = (typeof ATTENDEE_ACTIONS)[number];

export const bulkAttendeesBody = z
  .object({
    action: z.enum(ATTENDEE_ACTIONS),
    bookingIds: z.array(z.uuid('Booking not found')).min(1, 'Select at least one booking').max(BULK_LIMIT),
    slotId: z.uuid('Choose a time slot').optional(),
  })
  .refine((b) => b.action !== 'move' || b.slotId !== undefined, { error: 'Choose a time slot', path: ['slotId'] });

/** Each selected booking's outcome: done, or refused with the engine's reason and code. */
export const bulkResultSchema = z.object({
  results: z.array(
    z.object({
      bookingId: z.string(),
      ok: z.boolean(),
      error: z.string().optional(),
      code: z.string().optional(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
