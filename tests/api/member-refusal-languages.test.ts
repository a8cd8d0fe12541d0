import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MSG } from '#common/bookings.ts';
import { alreadyRsvpdText, CONCIERGE_MSG } from '#common/concierge.ts';
import { DRAW_MSG } from '#common/draws.ts';
import { DYN_MSG } from '#common/dynamic-form.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { EVENING_MSG } from '#common/evening.ts';
import { formatInstant, zoneInput } from '#common/event-time.ts';
import type { Locale } from '#common/locales.ts';
import { OFFER_MSG } from '#common/offer-codes.ts';
import { RELEASE_MSG } from '#common/release-text.ts';
import { RSVP_MSG } from '#common/rsvp.ts';
import { TRANSFER_MSG } from '#common/transfers.ts';
import { benefits, bookings, eventDraws, eventSlots } from '../../src/server/db/schema.ts';
import { dynMessagesIn, formSchemasIn } from '../../src/server/lib/member-i18n.ts';
import { say, type WordKey, type WordValue, words } from '../../src/server/lib/member-words.ts';
import { conciergeBody } from '../support/bookings.ts';
import { createTestEvent, DAY, HOUR } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 072: what the server says to a member is in the member's language (the cookie, else the profile, else
// Accept-Language); with none of them it is the spec's English, byte for byte; the code never changes.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 1_000_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin('words-admin@example.com');
});
afterAll(() => t.close());

const TZ = 'Asia/Singapore';
type Reader = { name: string; locale: Locale; cookie: (email: string) => Promise<string> };
const READERS: Reader[] = [
  { name: 'profile zh-Hans', locale: 'zh-Hans', cookie: async (email) => withProfile(email, 'zh-Hans') },
  { name: 'cookie ja', locale: 'ja', cookie: async (email) => `${await t.signIn(email)}; lang=ja` },
  { name: 'no language', locale: 'en', cookie: (email) => t.signIn(email) },
];

/** A member who chose a language in the header: it is on their profile; the requests carry only the session. */
async function withProfile(email: string, locale: Locale) {
  const cookie = await t.signIn(email);
  expect((await t.put('/api/auth/locale', cookie, { locale })).statusCode).toBe(200);
  return cookie;
}

let n = 0;
const memberAs = (reader: Reader) => reader.cookie(`words-${reader.locale.toLowerCase()}-${++n}@example.com`);
const said = (reader: Reader, key: WordKey, values?: Record<string, WordValue>) =>
  say(words(key, values), reader.locale);

/** The refusal as the reader gets it: the same status and code whatever the language, the words in theirs. */
async function expectRefusal(
  res: Awaited<ReturnType<TestApp['post']>>,
  reader: Reader,
  status: number,
  code: string,
  english: string,
  key: WordKey,
  values?: Record<string, WordValue>,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(body.code).toBe(code);
  if (reader.locale === 'en') {
    expect(body).toEqual({ error: english, code });
    expect(res.headers['content-language']).toBeUndefined();
    return;
  }
  expect(body.error).toBe(said(reader, key, values));
  expect(body.error).not.toBe(english);
  expect(body.error).not.toMatch(/\b(the|this|you|Sorry|Dec|Jan|AM|PM)\b/i);
  expect(res.headers['content-language']).toBe(reader.locale);
}

const settings = (id: string, body: object) => t.put(`/api/admin/benefits/${id}/offer-codes/settings`, admin, body);
const upload = (id: string, codes: string[]) =>
  t.post(`/api/admin/benefits/${id}/offer-codes/upload`, admin, { text: codes.join('\n') });

describe("a member's refusals in their language", () => {
  it.each(READERS)('$name: sold out, already booked, and a transfer to themselves', async (reader) => {
    const id = `words-full-${reader.locale}`;
    await createTestEvent(t.db, id, { capacity: 1, bookingForm: 'none', timeZone: TZ });
    const first = await memberAs(reader);
    expect((await t.post(`/api/rsvp/${id}`, first)).statusCode).toBe(201);
    const again = await t.post(`/api/rsvp/${id}`, first);
    await expectRefusal(again, reader, 409, ERROR_CODE.alreadyBooked, RSVP_MSG.alreadyBooked, 'srv.rsvp.alreadyBooked');
    const late = await t.post(`/api/rsvp/${id}`, await memberAs(reader));
    await expectRefusal(late, reader, 409, ERROR_CODE.soldOut, RSVP_MSG.soldOut, 'srv.rsvp.soldOut');

    const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, id));
    const email = booking?.email ?? '';
    const toSelf = await t.post(`/api/me/bookings/${booking?.id}/transfer`, first, { email });
    await expectRefusal(toSelf, reader, 400, ERROR_CODE.badRequest, TRANSFER_MSG.toYourself, 'srv.transfer.toYourself');
  });

  it.each(READERS)('$name: a full tour slot, and a second tour booking naming the contact', async (reader) => {
    // The seeded tour's slot on 30 Sep, filled behind the app's back.
    const slot = and(
      eq(eventSlots.eventId, 'ap-house'),
      eq(eventSlots.slotDate, '2031-09-30'),
      eq(eventSlots.slotTime, '2:00pm-3:00pm'),
    );
    await t.db.update(eventSlots).set({ booked: 10 }).where(slot);
    const cookie = await memberAs(reader);
    const full = await t.post(
      '/api/ap-house/rsvp',
      cookie,
      conciergeBody('x@example.com', { selectedDate: '2031-09-30', timeSlot: '2:00pm-3:00pm' }),
    );
    await expectRefusal(full, reader, 409, ERROR_CODE.slotFull, RSVP_MSG.slotFull, 'srv.rsvp.slotFull');
    await t.db.update(eventSlots).set({ booked: 0 }).where(slot);

    expect((await t.post('/api/ap-house/rsvp', cookie, conciergeBody('x@example.com'))).statusCode).toBe(201);
    const twice = await t.post('/api/ap-house/rsvp', cookie, conciergeBody('x@example.com'));
    const contact = 'concierge@aphouse.example';
    const english = alreadyRsvpdText(contact);
    await expectRefusal(twice, reader, 409, ERROR_CODE.alreadyBooked, english, 'srv.rsvp.alreadyRsvpd', { contact });
  });

  it.each(READERS)('$name: a booking window that opens later, with its date in their words', async (reader) => {
    const id = `words-window-${reader.locale}`;
    const opens = new Date(Math.ceil((Date.now() + 10 * DAY) / HOUR) * HOUR);
    await createTestEvent(t.db, id, {
      capacity: 5,
      bookingForm: 'none',
      timeZone: TZ,
      config: { slotConfig: { bookingWindowStart: opens.toISOString() } },
    });
    const res = await t.post(`/api/rsvp/${id}`, await memberAs(reader));
    const english = BOOKING_MSG.notYetOpen(formatInstant(opens, TZ));
    const when = { at: opens, timeZone: TZ };
    await expectRefusal(res, reader, 409, ERROR_CODE.bookingWindow, english, 'srv.booking.notYetOpen', { when });
    if (reader.locale !== 'en') expect(res.json().error).toContain(formatInstant(opens, TZ, reader.locale));
  });

  it.each(READERS)('$name: an offer whose claims open later, and one already claimed', async (reader) => {
    const id = `words-offer-${reader.locale}`;
    await createTestEvent(t.db, id, { capacity: null, bookingForm: 'none', timeZone: TZ, config: { slotConfig: {} } });
    expect((await upload(id, [`W-${reader.locale}-1`, `W-${reader.locale}-2`])).statusCode).toBe(200);
    expect((await settings(id, { mode: 'codes', perMemberLimit: 1 })).statusCode).toBe(200);
    const cookie = await memberAs(reader);
    expect((await t.post(`/api/rsvp/${id}`, cookie)).statusCode).toBe(201);
    const twice = await t.post(`/api/rsvp/${id}`, cookie);
    await expectRefusal(
      twice,
      reader,
      409,
      ERROR_CODE.claimLimit,
      OFFER_MSG.limitReached(1),
      'srv.offer.limitReachedOnce',
    );

    const opens = new Date(Math.ceil((Date.now() + DAY) / HOUR) * HOUR);
    await settings(id, { mode: 'codes', perMemberLimit: 1, claimOpensAt: opens.toISOString() });
    const early = await t.post(`/api/rsvp/${id}`, await memberAs(reader));
    const english = OFFER_MSG.notOpenYet(formatInstant(opens, TZ));
    const when = { at: opens, timeZone: TZ };
    await expectRefusal(early, reader, 409, ERROR_CODE.claimWindow, english, 'srv.offer.notOpenYet', { when });

    // As far off as an admin may set it: past 9999 in the event's zone, still written in the reader's language.
    const farOff = new Date('9999-12-31T23:59:59Z');
    await settings(id, { mode: 'codes', perMemberLimit: 1, claimOpensAt: farOff.toISOString() });
    const far = await t.post(`/api/rsvp/${id}`, await memberAs(reader));
    const farWhen = { when: { at: farOff, timeZone: TZ } };
    const farEnglish = OFFER_MSG.notOpenYet(formatInstant(farOff, TZ));
    await expectRefusal(far, reader, 409, ERROR_CODE.claimWindow, farEnglish, 'srv.offer.notOpenYet', farWhen);
  });

  it.each(READERS)('$name: a draw whose entries have closed', async (reader) => {
    const id = `words-draw-${reader.locale}`;
    await createTestEvent(t.db, id, { capacity: 3, bookingForm: 'none', timeZone: TZ });
    const at = (ms: number) => zoneInput(new Date(Date.now() + ms), TZ);
    const draw = { opensAt: at(-HOUR), closesAt: at(HOUR), drawAt: at(2 * HOUR), losers: 'waitlist' };
    expect((await t.put(`/api/admin/events/${id}/draw`, admin, draw)).statusCode).toBe(200);
    const closed = new Date(Math.floor((Date.now() - 1000) / 60_000) * 60_000);
    await t.db.update(eventDraws).set({ closesAt: closed }).where(eq(eventDraws.eventId, id));
    const res = await t.post(`/api/rsvp/${id}`, await memberAs(reader));
    const english = DRAW_MSG.closed(formatInstant(closed, TZ));
    const when = { at: closed, timeZone: TZ };
    await expectRefusal(res, reader, 409, ERROR_CODE.drawClosed, english, 'srv.draw.closed', { when });
  });

  it.each(READERS)("$name: a waitlist place's message is theirs too", async (reader) => {
    const id = `words-wait-${reader.locale}`;
    await createTestEvent(t.db, id, {
      capacity: 1,
      bookingForm: 'none',
      timeZone: TZ,
      config: { slotConfig: { allowWaitlist: true } },
    });
    expect((await t.post(`/api/rsvp/${id}`, await memberAs(reader))).statusCode).toBe(201);
    const res = await t.post(`/api/rsvp/${id}`, await memberAs(reader));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    const expected =
      reader.locale === 'en' ? BOOKING_MSG.waitlisted(1) : said(reader, 'srv.booking.waitlisted', { position: 1 });
    expect(res.json().message).toBe(expected);
    expect(res.headers['content-language']).toBe(reader.locale === 'en' ? undefined : reader.locale);
  });
});

describe("a form's own checks in their language", () => {
  it.each(READERS)('$name: a missing answer, then the terms not accepted', async (reader) => {
    const id = `words-form-${reader.locale}`;
    await t.db.insert(benefits).values({ id, slug: id, title: 'Words Brunch', description: 'x' });
    const saved = await t.post('/api/admin/rsvp-config', admin, {
      benefitId: id,
      configName: `${id} RSVP`,
      formFields: [
        { fieldName: 'fullName', displayName: 'Full Name', fieldType: 'text', isRequired: true },
        { fieldName: 'email', displayName: 'Email', fieldType: 'email', isRequired: true },
      ],
      behavior: { requireTermsAcceptance: true, termsText: 'No refunds.' },
    });
    expect((await t.post(`/api/admin/rsvp-config/${saved.json().id}/deploy`, admin, {})).statusCode).toBe(200);
    const cookie = await memberAs(reader);
    const messages = dynMessagesIn(reader.locale);
    const blank = await t.post(`/api/rsvp/dynamic/${id}`, cookie, { formData: { email: 'f@example.com' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      error: `${messages.validationLead} Full Name`,
      code: ERROR_CODE.invalidForm,
      fields: { fullName: messages.required('Full Name') },
    });
    const formData = { fullName: 'Fay Form', email: 'f@example.com' };
    const terms = await t.post(`/api/rsvp/dynamic/${id}`, cookie, { formData });
    expect(terms.json()).toEqual({
      error: messages.termsRequired,
      code: ERROR_CODE.invalidForm,
      fields: { acceptTerms: messages.termsRequired },
    });
    if (reader.locale === 'en') expect(terms.json().error).toBe(DYN_MSG.termsRequired);
    else expect(terms.json().error).not.toMatch(/[A-Za-z]/);
    expect(terms.headers['content-language']).toBe(reader.locale === 'en' ? undefined : reader.locale);
  });
});

describe("the spec's forms' own checks in their language", () => {
  it.each(READERS)('$name: a tour without a name, an evening without an RSVP', async (reader) => {
    const cookie = await memberAs(reader);
    const forms = formSchemasIn(reader.locale);
    const tourBody = conciergeBody('x@example.com', { fullName: ' ' });
    const eveningBody = { fullName: 'Eve', email: 'e@example.com' };
    const sent = [
      [await t.post('/api/ap-house/rsvp', cookie, tourBody), CONCIERGE_MSG.fullName, forms.concierge, tourBody],
      [await t.post('/api/rsvp/sap-night', cookie, eveningBody), EVENING_MSG.rsvp, forms.evening, eveningBody],
    ] as const;
    for (const [res, english, schema, body] of sent) {
      expect(res.statusCode).toBe(400);
      const theirs = schema.safeParse(body).error?.issues[0]?.message;
      expect(res.json()).toEqual({ error: reader.locale === 'en' ? english : theirs, code: ERROR_CODE.badRequest });
      if (reader.locale !== 'en') expect(res.json().error).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe('whose language', () => {
  it('the cookie over the profile, Accept-Language without either, English on admin routes', async () => {
    const id = 'words-whose';
    await createTestEvent(t.db, id, { capacity: 0, bookingForm: 'none', timeZone: TZ });
    const zh = await withProfile('words-whose@example.com', 'zh-Hans');
    const byCookie = await t.post(`/api/rsvp/${id}`, `${zh}; lang=ko`);
    expect(byCookie.json().error).toBe(say(words('srv.rsvp.soldOut'), 'ko'));
    const browser = await t.post(
      `/api/rsvp/${id}`,
      await t.signIn('words-browser@example.com'),
      {},
      {
        headers: { 'accept-language': 'ja-JP,ja;q=0.9' },
      },
    );
    expect(browser.json().error).toBe(say(words('srv.rsvp.soldOut'), 'ja'));
    // A link opened without signing in: the browser's language (a release link, a transfer link).
    const zhBrowser = { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } };
    const release = await t.get(`/api/release/${'x'.repeat(40)}`, undefined, zhBrowser);
    expect([release.statusCode, release.json().code]).toEqual([404, ERROR_CODE.releaseLinkInvalid]);
    expect(release.json().error).toBe(say(words('srv.release.invalid'), 'zh-Hans'));
    expect((await t.get(`/api/release/${'x'.repeat(40)}`)).json().error).toBe(RELEASE_MSG.invalid);
    const transfer = await t.get(`/api/transfers/${'x'.repeat(40)}`, undefined, zhBrowser);
    expect([transfer.statusCode, transfer.json().code]).toEqual([404, ERROR_CODE.transferInvalid]);
    expect(transfer.json().error).toBe(say(words('srv.transfer.invalid'), 'zh-Hans'));
    // An organiser's screens stay English, whatever the browser's cookie says.
    const staff = await t.get('/api/admin/bookings/00000000-0000-0000-0000-000000000000', `${admin}; lang=ja`);
    expect(staff.headers['content-language']).toBeUndefined();
  });
});
