import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.ts';
import { demoShiftDays, shiftDate } from '../../db/seed/demo-dates.ts';
import { fromRoot } from '../../lib/project-root.ts';
import { startSheetsEmulator } from './emulator.ts';
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
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(
      file,
      text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => shiftDate(day, shiftDays)),
    );
  }
  return target;
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
