import { z } from 'zod';
import { FIELD_TYPES } from './rsvp-config.ts';

/** What deploy tells the organiser about Tab 1. */
export const DEPLOY_MSG = {
  columnsAdded: (headers: string[]) =>
    `Added ${headers.length === 1 ? 'a column' : 'columns'} to Tab 1 for answers that had none: ${headers.join(', ')}.`,
  tab1Unreadable: 'Tab 1 could not be read: answers will be matched to its columns by header when they are exported.',
  tab2Unreadable: 'Tab 2 could not be read, so no slots were imported: refresh the slots once it can be.',
} as const;

export const SHEETS_MSG = {
  slotFieldAdded: 'Tab 2 gives time slots but Tab 1 has no time-slot column: a Time Slot field was added.',
  dateFieldAdded:
    'Tab 2 gives slots on several days but Tab 1 has no date column: a Date field was added before the time slot.',
  processFailed: 'Failed to process sheets. Please check your URLs and try again.',
  tab1Url: 'Please enter a valid Google Sheets URL for Tab 1',
  tab1Name: 'Tab 1 name is required',
  tab2Url: 'Please enter a valid Google Sheets URL for Tab 2',
  badUrl: 'That is not a Google Sheets link.',
  notShared:
    'The spreadsheet is not shared with the portal. Share it (Viewer for reading, Editor for exports) with the service account and try again.',
  notFound: 'Spreadsheet not found. Check the link.',
  tabMissing: (name: string, tabs: string[] = []) =>
    `Tab "${name}" not found.${tabs.length ? ` Tabs in this sheet: ${tabs.join(', ')}` : ''}`,
  gidMissing: (gid: number, tabs: string[]) =>
    `The link points to a tab (gid=${gid}) this sheet does not have.${tabs.length ? ` Tabs in this sheet: ${tabs.join(', ')}` : ''}`,
  unavailable: 'Google Sheets could not be reached. Try again in a minute.',
} as const;

const url = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => {
      try {
        new URL(v);
        return true;
      } catch {
        return false;
      }
    }, message);

/** Step 1 of the wizard (docs/spec/admin-and-rsvp.md §5, "Sheet processing form"). */
export const processSheetsSchema = z
  .object(
    {
      tab1Url: url(SHEETS_MSG.tab1Url),
      // Required, unless the link names its tab by gid (…/edit#gid=123): then that tab is read (decision 049).
      tab1Name: z.string({ error: SHEETS_MSG.tab1Name }).trim().max(200).default(''),
      tab2Url: z
        .string()
        .trim()
        .optional()
        .transform((v) => v || undefined)
        .pipe(url(SHEETS_MSG.tab2Url).optional()),
      tab2Name: z.string().trim().max(200).optional(),
    },
    { error: SHEETS_MSG.tab1Url },
  )
  .superRefine((v, ctx) => {
    if (!v.tab1Name && !linkHasGid(v.tab1Url))
      ctx.addIssue({ code: 'custom', path: ['tab1Name'], message: SHEETS_MSG.tab1Name });
  });
/** A Sheets link that names its tab: `gid=` in its query or after its `#`. */
export const linkHasGid = (link: string) => /[?#&]gid=\d+/.test(link);

export const inferredFieldSchema = z.object({
  fieldName: z.string(),
  displayName: z.string(),
  fieldType: z.enum(FIELD_TYPES),
  isRequired: z.boolean(),
  isVisible: z.boolean(),
  placeholder: z.string(),
  helpText: z.string(),
  options: z.array(z.string()),
  validation: z.object({ min: z.number().optional(), max: z.number().optional(), minLength: z.number().optional() }),
  columnMapping: z.string(),
  ordering: z.number().int(),
});
export type InferredField = z.infer<typeof inferredFieldSchema>;

export const slotRowSchema = z.object({
  timeSlot: z.string(),
  date: z.string().nullable(),
  bookableSlots: z.number().int(),
  bookedSlots: z.number().int(),
  remainingSlots: z.number().int(),
});
export type SlotRow = z.infer<typeof slotRowSchema>;

export const processSheetsAnswerSchema = z.object({
  success: z.boolean(),
  tab1Headers: z.array(inferredFieldSchema),
  tab2SlotLogic: z.array(slotRowSchema),
  sheetUrls: z.object({ tab1Url: z.string(), tab2Url: z.string().nullable() }),
  warnings: z.array(z.string()),
});
export type ProcessSheetsAnswer = z.infer<typeof processSheetsAnswerSchema>;
