import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { generateLogs } from '../src/server/features/analytics/generate-logs.ts';

// npm run analytics:generate -- --rows 1000000   (on the configured database)
const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows takes a whole number');
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const started = performance.now();
await generateLogs(database.db, rows);
console.log(`Generated ${rows.toLocaleString()} log rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await database.close();
