import type { z } from 'zod';
import { resolveRoles } from '#common/dynamic-form.ts';
import { AUTO_TAB1_NAME, AUTO_TAB2_NAME } from '#common/rsvp-config.ts';
import {
  type InferredField,
  type ProcessSheetsAnswer,
  type processSheetsSchema,
  SHEETS_MSG,
  type SlotRow,
} from '#common/sheets.ts';
import { HttpError } from '../../lib/http-error.ts';
import { columnIndexes, placeCells } from './columns.ts';
import { inferFields, parseSlotLogic } from './infer-fields.ts';
import { parseSheetUrl } from './sheet-url.ts';
import type { SheetsGateway } from './sheets-gateway.ts';

/**
 * The tab to read: the name given, else the tab the link's `gid` selects, else `fallback`. A name that is not there
 * is refused with the tabs there are, so the organiser can correct it at once.
 */
export async function resolveTab(gateway: SheetsGateway, url: string, name: string | null, fallback: string) {
  const parsed = parseSheetUrl(url);
  if (!parsed) throw new HttpError(400, SHEETS_MSG.badUrl);
  const tabs = await gateway.tabs(parsed.spreadsheetId);
  const titles = tabs.map((t) => t.title);
  const wanted = name?.trim();
  if (!wanted && parsed.gid !== null) {
    const byGid = tabs.find((t) => t.sheetId === parsed.gid);
    if (!byGid) throw new HttpError(422, SHEETS_MSG.gidMissing(parsed.gid, titles));
    return { id: parsed.spreadsheetId, tab: byGid.title };
  }
  const tab = wanted || fallback;
  if (!titles.includes(tab)) throw new HttpError(422, SHEETS_MSG.tabMissing(tab, titles));
  return { id: parsed.spreadsheetId, tab };
}

async function readTab(gateway: SheetsGateway, url: string, name: string | null, fallback: string) {
  const { id, tab } = await resolveTab(gateway, url, name, fallback);
  return gateway.read(id, tab);
}

/** Step 1 of the wizard: Tab 1's headers become fields, Tab 2's rows become slot logic. */
export async function processSheets(
  gateway: SheetsGateway,
  input: z.output<typeof processSheetsSchema>,
): Promise<ProcessSheetsAnswer> {
  const tab1 = await readTab(gateway, input.tab1Url, input.tab1Name, AUTO_TAB1_NAME);
  const { fields, warnings } = inferFields(tab1[0] ?? []);
  let slots: SlotRow[] = [];
  if (input.tab2Url) {
    const tab2 = await readTab(gateway, input.tab2Url, input.tab2Name || null, AUTO_TAB2_NAME);
    const parsed = parseSlotLogic(tab2);
    slots = parsed.slots;
    warnings.push(...parsed.warnings);
  }
  return {
    ...withSlotFields(fields, slots, warnings),
    success: true,
    tab2SlotLogic: slots,
    sheetUrls: { tab1Url: input.tab1Url, tab2Url: input.tab2Url ?? null },
    warnings,
  };
}

const addedSelect = (fieldName: string, displayName: string, placeholder: string): InferredField => ({
  fieldName,
  displayName,
  fieldType: 'select',
  isRequired: true,
  isVisible: true,
  placeholder,
  helpText: '',
  options: [],
  validation: {},
  columnMapping: '',
  ordering: 0,
});
const freeName = (fields: InferredField[], name: string, other: string) =>
  fields.some((f) => f.fieldName === name) ? other : name;

/**
 * Every slot Tab 2 offers needs a question to choose it (DESIGN §8): when Tab 1 has no time-slot column, a Time Slot
 * field is proposed; slots on several days also need a day, so without a date column a Date field is proposed before
 * the time slot (deploy then gives both a column in Tab 1, so their answers reach the sheet too).
 */
function withSlotFields(fields: InferredField[], slots: SlotRow[], warnings: string[]) {
  if (slots.length === 0) return { tab1Headers: fields };
  let list = fields;
  let roles = resolveRoles(list, {}, { hasSlots: true, datedSlots: true });
  if (!roles.slot) {
    list = [...list, addedSelect(freeName(list, 'timeSlot', 'slotTime'), 'Time Slot', 'Choose a time')];
    warnings.push(SHEETS_MSG.slotFieldAdded);
    roles = resolveRoles(list, {}, { hasSlots: true, datedSlots: true });
  }
  if (slots.some((s) => s.date) && !roles.date) {
    const at = list.findIndex((f) => f.fieldName === roles.slot);
    const date = addedSelect(freeName(list, 'selectedDate', 'slotDate'), 'Date', 'Choose a date');
    warnings.push(SHEETS_MSG.dateFieldAdded);
    list = at >= 0 ? [...list.slice(0, at), date, ...list.slice(at)] : [...list, date];
  }
  return { tab1Headers: list.map((f, i) => ({ ...f, ordering: i })) };
}

/** Re-reads Tab 2 for a configuration's slot capacities. */
/**
 * Deploy's half of "every answer reaches the organiser": each field gets its Tab 1 column, and a field without one
 * (added in the wizard) gets a new column at the end of the header. Answers each field's column index.
 */
export async function prepareColumns(
  gateway: SheetsGateway,
  sheet: { url: string; tab: string },
  fields: { field: string; header: string; index: number | null }[],
): Promise<{ columns: Record<string, number>; added: string[] }> {
  const { id, tab } = await resolveTab(gateway, sheet.url, sheet.tab, AUTO_TAB1_NAME);
  const rows = await gateway.read(id, tab);
  const placed = placeCells(
    rows[0] ?? [],
    fields.map((f) => ({ ...f, value: f.field })),
  );
  if (placed.added.length > 0) await gateway.writeHeader(id, tab, placed.header);
  return { columns: columnIndexes(placed.header, fields), added: placed.added };
}

export async function readSlotLogic(
  gateway: SheetsGateway,
  tab2Url: string,
  tab2Name: string | null,
  defaultCapacity?: number,
) {
  return parseSlotLogic(await readTab(gateway, tab2Url, tab2Name, AUTO_TAB2_NAME), defaultCapacity);
}
