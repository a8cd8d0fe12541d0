import path from 'node:path';
import { buildApp } from './app.ts';
import { type Config, describeTrustProxy } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { DEMO_ADMIN_EMAIL, seedCatalogue, seedDemoAccounts } from './db/seed/index.ts';
import { sealPlainTotpSecrets } from './features/auth/index.ts';
import { startDrawScheduler } from './features/draws/index.ts';
import { createMailer, mailHandler, startScheduler } from './features/notify/index.ts';
import { MAIL_SEND, startOutboxWorker } from './features/outbox/index.ts';
import {
  SHEETS_APPEND,
  SHEETS_SLOTS,
  setUpSheets,
  sheetsAppendHandler,
  slotSyncHandler,
} from './features/sheets/index.ts';
import { expireOffers } from './features/transfers/index.ts';
import { startWebhookWorker } from './features/webhooks/index.ts';
import { assertWritableFolders, type DataFolder, PGLITE_MIN_FREE_BYTES } from './lib/data-dir.ts';
import { startPeriodic } from './lib/periodic.ts';
import { sweepEnded } from './lib/rate-limit.ts';

/** How often ended sign-in counters are deleted (and once a second after the start). */
const RATE_LIMIT_SWEEP_MS = 60 * 60_000;

/** The folders under DATA_DIR this configuration writes to: the embedded database, mail as files, demo sheets. */
export function dataFolders(config: Config): DataFolder[] {
  return [
    ...(config.databaseUrl
      ? []
      : [
          {
            dir: path.join(config.dataDir, 'pglite'),
            what: 'DATA_DIR/pglite (the embedded database)',
            minFreeBytes: PGLITE_MIN_FREE_BYTES,
          },
        ]),
    ...(config.mail.smtpUrl
      ? []
      : [{ dir: config.mail.dir, what: 'DATA_DIR/mail (mail is kept as files while SMTP_URL is not set)' }]),
    ...(config.sheets.demo
      ? [{ dir: path.join(config.dataDir, 'sheets-demo'), what: 'DATA_DIR/sheets-demo (the demo spreadsheets)' }]
      : []),
  ];
}

/** Opens the configured database, brings its schema up to date and seeds what a first run needs. */
export async function prepareDatabase(config: Config, log: (msg: string) => void = console.log) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
    // Authenticator secrets kept in plain text before decision 060 are sealed once, before anyone signs in.
    const sealed = await sealPlainTotpSecrets(database.db, config.totpKey);
    if (sealed) log(`Sealed ${sealed} authenticator-app secrets stored in plain text (decision 060)`);
    await seedCatalogue(database.db, { asOf: config.seedAsOf });
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

/**
 * Everything a serving process runs: database, Sheets, mail, the outbox worker, the reminder scheduler, the counters'
 * sweep, the app.
 */
export async function startPortal(config: Config, log: (msg: string) => void = console.log) {
  // Before anything is written: a folder that cannot be written must not fail the start after the demo admin exists.
  assertWritableFolders(dataFolders(config));
  const database = await prepareDatabase(config, log);
  const sheets = await setUpSheets(config, log);
  const app = await buildApp({ db: database.db, database, config, sheets: sheets.gateway });
  const mailer = createMailer(config.mail);
  log(`Mail goes to ${mailer.describe}`);
  log(describeTrustProxy(config.trustProxy));
  const stopWorker = startOutboxWorker(
    database.db,
    {
      [SHEETS_APPEND]: sheetsAppendHandler(sheets.gateway),
      [SHEETS_SLOTS]: slotSyncHandler(database.db, sheets.gateway),
      [MAIL_SEND]: mailHandler(mailer),
    },
    config.outboxIntervalMs,
    (e) => app.log.error(e),
  );
  const stopWebhooks = startWebhookWorker(database.db, config.webhooks, (e) => app.log.error(e));
  const stopScheduler = startScheduler(database.db, {
    intervalMs: config.schedulerIntervalMs,
    portalUrl: config.publicUrl,
    releaseSecret: config.releaseLinkSecret,
    log: (e) => app.log.error(e),
  });
  const stopDraws = startDrawScheduler(database.db, {
    intervalMs: config.drawIntervalMs,
    portalUrl: config.publicUrl,
    log: (e) => app.log.error(e),
  });
  // Every address and e-mail ever tried at a sign-in leaves a counter row: ended ones go (lib/rate-limit.ts).
  const stopSweep = startPeriodic(
    () => sweepEnded(database.db),
    RATE_LIMIT_SWEEP_MS,
    (e) => app.log.error(e),
  );
  // An offer to take a place that runs out unaccepted tells its sender (decision 057); expiry is otherwise only read.
  const stopOffers = startPeriodic(
    () => expireOffers(database.db),
    config.schedulerIntervalMs,
    (e) => app.log.error(e),
  );
  return {
    app,
    database,
    stop: async () => {
      await app.close();
      await stopOffers();
      await stopSweep();
      await stopDraws();
      // Each waits for its run in flight: no reminder or message is cut off half-way.
      await stopScheduler();
      await stopWorker();
      await stopWebhooks();
      mailer.close();
      await sheets.stop();
      await database.close();
    },
  };
}
