import { z } from 'zod';
import { wireScheduleSchema } from './schedule-schema.ts';

/**
 * Handing a place on (decision 057): a member offers a confirmed place to another address; the recipient
 * accepts through the mailed link and the place moves to them in one transaction.
 */
export const TRANSFER_MODES = ['off', 'members', 'anyone'] as const;
export type TransferMode = (typeof TRANSFER_MODES)[number];
export const TRANSFER_STATUSES = ['offered', 'accepted', 'cancelled', 'expired'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** How many offers one member may have open at once, across their places (the per-member limit). */
export const MAX_OPEN_TRANSFERS = 3;

/**
 * The organiser's choice per benefit. Defaults: to members only, offers open 48 hours, until the event's change
 * deadline; a draw's win and an offer's codes stay with whoever got them (the most tempting to resell).
 */
export const transferSettingsSchema = z.object({
  mode: z.enum(TRANSFER_MODES).default('members'),
  /** No offer after this many hours before the start (never later than the event's own change deadline). */
  deadlineHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(0),
  /** An offer expires this many hours after it is made (or at the deadline, whichever is first). */
  offerHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(48),
  drawWins: z.boolean().default(false),
  offerClaims: z.boolean().default(false),
});
export type TransferSettings = z.output<typeof transferSettingsSchema>;
export const DEFAULT_TRANSFER_SETTINGS: TransferSettings = transferSettingsSchema.parse({});

export const TRANSFER_MSG = {
  off: 'The organiser does not allow this place to be given to someone else.',
  notTransferable: 'Only a confirmed place that has not been used can be given to someone else.',
  tooLate: 'It is too late to give this place to someone else.',
  openOffer: 'This place is already offered to someone: cancel that offer first.',
  tooManyOffers: `You can have at most ${MAX_OPEN_TRANSFERS} offers open at a time.`,
  toYourself: 'That is your own address.',
  offered: 'Offer sent. The place stays yours until they accept.',
  cancelled: 'Offer cancelled: the place stays yours.',
  invalid: 'This link does not work. Please check that you copied it whole.',
  gone: 'This offer is no longer open.',
  expired: 'This offer has expired: the place stayed with the member who offered it.',
  placeGone: 'This place is no longer available to hand on.',
  alreadyHolds: (event: string) => `You already have a place at ${event}, so you cannot take this one.`,
  membersOnly: 'This place can only be given to pass holders, and this address is not on the list.',
  accepted: (event: string) => `The place is yours: you are booked for ${event}.`,
} as const;

export const transferOfferBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid email address').max(254)),
});
export const transferIdParams = z.object({ transferId: z.uuid('Offer not found') });
export const transferTokenParams = z.object({ token: z.string().min(20).max(100) });

/** One of the sender's offers, as My bookings shows it. */
export const transferOfferSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  email: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  expiresAt: z.string(),
});
export type TransferOffer = z.infer<typeof transferOfferSchema>;

/** GET /api/me/transfers: the member's open offers, and until when each of their places may be offered. */
export const myTransfersSchema = z.object({
  offers: z.array(transferOfferSchema),
  /** Booking id → when an offer made now would expire (ISO), for every place the member may hand on now. */
  transferable: z.record(z.string(), z.string()),
});
export type MyTransfers = z.infer<typeof myTransfersSchema>;

/** GET /api/transfers/{token}: what the link offers, and what the recipient is asked. */
export const transferViewSchema = z.object({
  status: z.enum(TRANSFER_STATUSES),
  eventTitle: z.string(),
  when: z.string().nullable(),
  /** `when` as data, for the member's language (decision 071); absent when the event has no time. */
  schedule: wireScheduleSchema.optional(),
  venue: z.string(),
  from: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  /** The event's zone: the page says the times there. */
  timeZone: z.string(),
  guestCount: z.number().int(),
  /** The form's questions that belong to a person: asked of the recipient, never copied from the sender. */
  questions: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type TransferView = z.infer<typeof transferViewSchema>;

const nameField = z.string().trim().min(1, 'Please enter your name').max(100);
export const transferAcceptBody = z.object({
  firstName: nameField,
  lastName: nameField,
  answers: z.record(z.string().max(100), z.string().trim().max(1000)).optional(),
});
export type TransferAccept = z.infer<typeof transferAcceptBody>;

export const transferAcceptedSchema = z.object({ bookingId: z.string(), eventId: z.string(), message: z.string() });

export const transferPath = (token: string) => `/transfer/${encodeURIComponent(token)}`;

/**
 * The organiser's choice on the benefit forms and API: optional (absent leaves it, or the defaults on a new benefit).
 * The add form is multipart, so it may come as JSON text.
 */
export const transferSettingsField = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  if (!value.trim()) return undefined;
  try {
    return value.length <= 1000 ? JSON.parse(value) : value;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Transfer settings must be JSON', input: value });
    return z.NEVER;
  }
}, transferSettingsSchema.optional());
