import path from 'node:path';
import { startSheetsEmulator } from './emulator.ts';

// `npm run sheets:emulator [-- DIR PORT]`: serve a folder of CSV tabs as Google Sheets on loopback.
const dir = path.resolve(process.argv[2] ?? 'demo-sheets');
const port = Number(process.argv[3] ?? 8085);
startSheetsEmulator({ dir, port }).then((e) => {
  console.log(
    `Sheets emulator on ${e.url} serving ${dir}. Point the portal at it with GOOGLE_SHEETS_ROOT_URL=${e.url}`,
  );
});
