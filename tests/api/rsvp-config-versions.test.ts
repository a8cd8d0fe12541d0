import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, benefits, rsvpConfigurations } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 013: one configuration per benefit, a draft the wizard edits and numbered versions deploy makes live.
let t: TestApp;
let admin: string;
let member: string;
const BENEFIT = 'harbour-supper';
const ADMIN = 'organiser@example.com';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin(ADMIN);
  member = await t.signIn('diner@example.com');
  await t.db.insert(benefits).values({ id: BENEFIT, slug: BENEFIT, title: 'Harbour Supper', description: 'Supper.' });
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.send(method, url, admin, payload);
const base = `/api/admin/benefits/${BENEFIT}/rsvp-config`;
const field = (fieldName: string, displayName: string, over: Record<string, unknown> = {}) => ({
  fieldName,
  displayName,
  fieldType: 'text',
  isRequired: true,
  columnMapping: displayName,
  ...over,
});
const NAME = field('fullName', 'Full Name');
const EMAIL = field('email', 'Email', { fieldType: 'email' });
const COMPANY = field('company', 'Company', { isRequired: false, columnMapping: null });
const save = (formFields: object[], over: Record<string, unknown> = {}) =>
  send('POST', '/api/admin/rsvp-config', {
    benefitId: BENEFIT,
    configName: 'Harbour Supper RSVP',
    formFields,
    isActive: false,
    ...over,
  });
const memberFields = async () => {
  const res = await t.get(`/api/rsvp/configuration/${BENEFIT}`, member);
  return res.statusCode === 200 ? res.json().formFields.map((f: { fieldName: string }) => f.fieldName) : res.statusCode;
};
const auditOf = async (action: string) =>
  (await t.db.select().from(adminAudit).where(eq(adminAudit.action, action))).filter(
    (r) => (r.details as { benefitId?: string } | null)?.benefitId === BENEFIT,
  );

describe('configuration versions', () => {
  let configId = '';

  it('keeps a saved draft from members until it is deployed', async () => {
    const saved = await save([NAME, EMAIL]);
    expect(saved.statusCode).toBe(201);
    configId = saved.json().id;
    expect(await memberFields()).toBe(404);
    expect((await send('GET', `${base}/versions`)).json()).toEqual({ versions: [] });
    const deployed = await send('POST', `/api/admin/rsvp-config/${configId}/deploy`, {});
    expect(deployed.json()).toMatchObject({ success: true, version: 1, url: `/rsvp/${BENEFIT}` });
    expect(await memberFields()).toEqual(['fullName', 'email']);

    // The organiser edits: a field more and a new success message, saved but not deployed.
    const again = await save([NAME, EMAIL, COMPANY], { behavior: { successMessage: 'See you at the harbour.' } });
    expect(again.json().id).toBe(configId);
    expect(await memberFields()).toEqual(['fullName', 'email']);
    const live = await t.get(`/api/rsvp/configuration/${BENEFIT}`, member);
    expect(live.json().behavior.successMessage).not.toBe('See you at the harbour.');
  });

  it('shows the draft with its diff against the live version', async () => {
    const draft = (await send('GET', `${base}/draft`)).json();
    expect(draft).toMatchObject({ id: configId, benefitId: BENEFIT, live: { version: 1, live: true } });
    expect(draft.formFields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['fullName', 'email', 'company']);
    const diff = (await send('GET', `${base}/diff`)).json();
    expect(diff).toEqual({
      firstDeploy: false,
      fieldsAdded: [{ fieldName: 'company', displayName: 'Company' }],
      fieldsRemoved: [],
      fieldsChanged: [],
      orderChanged: false,
      settingsChanged: [
        {
          path: 'behavior.successMessage',
          from: 'Thank you! Your RSVP has been confirmed.',
          to: 'See you at the harbour.',
        },
      ],
      columnsToAdd: ['Company'],
    });
    // A renamed field and a removed one show as such.
    await save([field('fullName', 'Your name'), COMPANY]);
    const changed = (await send('GET', `${base}/diff`)).json();
    expect(changed.fieldsRemoved).toEqual([{ fieldName: 'email', displayName: 'Email' }]);
    expect(changed.fieldsChanged).toEqual([
      {
        fieldName: 'fullName',
        displayName: 'Your name',
        changes: [
          { path: 'columnMapping', from: 'Full Name', to: 'Your name' },
          { path: 'displayName', from: 'Full Name', to: 'Your name' },
        ],
      },
    ]);
    await save([NAME, EMAIL, COMPANY], { behavior: { successMessage: 'See you at the harbour.' } });
  });

  it('deploys the draft as the next version and lists who deployed each, and when', async () => {
    const deployed = await send('POST', `/api/admin/rsvp-config/${configId}/deploy`, {});
    expect(deployed.json()).toMatchObject({ success: true, version: 2 });
    expect(await memberFields()).toEqual(['fullName', 'email', 'company']);
    const { versions } = (await send('GET', `${base}/versions`)).json();
    expect(versions).toMatchObject([
      { version: 2, live: true, fieldCount: 3, deployedBy: ADMIN, configName: 'Harbour Supper RSVP' },
      { version: 1, live: false, fieldCount: 2, deployedBy: ADMIN },
    ]);
    expect(Date.parse(versions[0].deployedAt)).toBeGreaterThanOrEqual(Date.parse(versions[1].deployedAt));
    const diff = (await send('GET', `${base}/diff`)).json();
    expect(diff).toMatchObject({ fieldsAdded: [], fieldsRemoved: [], fieldsChanged: [], settingsChanged: [] });
    const audits = await auditOf('config.deploy');
    expect(audits.map((a) => [a.adminEmail, (a.details as { version: number }).version])).toEqual([
      [ADMIN, 1],
      [ADMIN, 2],
    ]);
  });

  it('restores an earlier version into the draft; members keep the live one until it is deployed', async () => {
    const restored = await send('POST', `${base}/versions/1/restore`, {});
    expect(restored.json()).toEqual({ id: configId, benefitId: BENEFIT, configName: 'Harbour Supper RSVP' });
    expect(await memberFields()).toEqual(['fullName', 'email', 'company']);
    const diff = (await send('GET', `${base}/diff`)).json();
    expect(diff.fieldsRemoved).toEqual([{ fieldName: 'company', displayName: 'Company' }]);
    expect(diff.settingsChanged.map((c: { path: string }) => c.path)).toEqual(['behavior.successMessage']);
    expect((await auditOf('config.restore')).map((a) => (a.details as { version: number }).version)).toEqual([1]);
    const deployed = await send('POST', `/api/admin/rsvp-config/${configId}/deploy`, {});
    expect(deployed.json().version).toBe(3);
    expect(await memberFields()).toEqual(['fullName', 'email']);
  });

  it('a benefit edit relinks the draft’s sheet and leaves live alone; saving never forks a configuration', async () => {
    const relinked = await send('PUT', `/api/admin/rsvp-config/${configId}`, {
      sheetMapping: { tab1Url: 'https://docs.google.com/spreadsheets/d/harbour/edit' },
    });
    expect(relinked.json()).toEqual({ id: configId, benefitId: BENEFIT, configName: 'Harbour Supper RSVP' });
    const rows = await t.db.select().from(rsvpConfigurations).where(eq(rsvpConfigurations.benefitId, BENEFIT));
    expect(rows.filter((r) => r.isDraft).map((r) => r.id)).toEqual([configId]);
    expect(rows.filter((r) => r.isActive).map((r) => [r.version, r.sheetMapping.tab1Url])).toEqual([[3, '']]);
    const diff = (await send('GET', `${base}/diff`)).json();
    expect(diff.settingsChanged).toEqual([
      { path: 'sheetMapping.tab1Url', from: '(none)', to: 'https://docs.google.com/spreadsheets/d/harbour/edit' },
    ]);
    expect((await auditOf('config.create')).length).toBeGreaterThanOrEqual(4);
  });

  it('saving with isActive publishes at once (API clients that save and deploy in one call)', async () => {
    const saved = await save([NAME], { isActive: true, configName: 'Harbour Supper, one field' });
    expect(saved.json().id).toBe(configId);
    expect(await memberFields()).toEqual(['fullName']);
    const { versions } = (await send('GET', `${base}/versions`)).json();
    expect(versions[0]).toMatchObject({ version: 4, live: true, configName: 'Harbour Supper, one field' });
  });
});

describe('bad requests', () => {
  it.each([
    ['a version that is no number', `${base}/versions/abc/restore`, 400],
    ['version 0', `${base}/versions/0/restore`, 400],
    ['a version never deployed', `${base}/versions/99/restore`, 404],
    ['a benefit without configuration', '/api/admin/benefits/nothing-here/rsvp-config/versions/1/restore', 404],
  ])('restoring %s answers %i with a code', async (_what, url, status) => {
    const res = await send('POST', url, {});
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ error: expect.any(String), code: status === 404 ? 'not_found' : 'bad_request' });
  });

  it('answers 404 for the draft or diff of a benefit without configuration, and 401 without an admin', async () => {
    for (const url of [
      '/api/admin/benefits/nothing-here/rsvp-config/draft',
      '/api/admin/benefits/nothing-here/rsvp-config/diff',
    ]) {
      const res = await send('GET', url);
      expect([res.statusCode, res.json().code]).toEqual([404, 'not_found']);
    }
    const anonymous = await t.get(`${base}/versions`);
    expect(anonymous.statusCode).toBe(401);
    expect((await t.get(`${base}/draft`, member)).statusCode).toBe(401);
  });

  it('a refused save leaves the draft and its audit as they were', async () => {
    const before = (await send('GET', `${base}/draft`)).json();
    const audits = (await t.db.select().from(adminAudit)).length;
    const bad = await save([NAME, { ...EMAIL, fieldName: 'full name' }]);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'bad_request']);
    const unsafe = await save([{ ...NAME, validation: { pattern: '(a+)+$' } }]);
    expect(unsafe.statusCode).toBe(400);
    expect((await send('GET', `${base}/draft`)).json()).toEqual(before);
    expect((await t.db.select().from(adminAudit)).length).toBe(audits);
  });
});
