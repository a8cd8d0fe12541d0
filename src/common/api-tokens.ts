import { z } from 'zod';

/** What a token may read (decision 058), with the words the admin page shows. */
export const API_TOKEN_SCOPE_LABEL = {
  attendees: 'Attendees (names and contact details)',
  bookings: 'Bookings (status, places, slots)',
  codes: 'Offer codes',
  'check-ins': 'Check-ins',
} as const;
export type ApiTokenScope = keyof typeof API_TOKEN_SCOPE_LABEL;
export const API_TOKEN_SCOPES = Object.keys(API_TOKEN_SCOPE_LABEL) as [ApiTokenScope, ...ApiTokenScope[]];
/** A token reads this many rows per call at most. */
export const API_PAGE_MAX = 500;

export const API_TOKEN_MSG = {
  missing: 'An API token is required: Authorization: Bearer <token>',
  invalid: 'This API token is unknown, revoked or expired',
  scope: (scope: string) => `This API token may not read ${scope}`,
  notFound: 'API token not found',
  rateLimited: 'Too many requests for this token: wait a minute',
  unknownEvent: 'Event not found',
} as const;

export const apiTokenBody = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)).min(1).max(API_TOKEN_SCOPES.length),
  /** Days until it stops working; none: until revoked. */
  expiresInDays: z.number().int().min(1).max(3650).nullable().default(90),
});
export type ApiTokenBody = z.input<typeof apiTokenBody>;
export const apiTokenIdParams = z.object({ id: z.uuid() });

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  owner: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
/** The token itself is in this answer only: it is stored hashed. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });

// --- /api/v1: what a token reads ---
export const apiPageQuery = z.object({
  eventId: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(API_PAGE_MAX).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const apiCodesQuery = apiPageQuery.omit({ eventId: true }).extend({ benefitId: z.string().min(1).max(200) });

export const apiBookingSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  status: z.string(),
  slotId: z.string().nullable(),
  guestCount: z.number().int(),
  places: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const apiAttendeeSchema = z.object({
  bookingId: z.string(),
  eventId: z.string(),
  status: z.string(),
  firstName: z.string().nullable().optional(),
  lastName: z.string().nullable().optional(),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  guestCount: z.number().int(),
  checkedInAt: z.string().nullable(),
});
export const apiCodeSchema = z.object({
  code: z.string(),
  bookingId: z.string().nullable(),
  claimedAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
});
export const apiCheckInSchema = z.object({ bookingId: z.string(), eventId: z.string(), checkedInAt: z.string() });

export const apiBookingsAnswer = z.object({ data: z.array(apiBookingSchema) });
export const apiAttendeesAnswer = z.object({ data: z.array(apiAttendeeSchema) });
export const apiCodesAnswer = z.object({ data: z.array(apiCodeSchema) });
export const apiCheckInsAnswer = z.object({ data: z.array(apiCheckInSchema) });
