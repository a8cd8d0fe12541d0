import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { benefits, formFields, rsvpConfigurations } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 021: an admin's pattern is checked on RE2 (linear) wherever it runs; what RE2 cannot run, or what repeats a
// repetition, is refused at save with invalid_pattern and writes nothing.
let t: TestApp;
let member: string;
let admin: string;
const BENEFIT = 'pattern-brunch';

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 10_000 });
  member = await t.signIn('pattern@example.com', 'Pat', 'Tern');
  admin = await t.signInAdmin();
  await t.db.insert(benefits).values({ id: BENEFIT, slug: BENEFIT, title: 'Brunch', description: 'Brunch.' });
});
afterAll(() => t.close());

const save = (pattern: string) =>
  t.post('/api/admin/rsvp-config', admin, {
    benefitId: BENEFIT,
    configName: 'Pattern brunch',
    formFields: [
      { fieldName: 'code', displayName: 'Member Code', fieldType: 'text', isRequired: true, validation: { pattern } },
    ],
  });
const answer = (code: string, cookie = member) =>
  t.post(`/api/rsvp/dynamic/${BENEFIT}`, cookie, { benefitId: BENEFIT, formData: { code } });
const stored = () => t.db.select().from(rsvpConfigurations).where(eq(rsvpConfigurations.benefitId, BENEFIT));

describe('admin patterns at save', () => {
  it.each([
    ['(\\w)\\1', 'cannot be checked safely'],
    ['(?=a)b', 'cannot be checked safely'],
    ['a{1,100000}', 'cannot be checked safely'],
    ['(?i)abc', 'not a valid regular expression'], // RE2 reads it, JavaScript does not: refused, not guessed
    ['^(a+)+$', 'repeats a repetition'],
    ['(x+x+)+y', 'repeats a repetition'],
  ])('refuses %s with 400 invalid_pattern, writing nothing', async (pattern, why) => {
    const res = await save(pattern);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ERROR_CODE.invalidPattern);
    expect(res.json().error).toContain(`The pattern of "Member Code"`);
    expect(res.json().error).toContain(why);
    expect(await stored()).toEqual([]);
  });
});

describe('catastrophic patterns for backtracking engines', () => {
  it.each([
    ['^(a|a)*$', 'a'],
    ['^(a|aa)+$', 'a'],
    ['^(\\w|\\d)+$', '1'],
  ])('%s is checked on RE2: 40 characters answer at once, right either way', async (pattern, unit) => {
    expect((await save(pattern)).statusCode).toBe(201);
    const started = Date.now();
    const bad = await answer(`${unit.repeat(40)}!`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect([bad.statusCode, bad.json().fields]).toEqual([400, { code: 'Member Code format is invalid' }]);
    // 5,000 characters (the longest answer) as well.
    const before = Date.now();
    expect((await answer(`${unit.repeat(4999)}!`)).statusCode).toBe(400);
    expect(Date.now() - before).toBeLessThan(1000);
    await t.db.delete(rsvpConfigurations).where(eq(rsvpConfigurations.benefitId, BENEFIT));
  });

  it('books with an answer the pattern takes', async () => {
    expect((await save('^(a|a)*$')).statusCode).toBe(201);
    const ok = await answer('a'.repeat(40));
    expect(ok.statusCode, ok.body).toBeLessThan(300);
  });

  it('a pattern stored before the save check that RE2 cannot read does not lock members out', async () => {
    await t.db.delete(rsvpConfigurations).where(eq(rsvpConfigurations.benefitId, BENEFIT));
    expect((await save('^a+$')).statusCode).toBe(201);
    // Written behind the API, as a configuration saved by an older version could be.
    await t.db
      .update(formFields)
      .set({ validation: { pattern: '(\\w)\\1' } })
      .where(eq(formFields.fieldName, 'code'));
    const res = await answer('xy', await t.signIn('pattern-late@example.com', 'Late'));
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});
