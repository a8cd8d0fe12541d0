import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StaffRole } from '#common/passes.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { type MemberInput, upsertAdmin, upsertMember } from '../../../src/server/features/auth/members.ts';
import { createMailer, mailHandler } from '../../../src/server/features/notify/mailer.ts';
import { MAIL_SEND } from '../../../src/server/features/outbox/mail-outbox.ts';
import { startOutboxWorker } from '../../../src/server/features/outbox/outbox.ts';
import { SHEETS_APPEND, sheetsAppendHandler } from '../../../src/server/features/sheets/export-row.ts';
import { SHEETS_SLOTS, slotSyncHandler } from '../../../src/server/features/sheets/slot-sync.ts';
import { TEST_PASSWORD_MEMORY_KIB } from '../../support/test-app.ts';
import { createTestDatabase } from '../../support/test-db.ts';
import { createTestSheets } from '../../support/test-sheets.ts';

const builtClient = fileURLToPath(new URL('../../../dist/client', import.meta.url));
const clientIndex = path.join(builtClient, 'index.html');

/**
 * A copy of the built client named after its files (names, sizes, times), shared by every test process of that
 * build: another `npm run build` while these tests run (a second session in the same checkout) would otherwise
 * swap the assets under a server that cached the old index.html.
 */
function snapshotClient() {
  const hash = createHash('sha256');
  for (const name of fs.readdirSync(builtClient, { recursive: true }).map(String).sort()) {
    const stat = fs.statSync(path.join(builtClient, name));
    hash.update(`${name}\u0000${stat.size}\u0000${stat.mtimeMs}\n`);
  }
  const build = hash.digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `e2e-client-${build}`);
  if (fs.existsSync(path.join(dir, 'index.html'))) return dir;
  const partial = fs.mkdtempSync(`${dir}-partial-`);
  fs.cpSync(builtClient, partial, { recursive: true });
  try {
    fs.renameSync(partial, dir); // whole or absent
  } catch {
    fs.rmSync(partial, { recursive: true, force: true }); // another process made it first
  }
  for (const name of fs.readdirSync(os.tmpdir())) {
    const old = path.join(os.tmpdir(), name);
    const age = Date.now() - (fs.statSync(old, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (name.startsWith('e2e-client-') && old !== dir && age > 3_600_000)
      fs.rmSync(old, { recursive: true, force: true });
  }
  return dir;
}

export type E2eServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The real portal (API and built SPA) on a fresh database, listening on a free port of
 * 127.0.0.1. The database is in-memory PGlite, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set. `env` adds settings as the environment would (e.g. MEMBER_LOGIN=code).
 */
export async function startServer(opts: { env?: Record<string, string> } = {}) {
  if (!fs.existsSync(clientIndex)) {
    throw new Error(
      `${clientIndex} is missing: build the client first (npx vite build, or run npm test, which builds).`,
    );
  }
  const database = await createTestDatabase();
  const sheets = await createTestSheets();
  // Mail as `npm start` sends it without SMTP: .eml files, here in a folder of this server's own.
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mail-'));
  const loaded = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_MEMORY_KIB: TEST_PASSWORD_MEMORY_KIB,
    ...opts.env,
  });
  const config = { ...loaded, mail: { ...loaded.mail, dir: mailDir } };
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ db: database.db, database, config, sheets: sheets.gateway, clientDir: snapshotClient() });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await database.close();
    await sheets.close();
    fs.rmSync(mailDir, { recursive: true, force: true });
    throw err;
  }
  const mailer = createMailer(config.mail);
  const stopWorker = startOutboxWorker(
    database.db,
    {
      [SHEETS_APPEND]: sheetsAppendHandler(sheets.gateway),
      [SHEETS_SLOTS]: slotSyncHandler(database.db, sheets.gateway),
      [MAIL_SEND]: mailHandler(mailer),
    },
    200,
    () => {},
  );
  const { port } = app.server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    dbLabel: database.label,
    /** Authorises an e-mail address to sign in (adds or updates the member). */
    addMember: (member: MemberInput) => upsertMember(database.db, member),
    /** The demo spreadsheets behind the emulator the app exports to. */
    sheets,
    /** Adds an admin account (or a door staff one, or a partner of `benefitIds`); sign in through the page. */
    addAdmin: (email: string, password: string, role: StaffRole = 'admin', benefitIds?: string[]) =>
      upsertAdmin(database.db, { email, password, role, benefitIds }),
    close: async () => {
      await app.close();
      await stopWorker();
      mailer.close();
      fs.rmSync(mailDir, { recursive: true, force: true });
      await database.close();
      await sheets.close();
    },
  };
}
