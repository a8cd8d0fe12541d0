import type { HTTPMethods } from 'fastify';
import type { StaffRole } from '#common/passes.ts';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { type Db, openDatabase } from '../../src/server/db/client.ts';
import { seedCatalogue } from '../../src/server/db/seed/index.ts';
import { upsertAdmin, upsertMember } from '../../src/server/features/auth/members.ts';
import { createTestDatabase } from './test-db.ts';
import { createTestSheets } from './test-sheets.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The tests' password hashes take 64 KiB, not OWASP's 19 MiB: the same argon2id, ~0.2 ms a hash (decision 067). */
export const TEST_PASSWORD_MEMORY_KIB = '64';

/**
 * `seedAsOf`: the catalogue seeded as of that day instead of the tests' own (e.g. the spec's '2025-09-29').
 * `appDb`: what the app is given instead of the database itself (e.g. one that records its statements); the
 * test's own `db` stays the database.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  opts: { seedAsOf?: string; appDb?: (db: Db) => Db } = {},
) {
  const database = await createTestDatabase({ seed: opts.seedAsOf === undefined });
  if (opts.seedAsOf) await seedCatalogue(database.db, { asOf: opts.seedAsOf });
  const sheets = await createTestSheets();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_HASH_MEMORY_KIB: TEST_PASSWORD_MEMORY_KIB }),
    ...overrides,
  };
  const db = opts.appDb ? opts.appDb(database.db) : database.db;
  const app = await buildApp({ db, database, config, sheets: sheets.gateway });
  await app.ready();

  /** Adds a member and signs them in; returns the cookie header to send. */
  async function signIn(email: string, firstName = 'Test', lastName = 'Member') {
    await upsertMember(database.db, { email, firstName, lastName });
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies[0];
    if (!cookie) throw new Error('no session cookie');
    return `${cookie.name}=${cookie.value}`;
  }

  /**
   * Adds an admin (or, with role staff, a door account; partner, one scoped to `benefitIds`) and signs them in;
   * returns the cookie header to send.
   */
  async function signInAdmin(
    email = `admin-${Math.random().toString(36).slice(2, 8)}@example.com`,
    role: StaffRole = 'admin',
    benefitIds?: string[],
  ) {
    const password = 'correct horse battery staple';
    await upsertAdmin(database.db, { email, password, role, benefitIds });
    const res = await app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies[0];
    if (!cookie) throw new Error('no admin session cookie');
    return `${cookie.name}=${cookie.value}`;
  }

  /** Adds a door staff account (check-in only) and signs it in. */
  const signInStaff = (email = `staff-${Math.random().toString(36).slice(2, 8)}@example.com`) =>
    signInAdmin(email, 'staff');

  /** Adds a partner account scoped to these benefits (docs/decisions/030) and signs it in. */
  const signInPartner = (email: string, benefitIds: string[]) => signInAdmin(email, 'partner', benefitIds);

  // The request helpers most API tests wrote for themselves: the cookie is sent when given, the body as JSON;
  // `extra` adds headers (a language, a bearer token, a raw body's type) or the caller's address (per-address limits).
  type Extra = { headers?: Record<string, string>; remoteAddress?: string };
  /** Any method; a body only when one is given (a string or Buffer goes as it is). */
  const send = (
    method: HTTPMethods,
    url: string,
    cookie?: string,
    payload?: object | string | Buffer,
    extra: Extra = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...extra.headers },
      ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload }),
    });
  const get = (url: string, cookie?: string, extra?: Extra) => send('GET', url, cookie, undefined, extra);
  const del = (url: string, cookie?: string, extra?: Extra) => send('DELETE', url, cookie, undefined, extra);
  const post = (url: string, cookie?: string, payload: object = {}, extra?: Extra) =>
    send('POST', url, cookie, payload, extra);
  const patch = (url: string, cookie?: string, payload: object = {}, extra?: Extra) =>
    send('PATCH', url, cookie, payload, extra);
  const put = (url: string, cookie?: string, payload: object = {}, extra?: Extra) =>
    send('PUT', url, cookie, payload, extra);

  /** PostgreSQL only: another instance of the app on the same database, as a second process would be. */
  async function secondInstance() {
    if (!database.url) throw new Error('a second instance needs PostgreSQL');
    const other = await openDatabase({ databaseUrl: database.url });
    const otherApp = await buildApp({ db: other.db, database: other, config, sheets: sheets.gateway });
    await otherApp.ready();
    return {
      app: otherApp,
      close: async () => {
        await otherApp.close();
        await other.close();
      },
    };
  }

  return {
    app,
    secondInstance,
    send,
    get,
    del,
    post,
    patch,
    put,
    signInAdmin,
    signInStaff,
    signInPartner,
    db: database.db,
    config,
    dbLabel: database.label,
    /** PostgreSQL only: the test database's URL, for a second instance on it. */
    dbUrl: database.url,
    signIn,
    sheets,
    close: async () => {
      await app.close();
      await database.close();
      await sheets.close();
    },
  };
}
