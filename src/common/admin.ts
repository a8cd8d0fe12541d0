import { z } from 'zod';
import {
  BENEFIT_MODEL_MSG,
  BENEFIT_TYPES,
  type BenefitType,
  BOOKED_THROUGH,
  type BookedThrough,
  CARD_TARGETS,
  type CardTarget,
  LISTED_UNDER,
} from './benefit-type.ts';
import { checkEventDetails, eventDetailsFields, eventDetailsSchema, newBenefitSchedule } from './event-details.ts';
import { memberActionWordingSchema, storedWordingSchema, wordingFormField } from './member-action-wording.ts';
import { benefitIdsSchema, PARTNER_MSG } from './partners.ts';
import { STAFF_ROLES } from './passes.ts';
import { transferSettingsField, transferSettingsSchema } from './transfers.ts';
import { SIGN_IN_STEPS } from './two-factor.ts';
import { isWebUrl, WEB_URL_MSG } from './urls.ts';

export const ADMIN_MSG = {
  invalidCredentials: 'Invalid credentials',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  notSignedIn: 'Admin sign-in required',
  nameRequired: 'Benefit name is required',
  descriptionRequired: 'Benefit description is required',
  buttonTextRequired: 'Button text is required',
  partnerEmailRequired: 'Partner contact email is required',
  partnerEmailInvalid: 'Please enter a valid email address',
  tab1Required: 'Google Sheet Tab 1 Link is required',
  urlInvalid: 'Please enter a valid URL',
  sheetsUrlInvalid: 'Please enter a valid Google Sheets URL',
  imageRequired: 'Please upload a benefit image',
  imageInvalidType: 'Invalid file type',
  imageTooLarge: 'File too large',
  imageDimensions: 'Invalid image dimensions',
  imageUnreadable: 'Unable to read the image file. Please try a different file.',
  benefitNotFound: 'Benefit not found',
  configNotFound: 'RSVP configuration not found',
} as const;

export const BENEFIT_FORM_STATES = ['live', 'one-click', 'unavailable'] as const;
export type BenefitFormState = (typeof BENEFIT_FORM_STATES)[number];

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIN = { width: 320, height: 200 } as const;
export const IMAGE_ASPECT = 16 / 10;
export const IMAGE_ASPECT_TOLERANCE = 0.15;

/**
 * The add-benefit image's warnings (docs/spec/admin-and-rsvp.md §5: smaller than 320x200, or more than 15% from 16:10), in the same
 * words in the browser before upload and from the server after it.
 */
export function imageSizeWarnings(width: number, height: number): string[] {
  const warnings: string[] = [];
  if (width < IMAGE_MIN.width || height < IMAGE_MIN.height)
    warnings.push(
      `The image is ${width}x${height} px; at least ${IMAGE_MIN.width}x${IMAGE_MIN.height} px is recommended.`,
    );
  if (Math.abs(width / height - IMAGE_ASPECT) / IMAGE_ASPECT > IMAGE_ASPECT_TOLERANCE)
    warnings.push('The aspect ratio is far from the recommended 16:10; the image may be cropped on benefit cards.');
  return warnings;
}
export const ADMIN_BENEFITS_STALE_MS = 5 * 60_000;
export const EDIT_REDIRECT_MS = 1500;

export const adminLoginSchema = z.object(
  {
    email: z.string({ error: ADMIN_MSG.emailRequired }).trim().min(1, ADMIN_MSG.emailRequired).max(320),
    password: z.string({ error: ADMIN_MSG.passwordRequired }).min(1, ADMIN_MSG.passwordRequired).max(1000),
  },
  { error: ADMIN_MSG.emailRequired },
);
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;
export const adminUserSchema = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  /** The organiser's zone (ORGANISER_TIME_ZONE): admin lists that span events write their times in it. */
  timeZone: z.string().optional(),
  /** Only after a password that is not the whole sign-in: the second factor comes next, or its set-up (decision 056). */
  next: z.enum(SIGN_IN_STEPS).optional(),
});

/** The answers that may finish a sign-in that had to set up a second factor: the account, now fully signed in. */
export const totpConfirmedSchema = z.object({ recoveryCodes: z.array(z.string()), user: adminUserSchema.optional() });
export const passkeyAddedSchema = z.object({ id: z.string(), user: adminUserSchema.optional() });

/** A Google Sheets link: a URL whose host and path are docs.google.com/spreadsheets (docs/spec/admin-and-rsvp.md §5). */
export const isGoogleSheetsUrl = (value: string) => {
  try {
    const u = new URL(value);
    return (
      (u.protocol === 'https:' || u.protocol === 'http:') &&
      `${u.host}${u.pathname}`.startsWith('docs.google.com/spreadsheets')
    );
  } catch {
    return false;
  }
};

const sheetLink = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => URL.canParse(v), ADMIN_MSG.urlInvalid)
  .refine(isGoogleSheetsUrl, ADMIN_MSG.sheetsUrlInvalid);
const optionalSheetLink = z
  .string()
  .trim()
  .max(2000)
  .optional()
  .transform((v) => v || undefined)
  .pipe(sheetLink.optional());

const benefitFields = {
  benefitName: z.string({ error: ADMIN_MSG.nameRequired }).trim().min(1, ADMIN_MSG.nameRequired).max(200),
  benefitDescription: z
    .string({ error: ADMIN_MSG.descriptionRequired })
    .trim()
    .min(1, ADMIN_MSG.descriptionRequired)
    .max(5000),
  buttonText: z.string({ error: ADMIN_MSG.buttonTextRequired }).trim().min(1, ADMIN_MSG.buttonTextRequired).max(100),
  partnerContactEmail: z
    .string({ error: ADMIN_MSG.partnerEmailRequired })
    .trim()
    .min(1, ADMIN_MSG.partnerEmailRequired)
    .pipe(z.email(ADMIN_MSG.partnerEmailInvalid)),
  excelTab2Link: optionalSheetLink,
};

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * What a benefit is, where the dashboard lists it and what its card opens (DESIGN §8, one benefit model). All
 * optional: the spec's calls keep their meaning (an RSVP form's tile under BENEFITS, booking as an event).
 */
const benefitModelFields = {
  benefitType: z.preprocess(blank, z.enum(BENEFIT_TYPES).optional()),
  listedUnder: z.preprocess(blank, z.enum(LISTED_UNDER).optional()),
  cardOpens: z.preprocess(blank, z.enum(CARD_TARGETS).optional()),
  cardLink: z.preprocess(blank, z.string().trim().max(2000).refine(isWebUrl, WEB_URL_MSG).optional()),
  /** How members take it up, and the partner's own booking address (decision 053). */
  bookedThrough: z.preprocess(blank, z.enum(BOOKED_THROUGH).optional()),
  bookingUrl: z.preprocess(blank, z.string().trim().max(2000).refine(isWebUrl, WEB_URL_MSG).optional()),
  /** The tile's date line in the organiser's words; absent or empty: written from the event's schedule. */
  dateLabel: z.string().trim().max(200).optional(),
  /** What mails, calendars and passes call its event; absent: the benefit's name and description. */
  eventTitle: z.preprocess(blank, z.string().trim().max(200).optional()),
  eventDescription: z.preprocess(blank, z.string().trim().max(5000).optional()),
  /** Whether the partner contact gets a notice of each booking (default yes); a multipart form sends text. */
  notifyPartner: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : blank(v)), z.boolean().optional()),
};
type ModelChoice = {
  benefitType?: BenefitType;
  cardOpens?: CardTarget;
  cardLink?: string;
  bookedThrough?: BookedThrough;
  bookingUrl?: string;
};

/** Only a benefit members book through its RSVP form needs the Sheet its answers go to. */
export const needsSheet = (d: ModelChoice) =>
  (d.cardOpens ?? 'form') === 'form' &&
  (d.bookedThrough ?? 'portal') === 'portal' &&
  (d.benefitType === undefined || d.benefitType === 'event' || d.benefitType === 'tour');

function checkModel(d: ModelChoice, ctx: z.RefinementCtx) {
  if (d.cardOpens === 'link' && !d.cardLink)
    ctx.addIssue({ code: 'custom', path: ['cardLink'], message: BENEFIT_MODEL_MSG.cardLinkRequired });
}

/** Add benefit: Tab 1 required for a form's benefit (the multipart text fields; the image is checked on its own). */
export const addBenefitSchema = z
  .object(
    {
      ...benefitFields,
      ...eventDetailsFields,
      ...benefitModelFields,
      transfers: transferSettingsField,
      schedule: newBenefitSchedule,
      /** Its event's button and message wording (decision 033), as JSON text; absent: the spec's defaults. */
      actionWording: wordingFormField,
      excelTab1Link: z
        .string({ error: ADMIN_MSG.tab1Required })
        .trim()
        .optional()
        .transform((v) => v || undefined)
        .pipe(sheetLink.optional()),
    },
    { error: ADMIN_MSG.nameRequired },
  )
  .superRefine((d, ctx) => {
    if (!d.excelTab1Link && needsSheet(d))
      ctx.addIssue({ code: 'custom', path: ['excelTab1Link'], message: ADMIN_MSG.tab1Required });
    checkModel(d, ctx);
    checkEventDetails(d, ctx);
  });
export type AddBenefitInput = z.input<typeof addBenefitSchema>;

/** On edit an emptied link means "remove it" (null); a missing one means "leave it". */
const clearableSheetLink = z
  .string()
  .trim()
  .max(2000)
  .nullable()
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null))
  .pipe(sheetLink.nullable().optional());

/** Edit benefit: Tab 1 optional; a new image arrives first through /api/upload-image. */
export const editBenefitSchema = z
  .object(
    {
      ...benefitFields,
      ...eventDetailsFields,
      excelTab1Link: clearableSheetLink,
      excelTab2Link: clearableSheetLink,
      imageUrl: z.string().max(500).optional(),
      /** Its event's button and message wording: absent leaves it; null or {} is the spec's defaults. */
      actionWording: memberActionWordingSchema.nullable().optional(),
      ...benefitModelFields,
      transfers: transferSettingsField,
    },
    { error: ADMIN_MSG.nameRequired },
  )
  .superRefine((d, ctx) => {
    checkModel(d, ctx);
    checkEventDetails(d, ctx);
  });

export const adminBenefitRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  sheetUrl: z.string().nullable(),
  imageUrl: z.string(),
  /** The benefit's primary event: its attendees page (/admin/events/{eventId}/attendees); null without one. */
  eventId: z.string().nullable(),
  /** Its event's IANA zone (slot times in the wizard's preview are read there); null without an event. */
  timeZone: z.string().nullable().optional(),
  /**
   * What members find on a benefit that books through its own RSVP form (/rsvp/{id}); null for other benefits:
   * 'live' its form, 'one-click' a one-click booking until a form is deployed, 'unavailable' neither (decision 023).
   */
  formState: z.enum(BENEFIT_FORM_STATES).nullable(),
});
export const adminBenefitRowsSchema = z.array(adminBenefitRowSchema);
export type AdminBenefitRow = z.infer<typeof adminBenefitRowSchema>;

export const adminBenefitSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  bookingText: z.string(),
  partnerContactEmail: z.string().nullable(),
  excelTab1Link: z.string().nullable(),
  excelTab2Link: z.string().nullable(),
  imageUrl: z.string(),
  /** When and where, from the benefit's event; null when it has none yet. */
  event: eventDetailsSchema.nullable(),
  /** Its event's own button and message wording (decision 033); absent when it has none. */
  actionWording: storedWordingSchema.optional(),
  /** What it is, where the dashboard lists it, what its card opens (and where, for a link). */
  benefitType: z.enum(BENEFIT_TYPES).optional(),
  listedUnder: z.enum(LISTED_UNDER).optional(),
  cardOpens: z.enum(CARD_TARGETS).optional(),
  cardLink: z.string().nullable().optional(),
  /** Whether and how members may hand a place on (decision 057). */
  transfers: transferSettingsSchema.optional(),
  bookedThrough: z.enum(BOOKED_THROUGH).optional(),
  bookingUrl: z.string().optional(),
  dateLabel: z.string().optional(),
  notifyPartner: z.boolean().optional(),
  eventTitle: z.string().optional(),
  eventDescription: z.string().optional(),
});
export type AdminBenefit = z.infer<typeof adminBenefitSchema>;

/** A benefit or a configuration by its id (RSVP configurations are uuids). */
export const adminBenefitIdParams = z.object({ id: z.string().min(1).max(200) });
export const configIdParams = z.object({ id: z.uuid(ADMIN_MSG.configNotFound) });
export const imageFileParams = z.object({ file: z.string().regex(/^[0-9a-f]{64}\.webp$/, 'Not found') });
export const imageUploadAnswerSchema = z.object({ imageUrl: z.string(), warnings: z.array(z.string()) });

// ---- admin and door staff accounts ---------------------------------------------------

export const ACCOUNT_MSG = {
  emailInvalid: 'Please enter a valid email address',
  passwordShort: 'The password needs at least 12 characters',
  notYourself: 'You cannot remove your own account',
  notFound: 'Account not found',
} as const;

/** An admin, door staff or partner account, as the CLI and the Members page add it (a partner with its benefits). */
export const adminAccountSchema = z
  .object({
    email: z.string({ error: ACCOUNT_MSG.emailInvalid }).trim().toLowerCase().pipe(z.email(ACCOUNT_MSG.emailInvalid)),
    password: z.string({ error: ACCOUNT_MSG.passwordShort }).min(12, ACCOUNT_MSG.passwordShort).max(200),
    role: z.enum(STAFF_ROLES).default('staff'),
    benefitIds: benefitIdsSchema.optional(),
  })
  .refine((a) => a.role !== 'partner' || (a.benefitIds?.length ?? 0) > 0, {
    message: PARTNER_MSG.needsBenefit,
    path: ['benefitIds'],
  });
export type AdminAccountInput = z.input<typeof adminAccountSchema>;
export const adminAccountRowSchema = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  createdAt: z.string(),
  /** A partner's assigned benefits. */
  benefitIds: z.array(z.string()).optional(),
});
export type AdminAccountRow = z.infer<typeof adminAccountRowSchema>;
export const adminAccountsSchema = z.object({ accounts: z.array(adminAccountRowSchema) });
export const memberEmailParams = z.object({ email: z.string().min(3).max(320) });
export const accountEmailParams = z.object({ email: z.string().min(1).max(320) });

// ---- member allow-list --------------------------------------------------------------

export const memberRowSchema = z.object({
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  lastUpdated: z.string(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const memberListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});
export const memberListSchema = z.object({
  members: z.array(memberRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type MemberList = z.infer<typeof memberListSchema>;

export const memberInputSchema = z.object(
  {
    email: z
      .string({ error: 'Please enter a valid email address' })
      .trim()
      .toLowerCase()
      .pipe(z.email('Please enter a valid email address')),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
  },
  { error: 'Please enter a valid email address' },
);
export type MemberInput = z.input<typeof memberInputSchema>;

export const MEMBER_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const memberCsvSchema = z.object({
  csv: z.string().min(1, 'The CSV file is empty').max(MEMBER_CSV_MAX_BYTES, 'The CSV file is too large (2 MB at most)'),
});
export const importRowSchema = z.object({
  line: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  error: z.string().nullable(),
  outcome: z.enum(['add', 'update', 'reject']),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importPreviewSchema = z.object({ rows: z.array(importRowSchema), headerError: z.string().nullable() });
export const importReportSchema = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
