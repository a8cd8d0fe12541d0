import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { assertWritableFolders, PGLITE_MIN_FREE_BYTES, storageError } from '../lib/data-dir.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PostgreSQL only: hears NOTIFY on a channel over a connection of its own (reconnecting); returns a stop. */
  listen?: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /** PostgreSQL only: a small pool of its own (reports, decision 020), every statement cut at the timeout. */
  sidePool?: (opts: SidePoolOptions) => { db: Db; close: () => Promise<void> };
  /**
   * PGlite only: the one connection, with `beforeStatement` called before each statement; it may throw to stop a
   * caller between statements (PGlite runs a statement on this thread and cannot be interrupted in one).
   */
  checkedDb?: (beforeStatement: () => void) => Db;
};

export type SidePoolOptions = { max: number; statementTimeoutMs: number; applicationName: string };

export type DbTarget = {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** In memory only: start from a dumped data directory (tests copy one migrated, seeded database per run). */
  fromDump?: Blob;
  /**
   * In memory only: PostgreSQL's buffer pool, PGlite's 128MB unless given. A test database of a few MB starts ~0.4 s
   * sooner, and holds ~110 MB less, with 16MB.
   */
  sharedBuffers?: string;
};

export async function openDatabase(target: DbTarget): Promise<Database> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
    await pool.query('select 1'); // fail at start-up, not at the first request
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, onPayload) => listenOn(target.databaseUrl ?? '', channel, onPayload),
      sidePool: (opts) => sidePool(target.databaseUrl ?? '', opts),
    };
  }
  if (target.inMemory) {
    const client = new PGlite({
      ...(target.fromDump ? { loadDataDir: target.fromDump } : {}),
      ...(target.sharedBuffers
        ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${target.sharedBuffers}`] }
        : {}),
    });
    return pgliteDatabase(client, () => client.close());
  }
  const dir = path.resolve(target.dataDir ?? './data', 'pglite');
  assertWritableFolders([
    { dir, what: 'DATA_DIR/pglite (the embedded database)', minFreeBytes: PGLITE_MIN_FREE_BYTES },
  ]);
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireDirLock(dir);
  try {
    const client = new PGlite(dir);
    await client.waitReady.catch((err: unknown) => {
      throw storageError(err, dir); // PGlite says only `ErrnoError errno 51`
    });
    return pgliteDatabase(client, async () => {
      await client.close();
      release();
    });
  } catch (err) {
    release();
    throw err;
  }
}

function pgliteDatabase(client: PGlite, close: () => Promise<void>): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    kind: 'pglite',
    close,
    checkedDb: (beforeStatement) => {
      // Drizzle's PGlite session only calls query (and transaction, which reports never open).
      const checked = {
        query: (...args: Parameters<PGlite['query']>) => {
          beforeStatement();
          return client.query(...args);
        },
        transaction: client.transaction.bind(client),
      } as unknown as PGlite;
      return drizzlePglite({ client: checked, schema }) as unknown as Db;
    },
  };
}

/** Connections apart from the main pool: however long their statements, members' queries never wait for them. */
function sidePool(url: string, opts: SidePoolOptions) {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max,
    // The server cancels a statement past this (SQLSTATE 57014) and the connection is free again at once.
    statement_timeout: opts.statementTimeoutMs,
    connectionTimeoutMillis: opts.statementTimeoutMs,
    application_name: opts.applicationName,
  });
  pool.on('error', (err) => console.error('PostgreSQL connection lost:', err.message));
  return { db: drizzlePg(pool, { schema }) as unknown as Db, close: () => pool.end() };
}

/** A LISTEN connection outside the pool; a lost one comes back after a second, and is told nothing it missed. */
async function listenOn(url: string, channel: string, onPayload: (payload: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) onPayload(msg.payload);
    });
    c.on('error', (err) => {
      console.error('PostgreSQL LISTEN connection lost:', err.message);
      void c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1_000);
    });
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

// Directories this process has open: a second open from the same process is refused too.
const openDirs = new Set<string>();

/** PGlite is single-process: a second opener would corrupt the files, so refuse it clearly. */
function acquireDirLock(dir: string): () => void {
  const lockFile = path.join(path.dirname(dir), 'pglite.lock');
  if (openDirs.has(dir)) {
    throw new Error(`The embedded database in ${dir} is already open in this process.`);
  }
  const claim = () => fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  try {
    claim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `The embedded database in ${dir} is in use by another process (pid ${holder}). ` +
          'Stop that process, or set DATABASE_URL to use PostgreSQL for several processes.',
      );
    }
    fs.rmSync(lockFile, { force: true }); // stale lock from a process that died
    claim();
  }
  openDirs.add(dir);
  return () => {
    openDirs.delete(dir);
    try {
      if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.rmSync(lockFile);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The rows of `db.execute(sql…)`: both drivers answer `{ rows }`, which the shared Db type leaves unknown. */
export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
