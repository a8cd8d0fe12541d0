import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { seedCatalogue } from '../src/server/db/seed/index.ts';
import { createSheetsGateway } from '../src/server/features/sheets/sheets-gateway.ts';

export const BENCH_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The demo week as the bench seeds it: ahead of today, so its events can be booked. */
const BENCH_AS_OF = new Date().toISOString().slice(0, 10);

const benchConfig = () => ({
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  loginLimitPerIp: 1_000_000,
  loginLimitPerEmail: 1_000_000,
});

async function benchApp(database: Database) {
  const app = await buildApp({
    db: database.db,
    database,
    config: benchConfig(),
    sheets: createSheetsGateway({ rootUrl: 'http://127.0.0.1:9/' }),
  });
  await app.ready();
  return app;
}

/**
 * The portal on PGlite with the schema and catalogue, as `npm start` runs it without DATABASE_URL: in memory, or on
 * disk in `dataDir` (a folder of its own, removed by the caller).
 */
export async function benchEmbeddedPortal(opts: { dataDir?: string } = {}) {
  const database = await openDatabase(opts.dataDir ? { dataDir: opts.dataDir } : { inMemory: true });
  await runMigrations(database);
  await seedCatalogue(database.db, { asOf: BENCH_AS_OF });
  const app = await benchApp(database);
  return {
    app,
    db: database.db,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A throwaway PostgreSQL database with the schema and catalogue, and the app on it. */
export async function benchPortal() {
  const name = `portal_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BENCH_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  await seedCatalogue(database.db, { asOf: BENCH_AS_OF });
  const app = await benchApp(database);
  const others: { close: () => Promise<void> }[] = [];
  return {
    app,
    db: database.db,
    url: url.toString(),
    /** Another instance of the portal on the same database, as behind a load balancer. */
    secondInstance: async () => {
      const other = await openDatabase({ databaseUrl: url.toString() });
      const otherApp = await benchApp(other);
      others.push({
        close: async () => {
          await otherApp.close();
          await other.close();
        },
      });
      return otherApp;
    },
    close: async () => {
      for (const o of others) await o.close();
      await app.close();
      await database.close();
      const c = new pg.Client({ connectionString: BENCH_URL });
      await c.connect();
      // The pool's connections may still be closing: let them go, so the forced drop kills none.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Runs `fn` `runs` times after a warm-up and reports p50 / p95 / max in milliseconds. */
export async function timeIt(runs: number, fn: () => Promise<unknown>) {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? Number.NaN };
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** A timed figure beside its goal, as the benches print them. */
export const goalRow = (figure: string, valueMs: number, goalMs: number) => ({
  figure,
  value: ms(valueMs),
  goal: `<= ${goalMs} ms`,
  verdict: valueMs <= goalMs ? 'met' : 'MISSED',
});

/** The server's CPU while a bench runs (this process: the load comes from another one). */
export async function startProfiler() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stopInto: async (file: string, what: string) => {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of the server during ${what}: ${file}`);
    },
  };
}
