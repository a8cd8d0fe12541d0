import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { benefits, formFields, rsvpConfigurations } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The hardening review's findings (decision 007), one regression test each: none of these may answer 5xx or store anything.
let t: TestApp;
let member: string;
let admin: string;
const BENEFIT = 'hostile-brunch';

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
  member = await t.signIn('hostile@example.com', 'Hos', 'Tile');
  admin = await t.signInAdmin();
  await t.db.insert(benefits).values({ id: BENEFIT, slug: BENEFIT, title: 'Brunch', description: 'Brunch.' });
});
afterAll(() => t.close());

// The body as the wire carries it: a string goes as written (malformed JSON included), anything else as JSON.
const send = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  payload === undefined
    ? t.send(method, url, cookie)
    : t.send(method, url, cookie, typeof payload === 'string' ? payload : JSON.stringify(payload), {
        headers: { 'content-type': 'application/json' },
      });

const config = (over: Record<string, unknown> = {}) => ({
  benefitId: BENEFIT,
  configName: 'Hostile brunch',
  formFields: [
    { fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true },
    { fieldName: 'arrival', displayName: 'Arrival', fieldType: 'date', isRequired: true },
  ],
  ...over,
});

describe('text the database cannot store', () => {
  it.each([
    ['POST', '/api/auth/login', undefined, { email: 'a\u0000b@x.com' }],
    ['POST', '/api/admin/login', undefined, { email: 'a@x.com', password: 'p\u0000' }],
    ['POST', '/api/analytics/click', 'member', { benefitId: 'speakers-reception', benefitTitle: '\ud800' }],
    ['POST', '/api/auth/login', undefined, { email: 'x@y.com', 'k\u0000': 1 }],
    ['GET', '/api/rsvp/%00/slots', undefined, undefined],
    ['GET', '/api/admin/analytics/benefits?search=%00', 'admin', undefined],
  ] as const)('%s %s refuses NUL and lone surrogates with 400 invalid_text', async (method, url, who, payload) => {
    const cookie = who === 'member' ? member : who === 'admin' ? admin : undefined;
    const res = await send(method, url, cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.invalidText });
  });

  it('keeps emoji and other paired surrogates', async () => {
    const res = await send('POST', '/api/analytics/click', member, {
      benefitId: 'speakers-reception',
      benefitTitle: 'Reception 🥂',
    });
    expect(res.statusCode).toBeLessThan(300);
  });

  it('answers a body nested 5,000 deep with a 4xx', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await send('POST', '/api/analytics/submission', member, `{"submissionData":${deep}}`);
    expect(res.statusCode).toBe(400);
  });
});

describe('dates that are not dates', () => {
  it.each([' ', '1e3', 'tomorrow', '2025-02-30'])('refuses the concierge date %j with the form message', async (d) => {
    const res = await send('POST', '/api/ap-house/rsvp', member, {
      fullName: 'Hos Tile',
      email: 'hostile@example.com',
      selectedDate: d,
      timeSlot: '10:00am-11:00am',
      bringingGuests: 'no',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Please select a date');
  });

  it.each(['2024-02-30', '2024-13-45'])('refuses analytics dates like %s', async (d) => {
    const res = await send('GET', `/api/admin/analytics/benefits?startDate=${d}`, admin);
    expect(res.statusCode).toBe(400);
  });

  it.each(['2026-13-45', '2026-02-30', 'soon'])(
    'refuses a booking window starting %j, and stores nothing',
    async (d) => {
      const res = await send(
        'POST',
        '/api/admin/rsvp-config',
        admin,
        config({ slotConfig: { bookingWindowStart: d } }),
      );
      expect(res.statusCode).toBe(400);
      expect(await t.db.select().from(rsvpConfigurations).where(eq(rsvpConfigurations.benefitId, BENEFIT))).toEqual([]);
    },
  );

  it('accepts a booking window as a day or as an instant with its offset', async () => {
    const res = await send(
      'POST',
      '/api/admin/rsvp-config',
      admin,
      config({
        configName: 'Window',
        slotConfig: { bookingWindowStart: '2026-01-01', bookingWindowEnd: '2099-10-01T19:00:00+08:00' },
      }),
    );
    expect(res.statusCode).toBe(201);
    await t.db.delete(rsvpConfigurations).where(eq(rsvpConfigurations.benefitId, BENEFIT));
  });
});

describe('admin patterns and links', () => {
  it.each([
    ['^([A-Za-z]+\\s?)+$', 'repeats a repetition'],
    ['^(a*)*b$', 'repeats a repetition'],
    ['(\\w)\\1', 'cannot be checked safely'],
    ['(?<=x)y', 'cannot be checked safely'],
    ['([', 'not a valid regular expression'],
  ])('refuses the pattern %s at save', async (pattern, why) => {
    const fields = [{ fieldName: 'company', displayName: 'Company', fieldType: 'text', validation: { pattern } }];
    const res = await send('POST', '/api/admin/rsvp-config', admin, config({ formFields: fields }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(why);
  });

  it('checks a pattern stored before that rule in linear time', async () => {
    const res = await send('POST', '/api/admin/rsvp-config', admin, config({ configName: 'Patterned' }));
    expect(res.statusCode).toBe(201);
    // Written behind the API, as a configuration saved by an older version would be.
    await t.db
      .update(formFields)
      .set({ validation: { pattern: '^([A-Za-z]+\\s?)+$' } })
      .where(eq(formFields.fieldName, 'fullName'));
    const started = Date.now();
    const answer = await send('POST', `/api/rsvp/dynamic/${BENEFIT}`, member, {
      benefitId: BENEFIT,
      formData: { fullName: `${'a'.repeat(4000)}!`, arrival: '2026-10-01' },
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({ fullName: 'Full Name format is invalid' });
  });

  it('refuses a form date field that is not a date', async () => {
    const answer = await send('POST', `/api/rsvp/dynamic/${BENEFIT}`, member, {
      benefitId: BENEFIT,
      formData: { fullName: 'Hos Tile', arrival: 'garbage' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().fields).toEqual({ arrival: 'Arrival must be a date (YYYY-MM-DD)' });
    await t.db.delete(rsvpConfigurations).where(eq(rsvpConfigurations.benefitId, BENEFIT));
  });

  it.each(['javascript:alert(1)', '//evil.example', 'data:text/html,x', '/\\evil.example'])(
    'refuses the redirect %s',
    async (target) => {
      const res = await send(
        'POST',
        '/api/admin/rsvp-config',
        admin,
        config({ behavior: { redirectAfterSubmission: target } }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Enter a portal path such as /benefits or a full https:// address');
    },
  );

  it.each(['javascript:alert(1)//docs.google.com/spreadsheets', 'file:///etc/passwd'])(
    'refuses the sheet link %s',
    async (link) => {
      const res = await send('POST', '/api/admin/rsvp-config', admin, config({ sheetMapping: { tab1Url: link } }));
      expect(res.statusCode).toBe(400);
    },
  );
});

describe('admin uploads and imports', () => {
  it.each([
    ['/api/upload-image', 'image', 'multipart/form-data; boundary=zzfuzz'],
    ['/api/admin/benefits', 'logo', 'multipart/form-data; boundary=zzfuzz'],
    ['/api/upload-image', 'image', 'multipart/form-data'],
  ])('answers a cut-off or boundary-less form on %s with 400', async (url, field, type) => {
    const body = `--zzfuzz\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\nnot an image`;
    const res = await t.send('POST', url, admin, body, { headers: { 'content-type': type } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.invalidForm });
  });

  it('imports 8,000 members in one go, counting added and updated', async () => {
    const csv = (n: number, last: string) =>
      ['email,firstName,lastName', ...Array.from({ length: n }, (_, i) => `bulk-${i}@example.com,Bulk,${last}`)].join(
        '\n',
      );
    const post = (body: string) => t.post('/api/admin/members/import', admin, { csv: body });
    const first = await post(csv(8000, 'One'));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ added: 8000, updated: 0, rejected: [] });
    const again = await post(`${csv(8000, 'Two')}\nbulk-1@example.com,Dup,Row`);
    expect(again.json()).toMatchObject({ added: 0, updated: 8000 });
    expect(again.json().rejected).toHaveLength(1);
  });
});
