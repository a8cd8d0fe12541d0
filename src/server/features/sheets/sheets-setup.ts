import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../../config.ts';
import { startSheetsEmulator } from './emulator.ts';
import { createSheetsGateway, type SheetsGateway } from './sheets-gateway.ts';

export const DEMO_SHEETS_DIR = fileURLToPath(new URL('../../../../demo-sheets', import.meta.url));

/** A private copy of the demo spreadsheets, so exports never touch the repository's files. */
export function copyDemoSheets(target: string) {
  if (!fs.existsSync(target))
    fs.cpSync(DEMO_SHEETS_DIR, target, { recursive: true, filter: (src) => !src.endsWith('.md') });
  return target;
}

/** Google with credentials; else, in demo mode, the emulator over the demo spreadsheets. */
export async function setUpSheets(
  config: Config,
  log: (msg: string) => void,
): Promise<{ gateway: SheetsGateway; stop: () => Promise<void> }> {
  const s = config.sheets;
  if (!s.demo) return { gateway: createSheetsGateway(s), stop: async () => {} };
  const dir = copyDemoSheets(path.resolve(config.dataDir, 'sheets-demo'));
  const emulator = await startSheetsEmulator({ dir });
  log(`Google Sheets: demo mode, local emulator on ${emulator.url} serving ${dir}`);
  return { gateway: createSheetsGateway({ rootUrl: emulator.url }), stop: emulator.close };
}
