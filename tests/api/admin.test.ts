import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG, imageSizeWarnings } from '#common/admin.ts';
import { upsertAdmin } from '../../src/server/features/auth/members.ts';
import { multipart, postMultipart } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
let memberCookie: string;
const SHEET = 'https://docs.google.com/spreadsheets/d/abc123/edit#gid=0';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#224466' } })
    .png()
    .toBuffer();

/** A valid PNG signature and IHDR that claims a 20000x20000 canvas: a pixel-flood bomb. */
function floodPng() {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20000, 0);
  ihdr.writeUInt32BE(20000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type), data, Buffer.alloc(4)]);
  };
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const fields = (over: Record<string, string> = {}) => ({
  benefitName: 'Harbour Cruise',
  benefitDescription: 'A sunset cruise for pass holders.',
  buttonText: 'Book Now',
  partnerContactEmail: 'cruise@partner.example',
  excelTab1Link: SHEET,
  schedule: 'timed',
  timeZone: 'Asia/Singapore',
  startDate: '2030-10-01',
  startTime: '19:00',
  endTime: '22:00',
  venueName: 'Pier 7',
  ...over,
});

async function login(email: string, password: string) {
  return t.post('/api/admin/login', undefined, { email, password });
}

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
  await upsertAdmin(t.db, { email: 'staff@example.com', password: 'correct horse battery' });
  const res = await login('STAFF@example.com', 'correct horse battery');
  const c = res.cookies[0];
  admin = `${c?.name}=${c?.value}`;
  memberCookie = await t.signIn('member@example.com', 'Demo');
});
afterAll(() => t.close());

describe('admin session', () => {
  it('signs in with a Strict HttpOnly cookie, answers the session, and signs out', async () => {
    const res = await login('staff@example.com', 'correct horse battery');
    expect(res.statusCode).toBe(200);
    // timeZone: the organiser's (ORGANISER_TIME_ZONE), which admin lists spanning events write their times in.
    expect(res.json()).toEqual({ email: 'staff@example.com', role: 'admin', timeZone: 'Asia/Singapore' });
    const c = res.cookies[0];
    expect(c?.httpOnly).toBe(true);
    expect(c?.sameSite).toBe('Strict');
    const cookie = `${c?.name}=${c?.value}`;
    expect(c?.value).not.toBe(admin.split('=')[1]); // a new token per sign-in
    expect((await t.get('/api/admin/session', cookie)).json()).toEqual({
      email: 'staff@example.com',
      role: 'admin',
      timeZone: 'Asia/Singapore',
    });
    await t.send('POST', '/api/admin/logout', cookie);
    expect((await t.get('/api/admin/session', cookie)).statusCode).toBe(401);
  });

  it('gives the same answer for an unknown e-mail and a wrong password', async () => {
    const unknown = await login('nobody@example.com', 'whatever');
    const wrong = await login('staff@example.com', 'wrong password');
    expect([unknown.statusCode, wrong.statusCode]).toEqual([401, 401]);
    expect(unknown.json()).toEqual({ error: ADMIN_MSG.invalidCredentials, code: 'invalid_credentials' });
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('requires both fields', async () => {
    expect((await t.post('/api/admin/login', undefined, { email: '', password: 'x' })).json()).toEqual({
      error: ADMIN_MSG.emailRequired,
      code: expect.any(String),
    });
    expect((await t.post('/api/admin/login', undefined, { email: 'a@b.c', password: '' })).json()).toEqual({
      error: ADMIN_MSG.passwordRequired,
      code: expect.any(String),
    });
  });

  it('rate-limits guessing one account', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login('target@example.com', `guess${i}`)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.slice(10)).toEqual([429, 429]);
  });

  it('a member cookie is not an admin session', async () => {
    expect((await t.get('/api/admin/session', memberCookie)).statusCode).toBe(401);
  });
});

describe('guard on every admin route', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/benefits'],
    ['POST', '/api/admin/benefits'],
    ['GET', '/api/admin/benefits/x'],
    ['PUT', '/api/admin/benefits/x'],
    ['DELETE', '/api/admin/benefits/x'],
    ['POST', '/api/upload-image'],
    ['GET', '/api/admin/benefits/x/rsvp-config'],
    ['POST', '/api/admin/rsvp-config'],
    ['PUT', '/api/admin/rsvp-config/00000000-0000-0000-0000-000000000000'],
    ['GET', '/api/admin/members'],
    ['POST', '/api/admin/members'],
    ['DELETE', '/api/admin/members/a@b.c'],
    ['POST', '/api/admin/members/import/preview'],
    ['POST', '/api/admin/members/import'],
  ];
  it.each(routes)('%s %s answers 401 to anonymous and to a member', async (method, url) => {
    for (const cookie of [undefined, memberCookie]) {
      const res = await t.send(method as 'GET', url, cookie, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: ADMIN_MSG.notSignedIn, code: 'not_signed_in' });
    }
  });
});

describe('benefit validation', () => {
  it.each([
    [{ benefitName: ' ' }, ADMIN_MSG.nameRequired],
    [{ benefitDescription: '' }, ADMIN_MSG.descriptionRequired],
    [{ buttonText: '  ' }, ADMIN_MSG.buttonTextRequired],
    [{ partnerContactEmail: '' }, ADMIN_MSG.partnerEmailRequired],
    [{ partnerContactEmail: 'nope' }, ADMIN_MSG.partnerEmailInvalid],
    [{ excelTab1Link: '' }, ADMIN_MSG.tab1Required],
    [{ excelTab1Link: 'not a url' }, ADMIN_MSG.urlInvalid],
    [{ excelTab1Link: 'https://example.com/sheet' }, ADMIN_MSG.sheetsUrlInvalid],
    [{ excelTab2Link: 'ftp://docs.google.com/spreadsheets/d/x' }, ADMIN_MSG.sheetsUrlInvalid],
    [{ excelTab2Link: 'https://example.com/x' }, ADMIN_MSG.sheetsUrlInvalid],
  ])('refuses %o with the spec message', async (over, message) => {
    const res = await postMultipart(t.app, '/api/admin/benefits', admin, fields(over), [
      { field: 'logo', filename: 'a.png', contentType: 'image/png', data: await png(640, 400) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, code: expect.any(String) });
  });

  it('requires an image', async () => {
    const res = await postMultipart(t.app, '/api/admin/benefits', admin, fields(), []);
    expect(res.json()).toEqual({ error: ADMIN_MSG.imageRequired, code: expect.any(String) });
  });
});

describe('image attacks', () => {
  const upload = async (url: string, field: string, filename: string, contentType: string, data: Buffer) => {
    const body =
      url === '/api/upload-image'
        ? multipart({}, [{ field, filename, contentType, data }])
        : multipart(fields(), [{ field, filename, contentType, data }]);
    return t.send('POST', url, admin, body.payload, { headers: body.headers });
  };

  it('refuses a text file named .png', async () => {
    const res = await upload(
      '/api/admin/benefits',
      'logo',
      'evil.png',
      'image/png',
      Buffer.from('hello, I am not a picture'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ADMIN_MSG.imageInvalidType, code: expect.any(String) });
  });

  it('refuses an SVG carrying script, whatever it claims to be', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload('/api/admin/benefits', 'logo', 'logo.png', 'image/png', svg);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ADMIN_MSG.imageInvalidType, code: expect.any(String) });
  });

  it('refuses a 6 MB file while it streams', async () => {
    const big = Buffer.concat([await png(320, 200), Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload('/api/upload-image', 'image', 'big.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: ADMIN_MSG.imageTooLarge, code: 'payload_too_large' });
  });

  it('refuses a 20000x20000 pixel flood', async () => {
    const res = await upload('/api/admin/benefits', 'logo', 'flood.png', 'image/png', floodPng());
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error).toBeTypeOf('string');
  });

  it('edit uploads must be exactly 320x200', async () => {
    const wrong = await upload('/api/upload-image', 'image', 'a.png', 'image/png', await png(640, 400));
    expect(wrong.json()).toEqual({ error: ADMIN_MSG.imageDimensions, code: expect.any(String) });
    const right = await upload('/api/upload-image', 'image', 'b.png', 'image/png', await png(320, 200));
    expect(right.statusCode).toBe(200);
    const { imageUrl } = right.json();
    expect(imageUrl).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
    const img = await t.get(imageUrl);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(320);
  });
});

describe('benefit lifecycle', () => {
  it('create → visible to members → edit → delete → gone, while its RSVPs remain', async () => {
    const created = await postMultipart(t.app, '/api/admin/benefits', admin, fields(), [
      { field: 'logo', filename: 'wide.png', contentType: 'image/png', data: await png(300, 300) },
    ]);
    expect(created.statusCode).toBe(201);
    const { id, warnings } = created.json();
    // Smaller than 320x200 and far from 16:10: warnings, not errors, in the words the browser says before upload.
    expect(warnings).toEqual(imageSizeWarnings(300, 300));
    expect(warnings).toHaveLength(2);

    const memberList = (await t.get('/api/benefits', memberCookie)).json();
    const tile = memberList.find((b: { id: string }) => b.id === id);
    expect(tile).toMatchObject({
      title: 'Harbour Cruise',
      slug: 'harbour-cruise',
      action: 'page',
      actionTarget: `/rsvp/${id}`,
    });

    const second = await postMultipart(t.app, '/api/admin/benefits', admin, fields(), [
      { field: 'logo', filename: 'b.png', contentType: 'image/png', data: await png(640, 400) },
    ]);
    const secondTile = (await t.get(`/api/benefits/${second.json().id}`, memberCookie)).json();
    expect(secondTile.slug).toBe('harbour-cruise-2');

    const edit = await t.put(`/api/admin/benefits/${id}`, admin, {
      benefitName: 'Harbour Cruise II',
      benefitDescription: 'Now at dawn.',
      buttonText: 'Sail',
      partnerContactEmail: 'c@p.example',
    });
    expect(edit.statusCode).toBe(200);
    expect((await t.get(`/api/admin/benefits/${id}`, admin)).json()).toMatchObject({
      title: 'Harbour Cruise II',
      bookingText: 'Sail',
      excelTab1Link: SHEET,
    });

    await t.db
      .insert((await import('../../src/server/db/schema.ts')).events)
      .values({ id: `ev-${id}`, benefitId: id, title: 'Cruise' });
    await t.send('POST', `/api/rsvp/ev-${id}`, memberCookie);

    const del = await t.del(`/api/admin/benefits/${id}`, admin);
    expect(del.json()).toEqual({ success: true });
    const after = (await t.get('/api/benefits', memberCookie)).json();
    expect(after.some((b: { id: string }) => b.id === id)).toBe(false);
    const adminAfter = (await t.get('/api/admin/benefits', admin)).json();
    expect(adminAfter.some((b: { id: string }) => b.id === id)).toBe(false);
    expect((await t.get(`/api/admin/benefits/${id}`, admin)).statusCode).toBe(404);
    const kept = (await t.get('/api/user/form-submissions', memberCookie)).json().data;
    expect(kept.some((b: { eventId: string }) => b.eventId === `ev-${id}`)).toBe(true);
  });

  it('creates and updates an RSVP configuration with the auto defaults', async () => {
    const created = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: 'after2049',
      configName: 'After party',
      sheetMapping: { tab1Url: SHEET },
    });
    expect(created.statusCode).toBe(201);
    const found = (await t.get('/api/admin/benefits/after2049/rsvp-config', admin)).json();
    // Published at once (isActive defaults to true): the answer may add what publishing found (an unreadable Tab 1).
    expect(created.json()).toMatchObject(found);
    const blank = await t.put(`/api/admin/rsvp-config/${found.id}`, admin, { configName: ' ' });
    expect(blank.json()).toEqual({ error: 'Configuration name required', code: expect.any(String) });
    expect((await t.get('/api/admin/benefits/nothing/rsvp-config', admin)).statusCode).toBe(404);
  });
});

describe('member allow-list', () => {
  it('adds, searches, pages and removes members', async () => {
    const add = await t.post('/api/admin/members', admin, { email: ' New.Person@Example.com ', firstName: 'New' });
    expect(add.json()).toEqual({ outcome: 'added' });
    const bad = await t.post('/api/admin/members', admin, { email: 'nope' });
    expect(bad.json()).toEqual({ error: 'Please enter a valid email address', code: expect.any(String) });
    const found = (await t.get('/api/admin/members?search=new.person', admin)).json();
    expect(found.members.map((m: { email: string }) => m.email)).toEqual(['new.person@example.com']);
    const paged = (await t.get('/api/admin/members?pageSize=1&page=2', admin)).json();
    expect(paged).toMatchObject({ page: 2, pageSize: 1 });
    expect(paged.totalPages).toBe(paged.total);
    expect((await t.get('/api/admin/members?page=0', admin)).statusCode).toBe(400);
    const removed = await t.del('/api/admin/members/new.person@example.com', admin);
    expect(removed.json()).toEqual({ success: true });
  });

  it('previews a CSV row by row, then imports the good rows', async () => {
    const csv =
      'email,firstName,lastName\nalpha@example.com,Al,Pha\nnot-an-email,X,Y\nmember@example.com,Demo,Again\nalpha@example.com,Dup,Licate\n';
    const preview = (await t.post('/api/admin/members/import/preview', admin, { csv })).json();
    expect(preview.headerError).toBeNull();
    expect(preview.rows.map((r: { outcome: string }) => r.outcome)).toEqual(['add', 'reject', 'update', 'reject']);
    expect(preview.rows[1].error).toBe('Please enter a valid email address');
    expect((await t.get('/api/admin/members?search=alpha', admin)).json().total).toBe(0);
    const report = (await t.post('/api/admin/members/import', admin, { csv })).json();
    expect(report).toMatchObject({ added: 1, updated: 1 });
    expect(report.rejected).toHaveLength(2);
    const badHeader = await t.post('/api/admin/members/import', admin, { csv: 'mail\nx@y.z' });
    expect(badHeader.statusCode).toBe(400);
  });
});

describe('admin session expiry', () => {
  it('ends a session idle for longer than the idle limit, even before its absolute expiry', async () => {
    const res = await login('staff@example.com', 'correct horse battery');
    const cookie = `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
    const { adminSessions } = await import('../../src/server/db/schema.ts');
    const { ADMIN_IDLE_MS } = await import('../../src/server/features/auth/admin-sessions.ts');
    const { eq } = await import('drizzle-orm');
    const { hashToken } = await import('../../src/server/lib/tokens.ts');
    await t.db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(Date.now() - ADMIN_IDLE_MS - 1000) })
      .where(eq(adminSessions.tokenHash, hashToken(res.cookies[0]?.value ?? '')));
    expect((await t.get('/api/admin/session', cookie)).statusCode).toBe(401);
  });

  it('ends a session past its absolute expiry however active it is', async () => {
    const res = await login('staff@example.com', 'correct horse battery');
    const cookie = `${res.cookies[0]?.name}=${res.cookies[0]?.value}`;
    const { adminSessions } = await import('../../src/server/db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const { hashToken } = await import('../../src/server/lib/tokens.ts');
    await t.db
      .update(adminSessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(adminSessions.tokenHash, hashToken(res.cookies[0]?.value ?? '')));
    expect((await t.get('/api/admin/session', cookie)).statusCode).toBe(401);
  });
});

describe('edits that keep what they do not send', () => {
  it('an emptied sheet link is removed, a missing one is kept', async () => {
    const created = await postMultipart(t.app, '/api/admin/benefits', admin, fields({ excelTab2Link: SHEET }), [
      { field: 'logo', filename: 'a.png', contentType: 'image/png', data: await png(640, 400) },
    ]);
    const { id } = created.json();
    const base = { benefitName: 'Links', benefitDescription: 'd', buttonText: 'b', partnerContactEmail: 'c@p.example' };
    await t.put(`/api/admin/benefits/${id}`, admin, { ...base, excelTab2Link: '' });
    const after = (await t.get(`/api/admin/benefits/${id}`, admin)).json();
    expect(after).toMatchObject({ excelTab1Link: SHEET, excelTab2Link: null });
  });

  it('a benefit edit relinks the sheet of its RSVP configuration without wiping the form', async () => {
    const created = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: 'wristcheck',
      configName: 'Claims',
      formFields: [{ fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true }],
      behavior: { successMessage: 'Claimed!' },
      sheetMapping: { tab1Url: SHEET, tab1Name: 'Claims Tab' },
    });
    const { id } = created.json();
    const relinked = await t.put(`/api/admin/rsvp-config/${id}`, admin, {
      configName: 'Claims',
      sheetMapping: { tab1Url: `${SHEET}&v=2` },
    });
    expect(relinked.statusCode).toBe(200);
    const stored = await t.db.query.formFields.findMany({ where: (f, { eq }) => eq(f.configId, id) });
    expect(stored.map((f) => f.fieldName)).toEqual(['fullName']);
    const cfg = await t.db.query.rsvpConfigurations.findFirst({ where: (c, { eq }) => eq(c.id, id) });
    expect(cfg?.sheetMapping).toMatchObject({ tab1Url: `${SHEET}&v=2`, tab1Name: 'Claims Tab' });
    expect(cfg?.behavior).toMatchObject({ successMessage: 'Claimed!' });
  });
});

describe('audit log', () => {
  it('records who changed which benefit, configuration or member, and when', async () => {
    await t.post('/api/admin/members', admin, { email: 'audited@example.com' });
    await t.del('/api/admin/members/audited@example.com', admin);
    await t.post('/api/admin/members', admin, { email: 'not an email' });
    const res = await t.get('/api/admin/audit', admin);
    const entries = res.json().entries as { adminEmail: string; action: string; targetId: string | null; at: string }[];
    const mine = entries.filter((e) => e.targetId === 'audited@example.com');
    expect(mine.map((e) => e.action).sort()).toEqual(['member.add', 'member.remove']);
    expect(mine.every((e) => e.adminEmail === 'staff@example.com' && !Number.isNaN(Date.parse(e.at)))).toBe(true);
    expect(entries.some((e) => e.action === 'benefit.create')).toBe(true);
    expect(entries.some((e) => e.action === 'benefit.delete')).toBe(true);
    expect(entries.some((e) => e.targetId === 'not an email')).toBe(false); // refused changes are not changes
    expect((await t.get('/api/admin/audit', memberCookie)).statusCode).toBe(401);
  });
});
