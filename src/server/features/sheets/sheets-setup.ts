import fs from 'node:fs';
import path from 'node:path';
import { SHEETS_MSG } from '#common/sheets.ts';
import type { Config } from '../../config.ts';
import { demoShiftDays, shiftDate } from '../../db/seed/demo-dates.ts';
import { parseCsv } from '../../lib/csv.ts';
import { HttpError } from '../../lib/http-error.ts';
import { fromRoot } from '../../lib/project-root.ts';
import { startSheetsEmulator, tabFiles } from './emulator.ts';
import { createSheetsGateway, type SheetsGateway } from './sheets-gateway.ts';

export const DEMO_SHEETS_DIR = fromRoot('demo-sheets');

/**
 * A private copy of the demo spreadsheets, so exports never touch the repository's files. Their days move with
 * the demo catalogue's (`shiftDays`, seed/demo-dates.ts), so a demo sheet's slots lie ahead as its events do.
 */
export function copyDemoSheets(target: string, shiftDays = 0) {
  if (fs.existsSync(target)) return target;
  fs.cpSync(DEMO_SHEETS_DIR, target, { recursive: true, filter: (src) => !src.endsWith('.md') });
  if (shiftDays === 0) return target;
  for (const entry of fs.readdirSync(target, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(target, entry);
    if (!file.endsWith('.csv')) continue;
    fs.writeFileSync(file, withDaysMoved(fs.readFileSync(file, 'utf8'), shiftDays));
  }
  return target;
}

const withDaysMoved = (text: string, shiftDays: number) =>
  text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => shiftDate(day, shiftDays));

const readOnly = async () => {
  throw new Error('The demo spreadsheets are read-only while the demo is seeded');
};

/**
 * The demo spreadsheets read where they are (no emulator, no Google client), their days moved as the copy's are:
 * the Sheets the seed reads a demo form from (decision 070). Writing is refused: the seed's sheet needs no new column.
 */
export function demoSheetsReader(shiftDays = 0): SheetsGateway {
  const files = (id: string) => {
    const found = tabFiles(DEMO_SHEETS_DIR, id);
    if (!found) throw new HttpError(422, SHEETS_MSG.notFound);
    return found;
  };
  return {
    tabs: async (id) => files(id).map((f, i) => ({ title: f.slice(0, -4), sheetId: i })),
    read: async (id, tab) => {
      if (!files(id).includes(`${tab}.csv`)) throw new HttpError(422, SHEETS_MSG.tabMissing(tab));
      return parseCsv(withDaysMoved(fs.readFileSync(path.join(DEMO_SHEETS_DIR, id, `${tab}.csv`), 'utf8'), shiftDays));
    },
    append: readOnly,
    writeHeader: readOnly,
    writeRows: readOnly,
  };
}

/** Google with credentials; else, in demo mode, the emulator over the demo spreadsheets. */
export async function setUpSheets(
  config: Config,
  log: (msg: string) => void,
): Promise<{ gateway: SheetsGateway; stop: () => Promise<void> }> {
  const s = config.sheets;
  if (!s.demo) return { gateway: createSheetsGateway(s), stop: async () => {} };
  const dir = copyDemoSheets(path.resolve(config.dataDir, 'sheets-demo'), demoShiftDays(config.seedAsOf));
  const emulator = await startSheetsEmulator({ dir });
  log(`Google Sheets: demo mode, local emulator on ${emulator.url} serving ${dir}`);
  return { gateway: createSheetsGateway({ rootUrl: emulator.url }), stop: emulator.close };
}
