import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSheetsEmulator } from '../../src/server/features/sheets/emulator.ts';
import { createSheetsGateway } from '../../src/server/features/sheets/sheets-gateway.ts';
import { copyDemoSheets } from '../../src/server/features/sheets/sheets-setup.ts';
import { TEST_SHIFT_DAYS } from './demo-week.ts';

/** The demo spreadsheets in a temp folder behind a fresh emulator, reached by the real client. */
export async function createTestSheets() {
  const dir = copyDemoSheets(
    path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sheets-')), 'sheets'),
    TEST_SHIFT_DAYS,
  );
  let emulator = await startSheetsEmulator({ dir });
  const port = emulator.port;
  const gateway = createSheetsGateway({ rootUrl: emulator.url });
  return {
    dir,
    gateway,
    readTab: (id: string, tab: string) => fs.readFileSync(path.join(dir, id, `${tab}.csv`), 'utf8'),
    stop: () => emulator.close(),
    /** Restarts on the same port, as a Sheets outage that ends. */
    restart: async () => {
      emulator = await startSheetsEmulator({ dir, port });
    },
    close: async () => {
      await emulator.close().catch(() => {});
      fs.rmSync(path.dirname(dir), { recursive: true, force: true });
    },
  };
}
