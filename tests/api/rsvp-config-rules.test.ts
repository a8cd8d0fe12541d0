import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_MSG, type CreateConfigInput } from '#common/rsvp-config.ts';
import { REDIRECT_TARGET_MSG } from '#common/urls.ts';
import { rsvpConfigurations } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 012: every rule the wizard enforces, the server enforces too, with the same words; nothing half-written.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
});
afterAll(() => t.close());

const field = (over: Record<string, unknown> = {}) => ({
  fieldName: 'fullName',
  displayName: 'Full Name',
  fieldType: 'text',
  ...over,
});
const config = (over: Partial<CreateConfigInput> = {}): CreateConfigInput => ({
  benefitId: 'wristcheck',
  configName: 'Rules',
  formFields: [field() as CreateConfigInput['formFields'] extends (infer F)[] | undefined ? F : never],
  ...over,
});
const post = (body: unknown) => t.post('/api/admin/rsvp-config', admin, body as object);
const fields = (...list: Record<string, unknown>[]) => list as unknown as CreateConfigInput['formFields'];

describe('RSVP configuration rules on the server', () => {
  it.each([
    [
      'a field name with a space',
      config({ formFields: fields(field({ fieldName: 'full name' })) }),
      CONFIG_MSG.fieldNameRule,
    ],
    [
      'a field name starting with a digit',
      config({ formFields: fields(field({ fieldName: '2nd' })) }),
      CONFIG_MSG.fieldNameRule,
    ],
    [
      'two fields with one name',
      config({ formFields: fields(field(), field({ displayName: 'Again' })) }),
      CONFIG_MSG.fieldNameTaken('fullName'),
    ],
    [
      'a radio without options',
      config({ formFields: fields(field({ fieldType: 'radio', options: [] })) }),
      CONFIG_MSG.radioOptions,
    ],
    [
      'min above max',
      config({ formFields: fields(field({ fieldType: 'number', validation: { min: 5, max: 1 } })) }),
      CONFIG_MSG.range,
    ],
    [
      'min length above max length',
      config({ formFields: fields(field({ validation: { minLength: 9, maxLength: 2 } })) }),
      CONFIG_MSG.lengthRange,
    ],
    [
      'an invalid pattern',
      config({ formFields: fields(field({ validation: { pattern: '([a-z' } })) }),
      'The pattern of "Full Name" is not a valid regular expression',
    ],
    [
      'a pattern with nested repetition',
      config({ formFields: fields(field({ validation: { pattern: '^(a+)+$' } })) }),
      'The pattern of "Full Name" repeats a repetition (such as (a+)+), which can make checking an answer very slow',
    ],
    [
      'a javascript: redirect',
      config({ behavior: { redirectAfterSubmission: 'javascript:alert(1)' } }),
      REDIRECT_TARGET_MSG,
    ],
    [
      'a protocol-relative redirect',
      config({ behavior: { redirectAfterSubmission: '//evil.example' } }),
      REDIRECT_TARGET_MSG,
    ],
    [
      'an impossible window date',
      config({ slotConfig: { bookingWindowStart: '2031-02-30' } }),
      'Use a date (YYYY-MM-DD)',
    ],
    [
      'a slot field the form does not have',
      config({ slotConfig: { hasSlots: true, slotField: 'timeSlot' } }),
      CONFIG_MSG.roleUnknown('time slot field', 'timeSlot'),
    ],
    [
      'the date column as the slot field',
      config({
        formFields: fields(field({ fieldName: 'selectedDate', displayName: 'Date', fieldType: 'select' })),
        slotConfig: { hasSlots: true, slotField: 'selectedDate', dateField: 'selectedDate' },
      }),
      CONFIG_MSG.slotIsDate,
    ],
  ])('refuses %s with a 400 and the wizard’s words, writing nothing', async (_name, body, message) => {
    const before = (await t.db.select().from(rsvpConfigurations)).length;
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
    expect((await t.db.select().from(rsvpConfigurations)).length).toBe(before);
  });

  it('takes a configuration that keeps every rule', async () => {
    const res = await post(
      config({
        formFields: fields(
          field(),
          field({ fieldName: 'timeSlot', displayName: 'Time Slot', fieldType: 'select' }),
          field({ fieldName: 'selectedDate', displayName: 'Date', fieldType: 'select' }),
        ),
        slotConfig: { hasSlots: true, slotField: 'timeSlot', dateField: 'selectedDate' },
        behavior: { redirectAfterSubmission: '/benefits' },
      }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('keeps one configuration per benefit: a second save updates its draft, live stays as deployed, an edit never renames', async () => {
    const body = (over: Partial<CreateConfigInput>) => config({ benefitId: 'jai-one-siam', ...over });
    const first = await post(body({ configName: 'JAI form', isActive: true }));
    expect(first.statusCode).toBe(201);
    const again = await post(body({ configName: 'JAI form, edited', isActive: false }));
    expect(again.json()).toMatchObject({ id: first.json().id, configName: 'JAI form, edited' });
    const rows = await t.db.select().from(rsvpConfigurations).where(eq(rsvpConfigurations.benefitId, 'jai-one-siam'));
    // One draft (the configuration being edited) and the version the first save published.
    const shape = (r: (typeof rows)[number]) => [r.configName, r.isDraft, r.isActive, r.version];
    expect(rows.map(shape)).toEqual(
      expect.arrayContaining([
        ['JAI form', false, true, 1],
        ['JAI form, edited', true, false, null],
      ]),
    );
    expect(rows).toHaveLength(2);
    // A benefit edit relinks the sheet only: the configuration keeps its name.
    const relinked = await t.put(`/api/admin/rsvp-config/${first.json().id}`, admin, {
      sheetMapping: { tab1Url: 'https://docs.google.com/spreadsheets/d/jai/edit' },
    });
    expect(relinked.json()).toMatchObject({ configName: 'JAI form, edited' });
  });
});
