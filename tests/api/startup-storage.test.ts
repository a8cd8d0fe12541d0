import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPortal } from '../../src/server/bootstrap.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';

// Decision 021: a DATA_DIR the portal cannot write stops the start with a message naming the folder and the fix, before
// anything is written: no database rows (on PostgreSQL no table either), no folders. On PGlite and on PostgreSQL.
const kind = process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
const serverUrl = process.env.TEST_DATABASE_URL;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-startup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** A new, empty PostgreSQL database (not migrated), dropped after the file. */
async function emptyPostgres(): Promise<{ url: string; tables: () => Promise<number> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_startup_${randomBytes(4).toString('hex')}`;
  const run = async (url: string, sql: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(serverUrl, `create database ${name}`);
  cleanups.push(async () => void (await run(serverUrl, `drop database if exists ${name} with (force)`)));
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const tables = async () =>
    Number(
      (await run(url, "select count(*) as n from information_schema.tables where table_schema = 'public'")).rows[0].n,
    );
  return { url, tables };
}

const configFor = async (dataDir: string) => {
  const env: Record<string, string> = { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'true' };
  const postgres = kind === 'postgres' ? await emptyPostgres() : undefined;
  if (postgres) env.DATABASE_URL = postgres.url;
  return { config: loadConfig(env), postgres };
};

/** Starts the portal expecting it to refuse; returns the message and everything it logged. */
async function refusedStart(dataDir: string) {
  const { config, postgres } = await configFor(dataDir);
  const logged: string[] = [];
  const error = await startPortal(config, (m) => logged.push(m)).then(
    async (portal) => {
      await portal.stop();
      return null;
    },
    (err: unknown) => err as Error,
  );
  return { error, logged, tables: postgres ? await postgres.tables() : 0 };
}

describe(`start-up with a DATA_DIR that cannot be written (${kind})`, () => {
  it('a DATA_DIR on a read-only file system: every folder named, the fix said, nothing written', async () => {
    const { error, logged, tables } = await refusedStart('/sys/portal-data');
    expect(error?.message).toMatch(/^The portal cannot start:/);
    if (kind === 'pglite')
      expect(error?.message).toContain('DATA_DIR/pglite (the embedded database) at /sys/portal-data/pglite');
    expect(error?.message).toContain(
      'DATA_DIR/mail (mail is kept as files while SMTP_URL is not set) at /sys/portal-data/mail',
    );
    expect(error?.message).toContain('DATA_DIR/sheets-demo (the demo spreadsheets) at /sys/portal-data/sheets-demo');
    expect(error?.message).toContain('Set DATA_DIR to a folder the portal may write to');
    expect(error?.message).not.toMatch(/ErrnoError|ENOENT mkdir/);
    expect(logged.join('\n')).not.toContain('Demo admin created'); // on PostgreSQL it used to be created first
    expect(tables).toBe(0); // no migration ran, so no row can exist
  });

  it('a DATA_DIR below a file: the file is named, and no folder is made', async () => {
    const file = path.join(tmp, 'not-a-folder');
    fs.writeFileSync(file, 'x');
    const { error, tables } = await refusedStart(path.join(file, 'data'));
    expect(error?.message).toContain(`${file} is a file, not a folder`);
    expect(tables).toBe(0);
    expect(fs.readdirSync(tmp)).toEqual(['not-a-folder']);
  });

  it.runIf(kind === 'pglite')(
    'the CLI path (opening the embedded database) says the same, not ENOENT mkdir',
    async () => {
      await expect(openDatabase({ dataDir: '/sys/portal-data' })).rejects.toThrow(
        /DATA_DIR\/pglite \(the embedded database\) at \/sys\/portal-data\/pglite cannot be written/,
      );
    },
  );
});
