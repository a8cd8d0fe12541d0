import type { z } from 'zod';
import { resolveRoles } from '#common/dynamic-form.ts';
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

export function sheetIdOf(url: string): string {
  const parsed = parseSheetUrl(url);
  if (!parsed) throw new HttpError(400, SHEETS_MSG.badUrl);
  return parsed.spreadsheetId;
}

/** The tab to read: the name given, checked against the spreadsheet's tabs. */
async function readTab(gateway: SheetsGateway, url: string, name: string) {
  const id = sheetIdOf(url);
  const tabs = await gateway.tabs(id);
  if (!tabs.some((t) => t.title === name)) throw new HttpError(422, SHEETS_MSG.tabMissing(name));
  return gateway.read(id, name);
}

/** Step 1 of the wizard: Tab 1's headers become fields, Tab 2's rows become slot logic. */
export async function processSheets(
  gateway: SheetsGateway,
  input: z.output<typeof processSheetsSchema>,
): Promise<ProcessSheetsAnswer> {
  const tab1 = await readTab(gateway, input.tab1Url, input.tab1Name);
  const { fields, warnings } = inferFields(tab1[0] ?? []);
  let slots: SlotRow[] = [];
  if (input.tab2Url) {
    const tab2 = await readTab(gateway, input.tab2Url, input.tab2Name || 'Slot Logic');
    const parsed = parseSlotLogic(tab2);
    slots = parsed.slots;
    warnings.push(...parsed.warnings);
  }
  return {
    ...withDateField(fields, slots, warnings),
    success: true,
    tab2SlotLogic: slots,
    sheetUrls: { tab1Url: input.tab1Url, tab2Url: input.tab2Url ?? null },
    warnings,
  };
}

/**
 * Slots on several days need a day to choose: when Tab 1 has no date column, a Date field is proposed before the
 * time slot (deploy then gives it a column in Tab 1, so its answers reach the sheet too).
 */
function withDateField(fields: InferredField[], slots: SlotRow[], warnings: string[]) {
  const roles = resolveRoles(fields);
  if (!slots.some((s) => s.date) || roles.date) return { tab1Headers: fields };
  const at = fields.findIndex((f) => f.fieldName === roles.slot);
  const date: InferredField = {
    fieldName: fields.some((f) => f.fieldName === 'selectedDate') ? 'slotDate' : 'selectedDate',
    displayName: 'Date',
    fieldType: 'select',
    isRequired: true,
    isVisible: true,
    placeholder: 'Choose a date',
    helpText: '',
    options: [],
    validation: {},
    columnMapping: '',
    ordering: 0,
  };
  warnings.push(SHEETS_MSG.dateFieldAdded);
  const list = at >= 0 ? [...fields.slice(0, at), date, ...fields.slice(at)] : [...fields, date];
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
  const id = sheetIdOf(sheet.url);
  const rows = await readTab(gateway, sheet.url, sheet.tab);
  const placed = placeCells(
    rows[0] ?? [],
    fields.map((f) => ({ ...f, value: f.field })),
  );
  if (placed.added.length > 0) await gateway.writeHeader(id, sheet.tab, placed.header);
  return { columns: columnIndexes(placed.header, fields), added: placed.added };
}

export async function readSlotLogic(
  gateway: SheetsGateway,
  tab2Url: string,
  tab2Name: string,
  defaultCapacity?: number,
) {
  return parseSlotLogic(await readTab(gateway, tab2Url, tab2Name), defaultCapacity);
}
