import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
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
  if (process.env.TEST_DB_KIND === 'none') {
    throw new Error(
      'A unit test (src/) has no database: a test that needs one goes in tests/api, run on both databases.',
    );
  }
  // The api-pglite project pins PGlite even when a PostgreSQL URL is present.
  const url = process.env.TEST_DB_KIND === 'pglite' ? undefined : process.env.TEST_DATABASE_URL;
  let database: Database;
  let drop = async () => {};
  let label = 'pglite';
  let dbUrl: string | undefined;
  if (url) {
    const name = `portal_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const template = opts.seed === false ? 'template1' : await seededPostgresTemplate(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    dbUrl = databaseUrl(url, name);
    database = await openDatabase({ databaseUrl: dbUrl });
    label = 'postgres';
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else if (opts.seed !== false) {
    database = await openDatabase({ inMemory: true, fromDump: await seededPgliteDump(), sharedBuffers: TEST_BUFFERS });
  } else {
    database = await openDatabase({ inMemory: true, sharedBuffers: TEST_BUFFERS });
  }
  if (opts.seed === false) await runMigrations(database);
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

/**
 * One migrated, seeded PGlite database per version of the code, dumped to a file that every test file starts from:
 * loading it takes about 0.35 s where migrating and seeding take about 2 s. Any change under the folders the schema
 * and the seed come from (or a new PGlite) makes a new dump.
 */
async function seededPgliteDump(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `portal-pglite-seeded-${await sourceHash()}.tar`);
  const stored = await fs.readFile(file).catch(() => null);
  if (stored) return new Blob([stored]);
  const database = await openDatabase({ inMemory: true });
  try {
    await runMigrations(database);
    await seedCatalogue(database.db, { asOf: TEST_AS_OF });
    const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, file); // whole or absent: files building it at once each write their own
    await forgetOlderDumps(file);
    return dump;
  } finally {
    await database.close();
  }
}

/** A test file's PGlite buffer pool: its database is a few MB (decision 041). */
const TEST_BUFFERS = '16MB';

const databaseUrl = (serverUrl: string, name: string) => {
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
};

/** Any constant shared by every test process: the advisory lock that one of them holds while it builds the template. */
const TEMPLATE_LOCK = 73_152_031;

/**
 * The PostgreSQL counterpart of the dump: one migrated, seeded database per version of the code, marked as a template,
 * that each test file's database is copied from (`create database … template`, a fraction of a second, where migrating
 * and seeding take about 2 s). The first process to need it builds it under an advisory lock; templates of other
 * versions (another checkout's, say) are dropped once an hour old.
 */
async function seededPostgresTemplate(url: string): Promise<string> {
  const name = `portal_tpl_${await sourceHash()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select datistemplate from pg_database where datname = $1', [name]);
    if (found.rows[0]?.datistemplate) return name;
    if (found.rows.length) await admin.query(`drop database ${name} with (force)`); // a build that died half way
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ databaseUrl: databaseUrl(url, name) });
    try {
      await runMigrations(database);
      await seedCatalogue(database.db, { asOf: TEST_AS_OF });
    } finally {
      await database.close();
    }
    await admin.query(`comment on database ${name} is '${new Date().toISOString()}'`);
    await admin.query(`alter database ${name} is_template true`);
    await forgetOlderTemplates(admin, name);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    await admin.end();
  }
}

async function forgetOlderTemplates(admin: pg.Client, current: string) {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database d where datname like 'portal_tpl_%' and datname <> $1
       and coalesce(shobj_description(d.oid, 'pg_database'), '') < $2`,
    [current, new Date(Date.now() - 3_600_000).toISOString()],
  );
  for (const { datname } of rows) {
    await admin.query(`alter database ${datname} is_template false`);
    await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

/** Dumps of earlier versions of the code, an hour old or more (42 MB each). */
async function forgetOlderDumps(current: string) {
  const dir = path.dirname(current);
  for (const name of await fs.readdir(dir)) {
    const full = path.join(dir, name);
    if (!name.startsWith('portal-pglite-seeded-') || full === current) continue;
    const stat = await fs.stat(full).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > 3_600_000) await fs.rm(full, { force: true });
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const HASHED = ['drizzle', 'src/server', 'src/common', 'tests/support', 'package-lock.json'];

async function sourceHash() {
  const hash = createHash('sha256');
  const files: string[] = [];
  for (const entry of HASHED) {
    const full = path.join(ROOT, entry);
    const stat = await fs.stat(full);
    if (stat.isFile()) files.push(full);
    else
      for (const f of await fs.readdir(full, { recursive: true }))
        if (/\.(ts|tsx|sql|json)$/.test(f)) files.push(path.join(full, f));
  }
  for (const f of files.sort()) hash.update(f).update(await fs.readFile(f));
  return hash.digest('hex').slice(0, 16);
}
