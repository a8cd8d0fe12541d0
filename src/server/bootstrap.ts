import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { DEMO_ADMIN_EMAIL, seedCatalogue, seedDemoAccounts } from './db/seed/index.ts';

/** Opens the configured database, brings its schema up to date and seeds what a first run needs. */
export async function prepareDatabase(config: Config, log: (msg: string) => void = console.log) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    await seedCatalogue(database.db);
    if (config.seedDemo) {
      const { adminPassword } = await seedDemoAccounts(database.db);
      if (adminPassword) {
        log(
          `Demo admin created: ${DEMO_ADMIN_EMAIL} / ${adminPassword}  (shown once; change it with 'npm run cli -- admins add')`,
        );
      }
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
