// What other parts of the server use from sheets: its one public surface (docs/architecture.md, decision 036).

export type { SheetsAppendPayload } from './export-row.ts';
export { refreshHeldRow, SHEETS_APPEND, sheetsAppendHandler } from './export-row.ts';
export { prepareColumns, processSheets, readSlotLogic } from './process-sheets.ts';
export { parseSheetUrl } from './sheet-url.ts';
export { demoSheetsReader, setUpSheets } from './sheets-setup.ts';
export { queueSlotSync, SHEETS_SLOTS, slotSyncHandler } from './slot-sync.ts';
