import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { SheetsGateway } from './features/sheets/sheets-gateway.ts';

/** What every route plugin is built from; its own module so features need not import app.ts (which imports them). */
export type AppDeps = {
  db: Db;
  database: Database;
  config: Config;
  sheets: SheetsGateway;
  /** The built SPA (dist/client); browser tests pass a copy taken at start, so a rebuild meanwhile cannot mix builds. */
  clientDir?: string;
};
