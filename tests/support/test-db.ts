import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { seedCatalogue } from '../../src/server/db/seed/index.ts';
import { TEST_AS_OF } from './demo-week.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the server named by TEST_DATABASE_URL (dropped afterwards), so runs never collide.
 */
export async function createTestDatabase(
  opts: { seed?: boolean } = {},
): Promise<Database & { label: string; url?: string }> {
  // The api-pglite project pins PGlite even when a PostgreSQL URL is present.
  const url = process.env.TEST_DB_KIND === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  let label = 'pglite';
  let dbUrl: string | undefined;
  if (url) {
    const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    dbUrl = target.toString();
    database = await openDatabase({ databaseUrl: dbUrl });
    label = 'postgres';
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ inMemory: true });
  }
  await runMigrations(database);
  if (opts.seed !== false) await seedCatalogue(database.db, { asOf: TEST_AS_OF });
  return {
    ...database,
    label,
    url: dbUrl,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}
