import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fromRoot } from '../lib/project-root.ts';
import type { Database } from './client.ts';

const migrationsFolder = fromRoot('drizzle');

export async function runMigrations(database: Database): Promise<void> {
  // biome-ignore lint/suspicious/noExplicitAny: both migrators take their own driver's db type
  const db = database.db as any;
  if (database.kind === 'postgres') await migratePg(db, { migrationsFolder });
  else await migratePglite(db, { migrationsFolder });
}
