import { z } from 'zod';
import { dayOrInstant } from './dates.ts';
import { isRedirectTarget, isWebUrl, REDIRECT_TARGET_MSG, WEB_URL_MSG } from './urls.ts';

/** RSVP configuration (docs/spec/admin-and-rsvp.md §3) with the defaults of docs/spec/admin-and-rsvp.md §9. */
export const FIELD_TYPES = [
  'text',
  'email',
  'tel',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'number',
  'date',
  'time',
] as const;
export const EDITOR_FIELD_TYPES = FIELD_TYPES.filter((t) => t !== 'time');
export type FieldType = (typeof FIELD_TYPES)[number];

export const DEFAULT_SUCCESS_MESSAGE = 'Thank you! Your RSVP has been confirmed.';
export const AUTO_SUCCESS_MESSAGE = 'Thank you! Your booking has been confirmed.';
/** Names the event: a member with three bookings can tell their confirmations apart (decision 026). */
export const DEFAULT_CONFIRMATION_SUBJECT = 'RSVP Confirmation - {event}';
/** The default before it named the event, as configurations saved then still hold it. */
export const BRAND_ONLY_CONFIRMATION_SUBJECT = 'RSVP Confirmation - Special Access Pass';
export const AUTO_TAB1_NAME = 'Form Submissions';
export const AUTO_TAB2_NAME = 'Slot Logic';
export const CONFIG_MSG = {
  nameRequired: 'Configuration name required',
  successRequired: 'Success message is required',
  fieldNameRule: 'Use letters, digits and _ only, starting with a letter',
  fieldNameTaken: (name: string) => `Another field is already called "${name}"`,
  radioOptions: 'A radio field needs at least one option',
  range: 'Min must not be above max',
  lengthRange: 'Min length must not be above max length',
  roleUnknown: (role: string, name: string) => `The ${role} names a field the form does not have: "${name}"`,
  slotIsDate: 'The time slot field and the date field must be different fields',
  roleType: (role: string, field: string, type: string, allowed: readonly string[]) =>
    `The ${role} cannot be "${field}": it is a ${type} field, and ${/^[aeiou]|^rsvp/i.test(role) ? 'an' : 'a'} ${role} must be a ${allowed.slice(0, -1).join(', ')}${allowed.length > 1 ? ' or ' : ''}${allowed.at(-1)} field`,
} as const;

/** A field's internal key: what answers, exports and role choices name it by. */
export const FIELD_NAME_RULE = /^[A-Za-z][A-Za-z0-9_]*$/;

const optionalDate = dayOrInstant().optional().nullable();

export const slotConfigSchema = z.object({
  hasSlots: z.boolean().default(false),
  slotField: z.string().max(200).optional().nullable(),
  dateField: z.string().max(200).optional().nullable(),
  rsvpStatusField: z.string().max(200).optional().nullable(),
  tourRequestField: z.string().max(200).optional().nullable(),
  guestStatusField: z.string().max(200).optional().nullable(),
  guestCountField: z.string().max(200).optional().nullable(),
  maxBookingsPerSlot: z.number().int().min(1).max(10_000).default(10),
  allowWaitlist: z.boolean().default(false),
  hideFullSlots: z.boolean().default(true),
  showRemainingCount: z.boolean().default(true),
  bookingWindowStart: optionalDate,
  bookingWindowEnd: optionalDate,
  restrictions: z
    .object({
      maxGuestsPerBooking: z.number().int().min(0).max(10).default(2),
      requiresApproval: z.boolean().default(false),
      singleBookingPerEmail: z.boolean().default(true),
    })
    .prefault({}),
});

export const notificationsSchema = z.object({
  sendConfirmationEmail: z.boolean().default(true),
  sendAdminNotification: z.boolean().default(true),
  confirmationTemplate: z.string().max(20_000).default(''),
  confirmationSubject: z.string().max(300).default(DEFAULT_CONFIRMATION_SUBJECT),
  includeCalendarInvite: z.boolean().default(true),
  reminderEmails: z
    .object({
      enabled: z.boolean().default(false),
      daysBefore: z.array(z.number().int().min(0).max(365)).max(10).default([7, 1]),
      template: z.string().max(20_000).default(''),
    })
    .prefault({}),
});

/** A sheet link as stored: empty, or an http(s) URL. */
const sheetUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || isWebUrl(v), WEB_URL_MSG);

export const behaviorSchema = z.object({
  showProgressBar: z.boolean().default(true),
  enableSaveForLater: z.boolean().default(false),
  requireTermsAcceptance: z.boolean().default(false),
  termsText: z.string().max(20_000).default(''),
  successMessage: z.string().trim().min(1, CONFIG_MSG.successRequired).max(2000).default(DEFAULT_SUCCESS_MESSAGE),
  redirectAfterSubmission: z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || isRedirectTarget(v), REDIRECT_TARGET_MSG)
    .optional()
    .nullable(),
  allowEditing: z.boolean().default(false),
  editingWindowHours: z.number().int().min(1).max(168).default(24),
});

export const sheetMappingSchema = z.object({
  tab1Url: sheetUrl.default(''),
  tab1Name: z.string().max(200).default(AUTO_TAB1_NAME),
  tab2Url: sheetUrl.optional().nullable(),
  tab2Name: z.string().max(200).optional().nullable(),
  /** Each field's Tab 1 column (0-based) as deploy found or made it: a renamed header keeps its answers. */
  columns: z.record(z.string(), z.number().int().min(0).max(18_277)).default({}),
});

export const fieldValidationSchema = z.object({
  minLength: z.number().int().min(0).optional(),
  maxLength: z.number().int().min(0).optional(),
  pattern: z.string().max(500).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  customMessage: z.string().max(300).optional(),
});
export type FieldValidation = z.output<typeof fieldValidationSchema>;

export const formFieldSchema = z
  .object({
    fieldName: z
      .string()
      .trim()
      .min(1, 'Field name is required')
      .max(200)
      .regex(FIELD_NAME_RULE, CONFIG_MSG.fieldNameRule),
    displayName: z.string().trim().min(1, 'Display name is required').max(300),
    fieldType: z.enum(FIELD_TYPES),
    isRequired: z.boolean().default(false),
    isVisible: z.boolean().default(true),
    placeholder: z.string().max(300).optional().nullable(),
    helpText: z.string().max(1000).optional().nullable(),
    validation: fieldValidationSchema.optional().nullable(),
    options: z.array(z.string().max(300)).max(200).optional().nullable(),
    grouping: z.string().max(200).optional().nullable(),
    ordering: z.number().int().default(0),
    columnMapping: z.string().max(200).optional().nullable(),
  })
  .superRefine((f, ctx) => {
    const v = f.validation ?? {};
    const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (f.fieldType === 'radio' && !(f.options ?? []).some((o) => o.trim())) fail(['options'], CONFIG_MSG.radioOptions);
    if (v.min !== undefined && v.max !== undefined && v.min > v.max) fail(['validation', 'min'], CONFIG_MSG.range);
    if (v.minLength !== undefined && v.maxLength !== undefined && v.minLength > v.maxLength)
      fail(['validation', 'minLength'], CONFIG_MSG.lengthRange);
  });

export const ROLE_LABELS = {
  slotField: 'time slot field',
  dateField: 'date field',
  rsvpStatusField: 'RSVP status field',
  tourRequestField: 'tour request field',
  guestStatusField: 'guest status field',
  guestCountField: 'guest count field',
} as const;
export type RoleKey = keyof typeof ROLE_LABELS;
export const ROLE_KEYS = Object.keys(ROLE_LABELS) as RoleKey[];
/** A role set to this plays no field ("None"); absent or null, the role is inferred from the fields (decision 049). */
export const NO_ROLE = '';

const CHOICE: FieldType[] = ['radio', 'select', 'checkbox', 'text'];
/** The field types each role can take: a number is never an RSVP status, a guest count is always a number. */
export const ROLE_TYPES: Record<RoleKey, readonly FieldType[]> = {
  slotField: ['select', 'radio', 'text', 'time'],
  dateField: ['date', 'select', 'text'],
  rsvpStatusField: CHOICE,
  tourRequestField: CHOICE,
  guestStatusField: CHOICE,
  guestCountField: ['number'],
};
export const fitsRole = (key: RoleKey, type: FieldType) => ROLE_TYPES[key].includes(type);

/** Roles that name a field of a type the role cannot take, with the organiser's words for each. */
export function roleTypeProblems(
  fields: readonly { fieldName: string; displayName: string; fieldType: FieldType }[],
  slots: Partial<Record<RoleKey, string | null | undefined>>,
): { key: RoleKey; message: string }[] {
  return ROLE_KEYS.flatMap((key) => {
    const f = fields.find((x) => x.fieldName === slots[key]);
    if (!f || fitsRole(key, f.fieldType)) return [];
    return [{ key, message: CONFIG_MSG.roleType(ROLE_LABELS[key], f.displayName, f.fieldType, ROLE_TYPES[key]) }];
  });
}

/** Rules across a form's fields: names are unique, and each role names one of them (the slot never the date). */
export function checkFormRoles(
  body: { formFields?: { fieldName: string }[]; slotConfig?: z.output<typeof slotConfigSchema> },
  ctx: z.RefinementCtx,
) {
  if (!body.formFields) return;
  const seen = new Set<string>();
  body.formFields.forEach((f, i) => {
    if (seen.has(f.fieldName))
      ctx.addIssue({
        code: 'custom',
        path: ['formFields', i, 'fieldName'],
        message: CONFIG_MSG.fieldNameTaken(f.fieldName),
      });
    seen.add(f.fieldName);
  });
  const slots = body.slotConfig;
  if (!slots) return;
  for (const [key, label] of Object.entries(ROLE_LABELS) as [keyof typeof ROLE_LABELS, string][]) {
    const name = slots[key];
    if (name && !seen.has(name))
      ctx.addIssue({ code: 'custom', path: ['slotConfig', key], message: CONFIG_MSG.roleUnknown(label, name) });
  }
  if (slots.slotField && slots.slotField === slots.dateField)
    ctx.addIssue({ code: 'custom', path: ['slotConfig', 'dateField'], message: CONFIG_MSG.slotIsDate });
}

const configBody = {
  configName: z.string({ error: CONFIG_MSG.nameRequired }).trim().min(1, CONFIG_MSG.nameRequired).max(200),
  formFields: z.array(formFieldSchema).max(200).default([]),
  slotConfig: slotConfigSchema.prefault({}),
  notifications: notificationsSchema.prefault({}),
  behavior: behaviorSchema.prefault({}),
  sheetMapping: sheetMappingSchema.prefault({}),
  isActive: z.boolean().default(true),
};

export const createConfigSchema = z
  .object({
    benefitId: z.string().trim().min(1).max(200).default('default'),
    ...configBody,
  })
  .superRefine(checkFormRoles);
/** An update changes only what it sends: a benefit edit can relink the sheet without wiping the form. */
export const updateConfigSchema = z
  .object({
    // Optional: a benefit edit relinks the sheet and never renames the configuration.
    configName: configBody.configName.optional(),
    formFields: z.array(formFieldSchema).max(200).optional(),
    slotConfig: slotConfigSchema.optional(),
    notifications: notificationsSchema.optional(),
    behavior: behaviorSchema.optional(),
    sheetMapping: z
      .object({
        tab1Url: sheetUrl.optional(),
        tab1Name: z.string().max(200).optional(),
        tab2Url: sheetUrl.optional().nullable(),
        tab2Name: z.string().max(200).optional().nullable(),
      })
      .optional(),
    isActive: z.boolean().optional(),
  })
  .superRefine(checkFormRoles);
export type CreateConfigInput = z.input<typeof createConfigSchema>;
export type SlotConfig = z.output<typeof slotConfigSchema>;
export type NotificationsConfig = z.output<typeof notificationsSchema>;
export type BehaviorConfig = z.output<typeof behaviorSchema>;
export type SheetMapping = z.output<typeof sheetMappingSchema>;
export type UpdateConfigInput = z.input<typeof updateConfigSchema>;

export const configAnswerSchema = z.object({
  id: z.string(),
  benefitId: z.string(),
  configName: z.string(),
  /** What publishing it found (a save with `isActive: true`): columns added to Tab 1, a Tab 2 that was unreadable. */
  warnings: z.array(z.string()).optional(),
});
