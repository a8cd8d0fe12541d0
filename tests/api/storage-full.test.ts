import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { bookings, outboxJobs } from '../../src/server/db/schema.ts';
import { createMailer, mailHandler } from '../../src/server/features/notify/mailer.ts';
import { MAIL_SEND } from '../../src/server/features/outbox/index.ts';
import { runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { STORAGE_FULL_HOLD_MS } from '../../src/server/lib/storage-full.ts';
import { createTestEvent } from '../support/events.ts';
import { fillDisk, mountTmpfs } from '../support/full-disk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 048: a full disk while running is a 503 storage_full, nothing half-written, and /readyz not ready meanwhile.
let t: TestApp;

// A real full disk for the .eml folder where a tmpfs can be mounted (root); the simulated errors run everywhere.
// Mounted in beforeAll, so a run that filters every test out mounts nothing it would not unmount.
let tinyDisk: ReturnType<typeof mountTmpfs> = null;
let mailDir: string;
let mail: { smtpUrl: undefined; from: string; dir: string };

beforeAll(async () => {
  tinyDisk = mountTmpfs('256k');
  mailDir = path.join(tinyDisk?.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-mail-')), 'mail');
  mail = { smtpUrl: undefined, from: 'Portal <portal@example.com>', dir: mailDir };
  t = await createTestApp({ mail });
});
afterAll(async () => {
  vi.useRealTimers();
  await t.close();
  if (tinyDisk) tinyDisk.unmount();
  else fs.rmSync(path.dirname(mailDir), { recursive: true, force: true });
});

/** Makes the database refuse the outbox row of mails to `to` with this SQLSTATE, as a full disk (53100) would. */
async function failMailInsertsTo(to: string, sqlstate: string) {
  const fn = `fail_mail_${sqlstate}`;
  await t.db.execute(
    sql.raw(`create or replace function ${fn}() returns trigger language plpgsql as $$
      begin
        if new.payload->>'to' = '${to}' then
          raise exception 'simulated: could not extend file' using errcode = '${sqlstate}';
        end if;
        return new;
      end $$`),
  );
  await t.db.execute(
    sql.raw(`create trigger ${fn} before insert on outbox_jobs for each row execute function ${fn}()`),
  );
}

const readyz = () => t.get('/readyz');
const bookingsOf = (email: string) => t.db.select().from(bookings).where(eq(bookings.email, email));

describe('a full disk while running', () => {
  it("answers PostgreSQL's other class-53 errors 503 unavailable, writing nothing, and stays ready", async () => {
    await createTestEvent(t.db, 'disk-oom', { capacity: 10 });
    const email = 'disk-oom@example.com';
    await failMailInsertsTo(email, '53200'); // out_of_memory
    const res = await t.post('/api/rsvp/disk-oom', await t.signIn(email), {});
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().code).toBe(ERROR_CODE.unavailable);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await bookingsOf(email)).toEqual([]);
    expect((await readyz()).statusCode).toBe(200);
  });

  it('answers 503 storage_full when the booking mail cannot be queued, leaves no booking, and /readyz is not ready', async () => {
    await createTestEvent(t.db, 'disk-full', { capacity: 10 });
    const email = 'disk-full@example.com';
    await failMailInsertsTo(email, '53100'); // disk_full
    const res = await t.post('/api/rsvp/disk-full', await t.signIn(email), {});
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.storageFull });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await bookingsOf(email)).toEqual([]);
    const ready = await readyz();
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', reason: 'storage_full' });

    // Others' bookings still go through (their writes find room), and past the hold /readyz is ready again.
    const other = await t.post('/api/rsvp/disk-full', await t.signIn('disk-other@example.com'), {});
    expect(other.statusCode, other.body).toBe(201);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + STORAGE_FULL_HOLD_MS + 1000 });
    expect((await readyz()).statusCode).toBe(200);
    vi.useRealTimers();
  });

  it('a real full disk under the .eml folder: the mail waits for a retry, no partial file, /readyz not ready until there is room', async (ctx) => {
    if (!tinyDisk) return ctx.skip(); // no tmpfs here (not root, or no mount in a container)
    await createTestEvent(t.db, 'disk-eml', { capacity: 10 });
    const email = 'disk-eml@example.com';
    const booked = await t.post('/api/rsvp/disk-eml', await t.signIn(email), {});
    expect(booked.statusCode, booked.body).toBe(201);
    fs.mkdirSync(mailDir, { recursive: true });
    const filler = fillDisk(path.dirname(mailDir));
    const send = () => runOutboxOnce(t.db, { [MAIL_SEND]: mailHandler(createMailer(mail)) });
    const first = await send();
    expect(first?.failed).toBeGreaterThan(0);
    const [job] = await t.db.select().from(outboxJobs).where(sql`${outboxJobs.payload}->>'to' = ${email}`);
    expect(job).toMatchObject({ status: 'pending' });
    expect(job?.lastError).toContain('ENOSPC');
    expect(fs.readdirSync(mailDir)).toEqual([]); // neither a partial .eml nor its temporary file
    expect((await readyz()).json()).toEqual({ status: 'unavailable', reason: 'storage_full' });

    // Past the hold the disk is still full: the probe write fails and /readyz stays not ready.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + STORAGE_FULL_HOLD_MS + 1000 });
    expect((await readyz()).statusCode).toBe(503);
    fs.rmSync(filler);
    vi.setSystemTime(Date.now() + STORAGE_FULL_HOLD_MS + 1000);
    expect((await readyz()).statusCode).toBe(200);
    vi.useRealTimers();

    await t.db
      .update(outboxJobs)
      .set({ nextAttemptAt: new Date() })
      .where(eq(outboxJobs.id, job?.id ?? ''));
    await send();
    expect(fs.readdirSync(mailDir).some((f) => f.endsWith(`${job?.id}.eml`))).toBe(true);
  });
});
