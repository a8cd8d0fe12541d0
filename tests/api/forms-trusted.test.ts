import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DynamicField, type FormRoles, isYes } from '#common/dynamic-form.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { ProcessSheetsAnswer } from '#common/sheets.ts';
import { applyProcessed, emptyDraft, toPayload } from '../../src/client/features/admin/rsvp-wizard/draft.ts';
import { benefits } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// DESIGN §8, decision 049: whatever the sheet's layout and however the form was made (the spec's own call with only
// `slotConfig: {hasSlots: true}`, or the wizard's proposal and Deploy), every slot a member is offered books as
// offered, and a submit without a slot on a slotted form is refused.
let t: TestApp;
let admin: string;

const link = (id: string) => `https://docs.google.com/spreadsheets/d/${id}/edit`;

/** Layouts of our own, beside the demo sheets: Tab 1's header and Tab 2's rows. */
const OWN: Record<string, { tab1: string; tab2?: string }> = {
  // The red team's form: no RSVP question, "Boarding time *" required.
  'own-time-only': {
    tab1: 'Full Name,Email,Boarding time *',
    tab2: 'Time Slot,Bookable Slots\n09:00-10:00,2\n10:00-11:00,2',
  },
  'own-date-time': {
    tab1: 'Full Name,Email,RSVP,Date,Time Slot,Comments',
    tab2: 'Date,Time Slot,Bookable Slots\n2031-10-01,10:00-11:00,2\n2031-10-02,10:00-11:00,2\n2031-10-02,14:00-15:00,2',
  },
  'own-slot-no-rsvp': {
    tab1: 'Name,Email,Date,Session',
    tab2: 'Date,Session,Capacity\n2031-10-03,18:00-19:00,3\n2031-10-04,18:00-19:00,3',
  },
  // An RSVP question and slots in Tab 2, but no slot column in Tab 1: processing proposes one.
  'own-rsvp-no-slot': {
    tab1: 'Full Name,Email,Attending,Comments',
    tab2: 'Time Slot,Bookable Slots\n12:00-13:00,4',
  },
  'own-renamed': {
    tab1: 'Your name,E-mail,Coming? (Yes/No),Day,Seating',
    tab2: 'Day,Seating,Seats,Taken\n2031-10-05,19:00-21:00,5,0\n2031-10-06,19:00-21:00,5,0',
  },
  'own-rsvp-only': { tab1: 'Full Name,Email,RSVP,Comments' },
};

const DEMO: { id: string; tab1: string; tab2?: string }[] = [
  { id: 'demo-yacht-brunch', tab1: 'Form Submissions', tab2: 'Slot Logic' },
  { id: 'demo-gallery-walk', tab1: 'Form Submissions', tab2: 'Slot Logic' },
  { id: 'demo-rooftop-sunset', tab1: 'Form Submissions', tab2: 'Slot Logic' },
  { id: 'demo-golf-bangkok', tab1: 'Réponses', tab2: 'Créneaux' },
  { id: 'demo-chef-table', tab1: 'Form Submissions', tab2: 'Slot Logic' },
  { id: 'demo-founders-breakfast', tab1: 'Form Submissions' },
];
const LAYOUTS = [
  ...DEMO,
  ...Object.entries(OWN).map(([id, l]) => ({
    id,
    tab1: 'Form Submissions',
    ...(l.tab2 ? { tab2: 'Slot Logic' } : {}),
  })),
];

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 100_000 });
  admin = await t.signInAdmin();
  for (const [id, l] of Object.entries(OWN)) {
    fs.mkdirSync(path.join(t.sheets.dir, id));
    fs.writeFileSync(path.join(t.sheets.dir, id, 'Form Submissions.csv'), `${l.tab1}\n`);
    if (l.tab2) fs.writeFileSync(path.join(t.sheets.dir, id, 'Slot Logic.csv'), `${l.tab2}\n`);
  }
});
afterAll(() => t.close());

type Live = { formFields: DynamicField[]; roles: FormRoles; slotConfig: { hasSlots: boolean } };
type Offered = { hasDateAndTime: boolean; slotData: { time: string; date: string | null; remainingSlots: number }[] };

async function addBenefit(id: string) {
  await t.db.insert(benefits).values({ id, slug: id, title: id, description: 'A form.', action: 'page' });
}

function sheetOf(layout: (typeof LAYOUTS)[number]) {
  return {
    tab1Url: link(layout.id),
    tab1Name: layout.tab1,
    ...(layout.tab2 ? { tab2Url: link(layout.id), tab2Name: layout.tab2 } : {}),
  };
}

async function processed(layout: (typeof LAYOUTS)[number]): Promise<ProcessSheetsAnswer> {
  const res = await t.post('/api/sheets/process', admin, sheetOf(layout));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The spec's call: the processed fields, `slotConfig: {hasSlots: true}` and nothing else (published at once). */
async function bySpecCall(benefitId: string, layout: (typeof LAYOUTS)[number]) {
  await addBenefit(benefitId);
  const answer = await processed(layout);
  const res = await t.post('/api/admin/rsvp-config', admin, {
    benefitId,
    configName: benefitId,
    formFields: answer.tab1Headers,
    slotConfig: { hasSlots: true },
    sheetMapping: sheetOf(layout),
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The wizard's path: its proposal from step 1 (plus a number field keyed yearsAttending), saved, then deployed. */
async function byWizard(benefitId: string, layout: (typeof LAYOUTS)[number]) {
  await addBenefit(benefitId);
  const answer = await processed(layout);
  const [first] = answer.tab1Headers;
  if (!first) throw new Error('no fields');
  const years = { ...first, fieldName: 'yearsAttending', displayName: 'Years attending', fieldType: 'number' as const };
  Object.assign(years, { isVisible: true, isRequired: false, options: [], validation: {}, columnMapping: '' });
  const draft = applyProcessed(
    { ...emptyDraft(), benefitId, configName: benefitId },
    { ...answer, tab1Headers: [years, ...answer.tab1Headers] },
  );
  const sheet = sheetOf(layout);
  const mapping = { tab2Url: null, tab2Name: null, ...sheet };
  const saved = await t.post('/api/admin/rsvp-config', admin, toPayload(draft, mapping));
  expect(saved.statusCode, saved.body).toBe(201);
  const deployed = await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {});
  expect(deployed.statusCode, deployed.body).toBe(200);
}

/** What a member fills in: every required question, the RSVP yes, and the offered slot in its roles. */
function answersFor(live: Live, email: string, slot: Offered['slotData'][number] | null) {
  const { roles } = live;
  const data: Record<string, unknown> = {};
  for (const f of live.formFields) {
    const yes = f.options?.find((o) => isYes(o)) ?? 'Yes';
    const no = f.options?.find((o) => /^(no|non)$/i.test(o)) ?? 'No';
    if (f.fieldName === roles.slot) data[f.fieldName] = slot?.time ?? '';
    else if (f.fieldName === roles.date) data[f.fieldName] = slot?.date ?? '';
    else if (f.fieldName === roles.rsvp) data[f.fieldName] = f.fieldType === 'checkbox' ? true : yes;
    else if (f.fieldName === roles.tour || f.fieldName === roles.guestStatus) data[f.fieldName] = no;
    else if (f.fieldType === 'email') data[f.fieldName] = email;
    else if (!f.isRequired) continue;
    else if (f.fieldType === 'checkbox') data[f.fieldName] = true;
    else if (f.fieldType === 'number') data[f.fieldName] = f.validation?.min ?? 0;
    else if (f.fieldType === 'date') data[f.fieldName] = '2031-10-01';
    else if (f.fieldType === 'time') data[f.fieldName] = '10:00';
    else if (f.fieldType === 'tel') data[f.fieldName] = '+6591234567';
    else if (f.options?.length) data[f.fieldName] = f.options[0];
    else data[f.fieldName] = 'Ada Lovelace';
  }
  return data;
}

async function readForm(benefitId: string, member: string) {
  const get = (url: string) => t.get(url, member);
  const live = (await get(`/api/rsvp/configuration/${benefitId}`)).json() as Live;
  const offered = (await get(`/api/rsvp/slot-logic/${benefitId}`)).json() as Offered;
  return { live, offered };
}

describe.each(LAYOUTS)('layout $id', (layout) => {
  describe.each([
    ['the spec call', bySpecCall],
    ['the wizard', byWizard],
  ] as const)('made by %s', (how, make) => {
    const benefitId = `${layout.id}-${how === 'the wizard' ? 'wizard' : 'spec'}`;
    const email = (n: string) => `${benefitId}.${n}@example.com`.toLowerCase();

    beforeAll(() => make(benefitId, layout));

    it('offers each slot through the form: a slot question, and a day question for slots on several days', async () => {
      const { live, offered } = await readForm(benefitId, await t.signIn(email('reader')));
      expect(offered.slotData.length > 0).toBe(Boolean(layout.tab2));
      if (offered.slotData.length === 0) return;
      expect(live.roles.slot, 'the slot question').toBeDefined();
      expect(live.formFields.some((f) => f.fieldName === live.roles.slot)).toBe(true);
      expect(Boolean(live.roles.date)).toBe(offered.hasDateAndTime);
      // Never a number as the RSVP status, whatever the fields are called.
      expect(live.roles.rsvp).not.toBe('yearsAttending');
    });

    it('books every offered slot as offered, and counts it on that slot', async () => {
      const { live, offered } = await readForm(benefitId, await t.signIn(email('reader2')));
      const slots = offered.slotData.length > 0 ? offered.slotData : [null];
      for (const [i, slot] of slots.entries()) {
        const who = email(`b${i}`);
        const member = await t.signIn(who);
        const res = await t.post(`/api/rsvp/dynamic/${benefitId}`, member, { formData: answersFor(live, who, slot) });
        expect(res.statusCode, `${JSON.stringify(slot)}: ${res.body}`).toBe(201);
        expect(res.json().status).toBe('confirmed');
        if (!slot) continue;
        const after = (await readForm(benefitId, member)).offered.slotData.find(
          (s) => s.time === slot.time && s.date === slot.date,
        );
        expect(after?.remainingSlots ?? 0, 'the place is held on the slot').toBe(slot.remainingSlots - 1);
      }
    });

    it('refuses a submit without a slot on a slotted form', async ({ skip }) => {
      const who = email('noslot');
      const member = await t.signIn(who);
      const { live, offered } = await readForm(benefitId, member);
      if (offered.slotData.length === 0) skip();
      const first = offered.slotData[0] ?? null;
      const res = await t.post(`/api/rsvp/dynamic/${benefitId}`, member, {
        formData: { ...answersFor(live, who, first), [live.roles.slot as string]: '' },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe(ERROR_CODE.invalidForm);
      expect(Object.keys(res.json().fields)).toContain(live.roles.slot);
    });
  });
});

describe('roles an organiser controls', () => {
  const field = (fieldName: string, fieldType: string, displayName = fieldName) => ({
    fieldName,
    displayName,
    fieldType,
    isVisible: true,
  });
  const fields = [
    field('fullName', 'text', 'Full Name'),
    field('yearsAttending', 'number', 'Years attending'),
    field('rsvp', 'radio', 'RSVP'),
    field('guests', 'text', 'Guests'),
    field('timeSlot', 'select', 'Boarding time'),
  ].map((f) => (f.fieldType === 'radio' ? { ...f, options: ['Yes', 'No'] } : f));
  const save = (slotConfig: object) =>
    t.post('/api/admin/rsvp-config', admin, {
      benefitId: 'roles-typed',
      configName: 'Roles',
      formFields: fields,
      slotConfig,
      isActive: false,
    });

  it('refuses a number as the RSVP status, and a text as the guest count, naming both', async () => {
    const res = await save({ hasSlots: true, rsvpStatusField: 'yearsAttending', guestCountField: 'guests' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: ERROR_CODE.invalidRoles,
      error:
        'The RSVP status field cannot be "Years attending": it is a number field, and an RSVP status field must be a radio, select, checkbox or text field',
    });
    expect(Object.keys(res.json().fields)).toEqual(['slotConfig.rsvpStatusField', 'slotConfig.guestCountField']);
  });

  it('takes None for any role, and refuses the same contradiction on an edit', async () => {
    const none = { hasSlots: true, slotField: 'timeSlot', rsvpStatusField: '', guestCountField: '', dateField: '' };
    const saved = await save(none);
    expect(saved.statusCode, saved.body).toBe(201);
    const edit = await t.put(`/api/admin/rsvp-config/${saved.json().id}`, admin, {
      slotConfig: { ...none, slotField: 'yearsAttending' },
    });
    expect([edit.statusCode, edit.json().code]).toEqual([400, ERROR_CODE.invalidRoles]);
  });
});

describe('sheet tabs', () => {
  const brunch = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit';
  const process = (body: object) => t.post('/api/sheets/process', admin, body);

  it('answers a wrong tab name with the tabs there are', async () => {
    const res = await process({ tab1Url: brunch, tab1Name: 'Responses' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('Tab "Responses" not found. Tabs in this sheet: Form Submissions, Slot Logic');
    const tab2 = await process({ tab1Url: brunch, tab1Name: 'Form Submissions', tab2Url: brunch, tab2Name: 'Slots' });
    expect(tab2.json().error).toBe('Tab "Slots" not found. Tabs in this sheet: Form Submissions, Slot Logic');
  });

  it('reads the tab a #gid names when no tab name is given', async () => {
    // The emulator numbers tabs in name order: gid 0 is Form Submissions, gid 1 Slot Logic.
    const res = await process({ tab1Url: `${brunch}#gid=0`, tab2Url: `${brunch}#gid=1` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tab1Headers.map((f: { fieldName: string }) => f.fieldName)).toContain('timeSlot');
    expect(res.json().tab2SlotLogic).toHaveLength(3);
    const missing = await process({ tab1Url: `${brunch}#gid=7` });
    expect([missing.statusCode, missing.json().error]).toEqual([
      422,
      'The link points to a tab (gid=7) this sheet does not have. Tabs in this sheet: Form Submissions, Slot Logic',
    ]);
    // A name given wins over the gid.
    const named = await process({ tab1Url: `${brunch}#gid=1`, tab1Name: 'Form Submissions' });
    expect(named.json().tab1Headers.length).toBeGreaterThan(3);
  });
});
