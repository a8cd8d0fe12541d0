import { z } from 'zod';
import {
  behaviorSchema,
  FIELD_TYPES,
  fieldValidationSchema,
  notificationsSchema,
  sheetMappingSchema,
  slotConfigSchema,
} from './rsvp-config.ts';

/** Draft and live versions of a benefit's one configuration (decision 013): the wizard's contract. */

export const VERSION_MSG = {
  versionNotFound: (version: number) => `There is no deployed version ${version} of this configuration`,
} as const;

export const storedFieldSchema = z.object({
  fieldName: z.string(),
  displayName: z.string(),
  fieldType: z.enum(FIELD_TYPES),
  isRequired: z.boolean(),
  isVisible: z.boolean(),
  placeholder: z.string().nullable(),
  helpText: z.string().nullable(),
  options: z.array(z.string()).nullable(),
  validation: fieldValidationSchema.nullable(),
  ordering: z.number().int(),
  columnMapping: z.string().nullable(),
});
export type StoredField = z.output<typeof storedFieldSchema>;

/** A configuration's content: what a version freezes and the draft holds. */
export const configContentSchema = z.object({
  configName: z.string(),
  formFields: z.array(storedFieldSchema),
  slotConfig: slotConfigSchema,
  notifications: notificationsSchema,
  behavior: behaviorSchema,
  sheetMapping: sheetMappingSchema,
});
export type ConfigContent = z.output<typeof configContentSchema>;

export const versionSummarySchema = z.object({
  version: z.number().int(),
  configName: z.string(),
  fieldCount: z.number().int(),
  deployedAt: z.string().nullable(),
  deployedBy: z.string().nullable(),
  live: z.boolean(),
});
export type VersionSummary = z.output<typeof versionSummarySchema>;

const change = z.object({ path: z.string(), from: z.string(), to: z.string() });
export const configDiffSchema = z.object({
  /** No version is live yet: everything in the draft is new to members. */
  firstDeploy: z.boolean(),
  fieldsAdded: z.array(z.object({ fieldName: z.string(), displayName: z.string() })),
  fieldsRemoved: z.array(z.object({ fieldName: z.string(), displayName: z.string() })),
  fieldsChanged: z.array(z.object({ fieldName: z.string(), displayName: z.string(), changes: z.array(change) })),
  orderChanged: z.boolean(),
  settingsChanged: z.array(change),
  /** Headers deploy will append to Tab 1 (fields with no column yet). */
  columnsToAdd: z.array(z.string()),
});
export type ConfigDiff = z.output<typeof configDiffSchema>;

/** GET .../rsvp-config/draft: what the wizard opens ("Edit current configuration"). */
export const configDraftAnswerSchema = configContentSchema.extend({
  id: z.string(),
  benefitId: z.string(),
  updatedAt: z.string(),
  live: versionSummarySchema.nullable(),
  diff: configDiffSchema,
});
export type ConfigDraftAnswer = z.output<typeof configDraftAnswerSchema>;
export const versionListSchema = z.object({ versions: z.array(versionSummarySchema) });
export const versionParamsSchema = z.object({
  id: z.string().min(1).max(200),
  version: z.coerce.number({ error: 'Version must be a number' }).int().min(1).max(1_000_000),
});

/** Settings deploy manages itself, left out of the diff. */
const IGNORED = new Set(['sheetMapping.columns']);
const FIELD_KEYS = [
  'displayName',
  'fieldType',
  'isRequired',
  'isVisible',
  'placeholder',
  'helpText',
  'options',
  'validation',
  'columnMapping',
] as const;

const isNone = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const show = (v: unknown) => (isNone(v) ? '(none)' : typeof v === 'string' ? v : JSON.stringify(v));

/** Leaf values by dotted path; arrays are leaves (compared whole). */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (!IGNORED.has(prefix)) out.set(prefix, value);
  return out;
}

function changes(before: unknown, after: unknown, prefix = '') {
  const a = flatten(before, prefix, new Map());
  const b = flatten(after, prefix, new Map());
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths.map((path) => ({ path, from: show(a.get(path)), to: show(b.get(path)) })).filter((c) => c.from !== c.to);
}

const settingsOf = (c: ConfigContent) => ({
  configName: c.configName,
  slotConfig: c.slotConfig,
  notifications: c.notifications,
  behavior: c.behavior,
  sheetMapping: c.sheetMapping,
});
const fieldFacts = (f: StoredField) => Object.fromEntries(FIELD_KEYS.map((k) => [k, f[k]]));

/** What deploying `draft` changes for members, compared with `live` (null: nothing is live yet). */
export function diffConfigs(live: ConfigContent | null, draft: ConfigContent): ConfigDiff {
  const columns = draft.sheetMapping.columns;
  const columnsToAdd = draft.formFields
    .filter((f) => !f.columnMapping && columns[f.fieldName] === undefined)
    .map((f) => f.displayName);
  const before = new Map((live?.formFields ?? []).map((f) => [f.fieldName, f]));
  const after = new Map(draft.formFields.map((f) => [f.fieldName, f]));
  const named = (f: StoredField) => ({ fieldName: f.fieldName, displayName: f.displayName });
  const kept = draft.formFields.filter((f) => before.has(f.fieldName)).map((f) => f.fieldName);
  const keptBefore = (live?.formFields ?? []).filter((f) => after.has(f.fieldName)).map((f) => f.fieldName);
  return {
    firstDeploy: live === null,
    fieldsAdded: draft.formFields.filter((f) => !before.has(f.fieldName)).map(named),
    fieldsRemoved: (live?.formFields ?? []).filter((f) => !after.has(f.fieldName)).map(named),
    fieldsChanged: draft.formFields.flatMap((f) => {
      const old = before.get(f.fieldName);
      const found = old ? changes(fieldFacts(old), fieldFacts(f)) : [];
      return found.length ? [{ ...named(f), changes: found }] : [];
    }),
    orderChanged: kept.join('\n') !== keptBefore.join('\n'),
    settingsChanged: live ? changes(settingsOf(live), settingsOf(draft)) : [],
    columnsToAdd,
  };
}

/** Whether deploying would change anything members see. */
export const diffIsEmpty = (d: ConfigDiff) =>
  !d.firstDeploy &&
  d.fieldsAdded.length + d.fieldsRemoved.length + d.fieldsChanged.length + d.settingsChanged.length === 0 &&
  !d.orderChanged;
