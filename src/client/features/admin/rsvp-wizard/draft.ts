import type { z } from 'zod';
import { type FormRoles, ROLE_KEY_OF, resolveRoles } from '#common/dynamic-form.ts';
import {
  type behaviorSchema,
  CONFIG_MSG,
  createConfigSchema,
  type FieldType,
  NO_ROLE,
  type notificationsSchema,
  ROLE_KEYS,
  type RoleKey,
  type slotConfigSchema,
} from '#common/rsvp-config.ts';
import type { ConfigDraftAnswer } from '#common/rsvp-config-versions.ts';
import type { ProcessSheetsAnswer, SlotRow } from '#common/sheets.ts';
import { isRedirectTarget, REDIRECT_TARGET_MSG } from '#common/urls.ts';

/** Wizard model (docs/spec/admin-and-rsvp.md §3): one configuration being built, plus what step 1 read from the sheet. */
export type SlotConfig = z.output<typeof slotConfigSchema>;
export type Notifications = z.output<typeof notificationsSchema>;
export type Behavior = z.output<typeof behaviorSchema>;
export type Validation = {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  customMessage?: string;
};
export type EditorField = {
  fieldName: string;
  displayName: string;
  fieldType: FieldType;
  isRequired: boolean;
  isVisible: boolean;
  placeholder: string;
  helpText: string;
  options: string[];
  validation: Validation;
  /** The Tab 1 column the answer is written to (the header it came from). */
  columnMapping: string | null;
};
export type SheetMapping = { tab1Url: string; tab1Name: string; tab2Url: string | null; tab2Name: string | null };

export type Draft = {
  configName: string;
  benefitId: string;
  formFields: EditorField[];
  slotConfig: SlotConfig;
  notifications: Notifications;
  behavior: Behavior;
};

export { ROLE_KEYS, type RoleKey };

// docs/spec/admin-and-rsvp.md §9 defaults, wizard flavour (calendar invite and progress bar on); the schemas hold them.
const defaults = createConfigSchema.parse({ configName: 'x' });
export const emptyDraft = (): Draft => ({
  configName: '',
  benefitId: 'default',
  formFields: [],
  slotConfig: structuredClone(defaults.slotConfig),
  notifications: structuredClone(defaults.notifications),
  behavior: structuredClone(defaults.behavior),
});

export const isChoiceType = (t: FieldType) => t === 'select' || t === 'radio';
export const isTextType = (t: FieldType) => t === 'text' || t === 'textarea' || t === 'email' || t === 'tel';

/** Step 1's answer turned into fields; slot logic switches slots on and proposes a slot field (docs/spec/admin-and-rsvp.md §4). */
export function applyProcessed(draft: Draft, answer: ProcessSheetsAnswer): Draft {
  const formFields: EditorField[] = answer.tab1Headers.map((h) => ({
    fieldName: h.fieldName,
    displayName: h.displayName,
    fieldType: h.fieldType,
    isRequired: h.isRequired,
    isVisible: h.isVisible,
    placeholder: h.placeholder,
    helpText: h.helpText,
    options: h.options,
    validation: { ...h.validation },
    columnMapping: h.columnMapping || null,
  }));
  const names = new Set(formFields.map((f) => f.fieldName));
  // Role choices that point at fields of an earlier sheet are dropped.
  const slotConfig = { ...draft.slotConfig };
  for (const key of ROLE_KEYS) if (slotConfig[key] && !names.has(slotConfig[key])) slotConfig[key] = null;
  if (answer.tab2SlotLogic.length > 0) slotConfig.hasSlots = true;
  return { ...draft, formFields, slotConfig: proposeRoles(formFields, slotConfig, answer.tab2SlotLogic) };
}

/**
 * The wizard proposes every role the organiser has not chosen, with the inference the server uses for a
 * configuration saved without roles (decision 049); a role nothing fits is proposed as None.
 */
export function proposeRoles(fields: EditorField[], slotConfig: SlotConfig, slots: SlotRow[]): SlotConfig {
  const shape = { hasSlots: true, datedSlots: slots.some((s) => s.date) };
  const roles = resolveRoles(
    fields.map((f, i) => ({ ...f, ordering: i })),
    slotConfig,
    shape,
  );
  const next = { ...slotConfig };
  for (const [role, key] of Object.entries(ROLE_KEY_OF) as [keyof FormRoles, RoleKey][])
    if (next[key] === null || next[key] === undefined) next[key] = roles[role] ?? NO_ROLE;
  return next;
}

/** Renames or clears the role choices that name a field, so they follow an edit or a delete. */
export function retargetRoles(slotConfig: SlotConfig, from: string, to: string | null): SlotConfig {
  const next = { ...slotConfig };
  for (const key of ROLE_KEYS) if (next[key] === from) next[key] = to;
  return next;
}

const clean = (v: Validation): Validation =>
  Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== '')) as Validation;

/** The body of the draft's save (create; the update takes the same minus benefitId): it saves the draft, never deploys. */
export function toPayload(draft: Draft, sheetMapping: SheetMapping) {
  return {
    benefitId: draft.benefitId.trim(),
    configName: draft.configName.trim(),
    formFields: draft.formFields.map((f, i) => ({
      fieldName: f.fieldName,
      displayName: f.displayName,
      fieldType: f.fieldType,
      isRequired: f.isRequired,
      isVisible: f.isVisible,
      placeholder: f.placeholder || null,
      helpText: f.helpText || null,
      options: isChoiceType(f.fieldType) ? f.options : [],
      validation: clean(f.validation),
      ordering: i,
      columnMapping: f.columnMapping,
    })),
    slotConfig: {
      ...draft.slotConfig,
      bookingWindowStart: draft.slotConfig.bookingWindowStart || null,
      bookingWindowEnd: draft.slotConfig.bookingWindowEnd || null,
    },
    notifications: draft.notifications,
    behavior: { ...draft.behavior, redirectAfterSubmission: draft.behavior.redirectAfterSubmission?.trim() || null },
    sheetMapping,
    isActive: false,
  };
}

export type DraftErrors = Partial<Record<'configName' | 'benefitId' | 'successMessage' | 'redirect', string>>;

/** A portal path or an http(s) address. */

/** The checks that have a place on the screen; the first message also goes in the toast. */
export function checkDraft(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.configName.trim()) errors.configName = CONFIG_MSG.nameRequired;
  if (!draft.benefitId.trim()) errors.benefitId = 'Benefit ID is required';
  if (!draft.behavior.successMessage.trim()) errors.successMessage = CONFIG_MSG.successRequired;
  const redirect = draft.behavior.redirectAfterSubmission?.trim();
  if (redirect && !isRedirectTarget(redirect)) errors.redirect = REDIRECT_TARGET_MSG;
  return errors;
}

export type ProcessedSheets = { slots: SlotRow[]; sheetMapping: SheetMapping };

/** The stored configuration as the wizard edits it ("Edit current configuration"). */
export function fromStored(stored: ConfigDraftAnswer): Draft {
  return {
    configName: stored.configName,
    benefitId: stored.benefitId,
    formFields: stored.formFields.map((f) => ({
      fieldName: f.fieldName,
      displayName: f.displayName,
      fieldType: f.fieldType,
      isRequired: f.isRequired,
      isVisible: f.isVisible,
      placeholder: f.placeholder ?? '',
      helpText: f.helpText ?? '',
      options: f.options ?? [],
      validation: { ...f.validation },
      columnMapping: f.columnMapping,
    })),
    slotConfig: structuredClone(stored.slotConfig),
    notifications: structuredClone(stored.notifications),
    behavior: structuredClone(stored.behavior),
  };
}

export const storedMapping = ({ sheetMapping: m }: ConfigDraftAnswer): SheetMapping => ({
  tab1Url: m.tab1Url,
  tab1Name: m.tab1Name,
  tab2Url: m.tab2Url ?? null,
  tab2Name: m.tab2Name ?? null,
});

/** Sheets re-processed for a stored configuration keep the organiser's edits and the fields the wizard added. */
export function keepEdits(processed: Draft, before: Draft): Draft {
  const old = new Map(before.formFields.map((f) => [f.fieldName, f]));
  const fromSheet = processed.formFields.map((f) => old.get(f.fieldName) ?? f);
  const names = new Set(fromSheet.map((f) => f.fieldName));
  const added = before.formFields.filter((f) => !f.columnMapping && !names.has(f.fieldName));
  return { ...processed, formFields: [...fromSheet, ...added] };
}
