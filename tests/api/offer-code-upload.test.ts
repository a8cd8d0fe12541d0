import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { offerCodes, offerCodeUploads, offerPools } from '../../src/server/db/schema.ts';
import { upsertAdmin } from '../../src/server/features/auth/members.ts';
import { UPLOAD_BATCH } from '../../src/server/features/offers/offer-codes-admin.ts';
import { createTestEvent } from '../support/events.ts';
import { fillDisk, mountTmpfs } from '../support/full-disk.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createTestSheets } from '../support/test-sheets.ts';

// A big upload is written in short batches under an upload row (decision 048): all its codes or none.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin('upload-admin@example.com');
});
afterAll(() => t.close());

const upload = (id: string, text: string, cookie = admin) =>
  t.post(`/api/admin/benefits/${id}/offer-codes/upload`, cookie, { text });
const summary = async (id: string) => (await t.get(`/api/admin/benefits/${id}/offer-codes`, admin)).json();
const codesOf = (id: string) => t.db.select().from(offerCodes).where(eq(offerCodes.benefitId, id));
const makeOffer = (id: string) => createTestEvent(t.db, id, { capacity: null, bookingForm: 'none' });
const codeLines = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`);

describe('offer code uploads in batches', () => {
  it('a complete upload of several batches has every code, usable in the order uploaded', async () => {
    await makeOffer('up-all');
    const lines = codeLines('ALL', UPLOAD_BATCH * 3 + 7);
    const res = await upload('up-all', lines.join('\n'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ added: lines.length, promoted: 0 });
    expect(await summary('up-all')).toMatchObject({ total: lines.length, left: lines.length });
    expect((await codesOf('up-all')).map((c) => c.code).sort()).toEqual([...lines].sort());
    expect(await t.db.select().from(offerCodeUploads)).toEqual([]);
    const claim = await t.post('/api/rsvp/up-all', await t.signIn('up-all@example.com'), {});
    expect(claim.json().offerCodes).toEqual(['ALL-1']);
  });

  it('an upload that fails midway (a full disk after three batches) leaves no code and no upload row', async () => {
    await makeOffer('up-fail');
    await t.db.execute(
      sql.raw(`create or replace function fail_midway() returns trigger language plpgsql as $$
        begin
          if new.code = 'FAIL-MIDWAY' then raise exception 'simulated full disk' using errcode = '53100'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw('create trigger fail_midway before insert on offer_codes for each row execute function fail_midway()'),
    );
    const lines = codeLines('MID', UPLOAD_BATCH * 4);
    lines[UPLOAD_BATCH * 3 + 10] = 'FAIL-MIDWAY'; // in the fourth batch: three are written before it fails
    const res = await upload('up-fail', lines.join('\n'));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().code).toBe(ERROR_CODE.storageFull);
    expect(await codesOf('up-fail')).toEqual([]);
    expect(await t.db.select().from(offerCodeUploads)).toEqual([]);
    expect(await summary('up-fail')).toMatchObject({ total: 0 });
    // The same codes upload cleanly once the disk has room.
    await t.db.execute(sql.raw('drop trigger fail_midway on offer_codes'));
    const again = await upload('up-fail', lines.join('\n'));
    expect(again.statusCode, again.body).toBe(200);
    expect(await summary('up-fail')).toMatchObject({ total: lines.length });
  });

  it("an unfinished upload's codes are neither counted nor handed out; a stopped one is purged by the next upload", async () => {
    await makeOffer('up-stale');
    await t.db.insert(offerPools).values({ benefitId: 'up-stale' });
    const [stale] = await t.db
      .insert(offerCodeUploads)
      .values({ benefitId: 'up-stale', touchedAt: new Date(Date.now() - 3_600_000) })
      .returning();
    await t.db.insert(offerCodes).values({ benefitId: 'up-stale', code: 'HIDDEN-1', uploadId: stale?.id });
    expect(await summary('up-stale')).toMatchObject({ total: 0, left: 0 });
    const list = await t.get('/api/admin/benefits/up-stale/offer-codes/list', admin);
    expect(list.json().codes).toEqual([]);
    const claim = await t.post('/api/rsvp/up-stale', await t.signIn('up-stale@example.com'), {});
    expect(claim.statusCode).toBe(409);
    expect(claim.json().code).toBe(ERROR_CODE.soldOut);

    const res = await upload('up-stale', 'HIDDEN-1\nFRESH-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await summary('up-stale')).toMatchObject({ total: 2, left: 2 });
    expect(await t.db.select().from(offerCodeUploads)).toEqual([]);
  });

  it('a code the pool has already refuses the whole upload line by line, with every other problem', async () => {
    await makeOffer('up-dup');
    expect((await upload('up-dup', 'D-1\nD-2')).statusCode).toBe(200);
    const res = await upload(
      'up-dup',
      codeLines('E', UPLOAD_BATCH + 5)
        .concat('D-2')
        .join('\n'),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().lines).toEqual([{ line: UPLOAD_BATCH + 6, code: 'D-2', problem: 'already_in_pool' }]);
    const both = await upload('up-dup', 'D-1\n\nF-1');
    expect(both.json().lines).toEqual([
      { line: 1, code: 'D-1', problem: 'already_in_pool' },
      { line: 2, code: '', problem: 'blank' },
    ]);
    expect(await summary('up-dup')).toMatchObject({ total: 2 });
  });
});

describe('PGlite on a disk that fills up', () => {
  it('answers 503 storage_full, writes no code, and /readyz is not ready until there is room', async (ctx) => {
    // PGlite's own data directory (its project only), on a real small disk where a tmpfs can be mounted (root).
    const disk = process.env.TEST_DB_KIND === 'pglite' ? mountTmpfs('160m') : null;
    if (!disk) return ctx.skip();
    ctx.onTestFinished(() => disk.unmount());
    const dataDir = path.join(disk.dir, 'data');
    const database = await openDatabase({ dataDir });
    const sheets = await createTestSheets();
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), dataDir };
    // Migrated first, as start-up does: building the app reads the roll-ups' zone (decision 051).
    await runMigrations(database);
    const app = await buildApp({ db: database.db, database, config, sheets: sheets.gateway });
    try {
      await createTestEvent(database.db, 'full-offer', { capacity: null, bookingForm: 'none' });
      await upsertAdmin(database.db, { email: 'full@example.com', password: 'correct horse battery staple' });
      const login = await app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: 'full@example.com', password: 'correct horse battery staple' },
      });
      const cookie = `${login.cookies[0]?.name}=${login.cookies[0]?.value}`;
      const filler = fillDisk(disk.dir);
      const text = codeLines('FULL', UPLOAD_BATCH * 8).join('\n');
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/admin/benefits/full-offer/offer-codes/upload',
          headers: { cookie },
          payload: { text },
        });
      const res = await send();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe(ERROR_CODE.storageFull);
      expect((await app.inject({ url: '/readyz' })).statusCode).toBe(503);
      fs.rmSync(filler);
      const later = await send();
      expect(later.statusCode, later.body).toBe(200);
      const [{ n } = { n: -1 }] = await database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(offerCodes)
        .where(eq(offerCodes.benefitId, 'full-offer'));
      expect(n).toBe(UPLOAD_BATCH * 8);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
