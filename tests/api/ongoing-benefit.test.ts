import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamicEventId } from '../../src/server/features/rsvp/dynamic-rsvp.ts';
import { benefitLogo, postBenefit } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 023: the spec's own create call (admin spec §7) carries no schedule; such a benefit is an ongoing offer.
let t: TestApp;
let admin: string;
let member: string;
let logo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  member = await t.signIn('ongoing@example.com', 'Ona');
  logo = await benefitLogo();
});
afterAll(() => t.close());

const SPEC_FIELDS = {
  benefitName: 'Jet Lounge',
  benefitDescription: 'Lounge access for pass holders, all week.',
  buttonText: 'Claim',
  partnerContactEmail: 'lounge@partner.example',
  excelTab1Link: 'https://docs.google.com/spreadsheets/d/lounge/edit',
};

const create = (fields: Record<string, string>) => postBenefit(t.app, admin, fields, logo);

describe('a benefit created as the spec writes the call', () => {
  it.each([
    ['without excelTab2Link', SPEC_FIELDS],
    [
      'with excelTab2Link',
      {
        ...SPEC_FIELDS,
        benefitName: 'Jet Lounge Plus',
        excelTab2Link: 'https://docs.google.com/spreadsheets/d/lounge/edit#gid=2',
      },
    ],
  ])('answers 201 %s and members see an ongoing offer', async (_, fields) => {
    const res = await create(fields);
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const tile = (await t.get(`/api/benefits/${id}`, member)).json();
    expect(tile).toMatchObject({ id, title: fields.benefitName, dateLabel: 'Ongoing', actionTarget: `/rsvp/${id}` });
    const list = (await t.get('/api/benefits', member)).json();
    expect(list.find((b: { id: string }) => b.id === id)?.dateLabel).toBe('Ongoing');
    // The admin form shows it back as the ongoing choice, without an end.
    const read = (await t.get(`/api/admin/benefits/${id}`, admin)).json();
    expect(read.event).toMatchObject({ schedule: 'ongoing', endDate: '', startDate: '' });
    // It never ends: a member books it in one click while it has no form (decision 023).
    const booked = await t.post(`/api/rsvp/${encodeURIComponent(dynamicEventId(id))}`, member, {});
    expect([booked.statusCode, booked.json().status]).toEqual([201, 'confirmed']);
  });

  it('takes the ongoing choice explicitly, ignoring stray dates', async () => {
    const res = await create({
      ...SPEC_FIELDS,
      benefitName: 'Spa Forever',
      schedule: 'ongoing',
      endDate: '2031-01-01',
    });
    expect(res.statusCode).toBe(201);
    const read = (await t.get(`/api/admin/benefits/${res.json().id}`, admin)).json();
    expect(read.event).toMatchObject({ schedule: 'ongoing', endDate: '' });
  });

  it('turns a dated offer into an ongoing one on edit, and back', async () => {
    const { id } = (
      await create({ ...SPEC_FIELDS, benefitName: 'Tailor', schedule: 'until', endDate: '2032-03-31' })
    ).json();
    const put = (over: Record<string, string>) =>
      t.put(`/api/admin/benefits/${id}`, admin, { ...SPEC_FIELDS, benefitName: 'Tailor', ...over });
    const label = async () => (await t.get(`/api/benefits/${id}`, member)).json().dateLabel;
    expect(await label()).toBe('Until 31 March 2032');
    expect((await put({ schedule: 'ongoing' })).statusCode).toBe(200);
    expect(await label()).toBe('Ongoing');
    expect((await put({ schedule: 'until', endDate: '2032-04-30' })).statusCode).toBe(200);
    expect(await label()).toBe('Until 30 April 2032');
  });

  it('still refuses an unknown schedule', async () => {
    const res = await create({ ...SPEC_FIELDS, benefitName: 'Never', schedule: 'sometime' });
    expect([res.statusCode, res.json().error]).toEqual([400, 'Choose when it happens']);
  });

  it('tells admins what members find: one-click until a form is live, then the form (decision 023)', async () => {
    const { id } = (await create({ ...SPEC_FIELDS, benefitName: 'Cigar Room' })).json();
    const stateOf = async (benefitId: string) =>
      (await t.get('/api/admin/benefits', admin)).json().find((r: { id: string }) => r.id === benefitId)?.formState;
    expect(await stateOf(id)).toBe('one-click');
    expect(await stateOf('sap-night')).toBeNull(); // the seeded evening books through its own page
    const saved = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: id,
      configName: 'Cigar Room RSVP',
      isActive: false,
      formFields: [{ fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true }],
    });
    expect(saved.statusCode).toBe(201);
    expect(await stateOf(id)).toBe('one-click'); // a draft is not what members see
    const deployed = await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {});
    expect(deployed.statusCode).toBe(200);
    expect(await stateOf(id)).toBe('live');
  });
});
