import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { type MemberInput, upsertMember } from '../../../src/server/features/auth/members.ts';
import { createTestDatabase } from '../../support/test-db.ts';

const clientIndex = fileURLToPath(new URL('../../../dist/client/index.html', import.meta.url));

export type E2eServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The real portal (API and built SPA) on a fresh database, listening on a free port of
 * 127.0.0.1. The database is in-memory PGlite, or a new PostgreSQL database when
 * TEST_DATABASE_URL is set.
 */
export async function startServer() {
  if (!fs.existsSync(clientIndex)) {
    throw new Error(
      `${clientIndex} is missing: build the client first (npx vite build, or run npm test, which builds).`,
    );
  }
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ db: database.db, database, config });
    await app.listen({ host: '127.0.0.1', port: 0 });
  } catch (err) {
    await database.close();
    throw err;
  }
  const { port } = app.server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    db: database.db,
    dbLabel: database.label,
    /** Authorises an e-mail address to sign in (adds or updates the member). */
    addMember: (member: MemberInput) => upsertMember(database.db, member),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
