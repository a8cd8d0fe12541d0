import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '#common/locales.ts';
import { demoCatalogue } from '../../src/server/db/seed/catalogue.ts';
import { queuedMails } from '../support/mails.ts';
import { benefitLogo, postBenefit } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 062: the organiser's words in each language, English the per-field fallback; admins see what is missing.
let t: TestApp;
let admin: string;
let english: string;
let chinese: string;
let id: string;

const FIELDS = {
  benefitName: 'Harbour Cruise',
  benefitDescription: 'A sunset cruise for pass holders.',
  buttonText: 'RSVP',
  partnerContactEmail: 'cruise@partner.example',
  excelTab1Link: 'https://docs.google.com/spreadsheets/d/cruise/edit',
  cardOpens: 'modal',
};
const words = (cookie = admin) => t.get(`/api/admin/benefits/${id}/translations`, cookie);
const save = (translations: object) => t.put(`/api/admin/benefits/${id}/translations`, admin, { translations });
const zh = (member: string) => `${member}; ${LOCALE_COOKIE}=zh-Hans`;

beforeAll(async () => {
  const logo = await benefitLogo('#225577');
  t = await createTestApp();
  [admin, english, chinese] = await Promise.all([
    t.signInAdmin(),
    t.signIn('english@example.com'),
    t.signIn('chinese@example.com').then(zh),
  ]);
  id = (await postBenefit(t.app, admin, FIELDS, logo)).json().id;
  const modal = {
    paragraphs: ['Boarding at 6 PM.', 'Drinks on deck.'],
    details: [{ label: 'Pier', value: 'Marina South' }],
    links: [{ type: 'internal', label: 'Pier map', href: '/harbour-map' }],
    actions: [],
  };
  expect((await t.put(`/api/admin/benefits/${id}/modal`, admin, { modal })).statusCode).toBe(200);
  const form = {
    benefitId: id,
    configName: 'Cruise RSVP',
    isActive: true,
    formFields: [
      {
        fieldName: 'fullName',
        displayName: 'Full Name',
        fieldType: 'text',
        isRequired: true,
        helpText: 'As on your pass',
      },
      { fieldName: 'diet', displayName: 'Diet', fieldType: 'radio', options: ['Vegetarian', 'None'] },
    ],
  };
  expect((await t.post('/api/admin/rsvp-config', admin, form)).statusCode).toBe(201);
});
afterAll(() => t.close());

describe("the organiser's words in Chinese", () => {
  it('counts every word as missing before any is given, per language', async () => {
    const res = await words();
    expect(res.statusCode).toBe(200);
    const { base, missing } = res.json();
    expect(base).toMatchObject({ title: 'Harbour Cruise', modal: { links: [{ label: 'Pier map' }] } });
    expect(base.form.diet).toEqual({
      displayName: 'Diet',
      helpText: '',
      placeholder: '',
      options: ['Vegetarian', 'None'],
    });
    // title, description, button, 2 paragraphs, detail label and value, link label; 2 labels, 1 help, 2 options.
    expect(missing).toEqual({ 'zh-Hans': 13, ja: 13, ko: 13 });
  });

  it('saves Chinese words; the list badge and the form count what is still English', async () => {
    const res = await save({
      'zh-Hans': {
        title: '海港游船',
        bookingText: '报名',
        modal: { paragraphs: ['', '甲板上供应饮品。'], links: [{ label: '码头地图' }] },
        form: { fullName: { displayName: '姓名' }, diet: { displayName: '饮食', options: ['素食', ''] } },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().missing).toEqual({ 'zh-Hans': 6, ja: 13, ko: 13 });
    const list = await t.get('/api/admin/translations/missing', admin);
    // The list counts the languages begun (Japanese and Korean are English only so far).
    expect(list.json().data[id]).toEqual({ 'zh-Hans': 6 });
  });

  it('shows each member their language, field by field over the English', async () => {
    const tile = (await t.get('/api/benefits', chinese)).json().find((b: { id: string }) => b.id === id);
    expect(tile).toMatchObject({
      title: '海港游船',
      description: 'A sunset cruise for pass holders.',
      bookingText: '报名',
    });
    expect(tile.modal).toMatchObject({
      paragraphs: ['Boarding at 6 PM.', '甲板上供应饮品。'],
      details: [{ label: 'Pier', value: 'Marina South' }],
      links: [{ label: '码头地图', href: '/harbour-map', type: 'internal' }],
    });
    expect(tile).not.toHaveProperty('translations');
    // Decision 073: the answer names the words it left in English, and only those, for the page to mark lang="en".
    const untranslated = ['description', 'modal.paragraphs.0', 'modal.details.0.label', 'modal.details.0.value'];
    expect(tile.fallback).toEqual(untranslated);
    const one = (await t.get(`/api/benefits/${id}`, chinese)).json();
    expect(one.title).toBe('海港游船');
    expect(one.fallback).toEqual(untranslated);
    // Asked by the browser's language too, as the page chrome is.
    const asked = await t.get(`/api/benefits/${id}`, english, { headers: { 'accept-language': 'zh-CN,zh;q=0.9' } });
    expect(asked.json().title).toBe('海港游船');

    const form = (await t.get(`/api/rsvp/configuration/${id}`, chinese)).json();
    const [name, diet] = form.formFields;
    expect(name).toMatchObject({ fieldName: 'fullName', displayName: '姓名', helpText: 'As on your pass' });
    expect(name.fallback).toEqual(['helpText']);
    // The option's value stays the Sheet's; its label is the member's language, English where none was given.
    expect(diet).toMatchObject({
      displayName: '饮食',
      options: ['Vegetarian', 'None'],
      optionLabels: ['素食', 'None'],
      fallback: ['options.1'],
    });
  });

  it("answers the spec's calls in English, unchanged, when no language is chosen", async () => {
    const tile = (await t.get(`/api/benefits/${id}`, english)).json();
    expect(tile).toMatchObject({ title: 'Harbour Cruise', bookingText: 'RSVP' });
    expect(tile.modal.paragraphs).toEqual(['Boarding at 6 PM.', 'Drinks on deck.']);
    expect(Object.keys(tile)).not.toContain('translations');
    expect(tile).not.toHaveProperty('fallback');
    const form = (await t.get(`/api/rsvp/configuration/${id}`, english)).json();
    expect(form.formFields[1]).toMatchObject({ displayName: 'Diet' });
    expect(form.formFields[1]).not.toHaveProperty('optionLabels');
    expect(form.formFields[1]).not.toHaveProperty('fallback');
  });

  it('refuses hostile words as the base fields are, and keeps markup as text', async () => {
    const refused = [
      { 'zh-Hans': { title: 'a\u0000b' } },
      { 'zh-Hans': { title: 'line\nbreak' } },
      { 'zh-Hans': { bookingText: 'evil\u202eright' } },
      { 'zh-Hans': { title: 'x'.repeat(201) } },
      { 'zh-Hans': { modal: { links: [{ label: 'x', href: 'javascript:alert(1)' }] } } },
      { en: { title: 'English is the base' } },
      { fr: { title: 'Croisière' } },
    ];
    for (const translations of refused) {
      const res = await save(translations);
      expect([JSON.stringify(translations), res.statusCode]).toEqual([JSON.stringify(translations), 400]);
      expect(res.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
    }
    expect((await save({ 'zh-Hans': { title: '<img src=x onerror=alert(1)>' } })).statusCode).toBe(200);
    expect((await t.get(`/api/benefits/${id}`, chinese)).json().title).toBe('<img src=x onerror=alert(1)>');
  });

  it('is for admins only', async () => {
    expect((await words(english)).statusCode).toBe(401);
    expect((await t.get(`/api/admin/benefits/nope/translations`, admin)).statusCode).toBe(404);
  });
});

describe("a partner page's words", () => {
  const page = {
    benefitId: null,
    layout: 'partner',
    content: {
      eyebrow: 'Partner',
      title: 'Harbour Pier',
      subtitle: 'Where the cruise leaves.',
      heroImage: '',
      sections: [{ heading: 'Getting there', paragraphs: ['Take the MRT.'], facts: [] }],
      buttons: [{ type: 'external', label: 'Website', href: 'https://pier.example' }],
    },
  };

  it('shows the Chinese page to a Chinese member and the English one otherwise; admins edit both', async () => {
    const translations = {
      'zh-Hans': { title: '海港码头', sections: [{ heading: '交通' }], buttons: [{ label: '网站' }] },
    };
    expect((await t.put('/api/admin/pages/harbour-pier', admin, { ...page, translations })).statusCode).toBe(200);
    const zhPage = (await t.get('/api/pages/harbour-pier', chinese)).json();
    expect(zhPage.content).toMatchObject({
      title: '海港码头',
      subtitle: 'Where the cruise leaves.',
      sections: [{ heading: '交通', paragraphs: ['Take the MRT.'] }],
      buttons: [{ label: '网站', href: 'https://pier.example' }],
    });
    expect(zhPage).not.toHaveProperty('translations');
    expect(zhPage.fallback).toEqual(['eyebrow', 'subtitle', 'sections.0.paragraphs.0']);
    const enPage = (await t.get('/api/pages/harbour-pier', english)).json();
    expect(enPage.content.title).toBe('Harbour Pier');
    expect(enPage).not.toHaveProperty('fallback');
    expect((await t.get('/api/admin/pages/harbour-pier', admin)).json().translations).toEqual(translations);
    // A save without translations (the spec's call) leaves them.
    expect((await t.put('/api/admin/pages/harbour-pier', admin, page)).statusCode).toBe(200);
    expect((await t.get('/api/pages/harbour-pier', chinese)).json().content.title).toBe('海港码头');
    const hostile = { ...page, translations: { 'zh-Hans': { buttons: [{ label: 'x', href: 'javascript:1' }] } } };
    expect((await t.put('/api/admin/pages/harbour-pier', admin, hostile)).statusCode).toBe(400);
  });
});

describe('the seeded demo in every language', () => {
  // Every seeded benefit's tile, modal and its events' button and message wording are given in each language
  // (decision 062); decision 073's fallback then names none of them (a redemption code is no word), and an English
  // answer carries no fallback.
  const ORGANISER_WORDS = /^(title|description|bookingText|modal\.(?!redemptionCode)|actionWording\.)/;
  const SEEDED = new Set(demoCatalogue().map((b) => b.id));
  type Listed = {
    id: string;
    title: string;
    actionWording?: Record<string, Record<string, string>>;
    fallback?: string[];
  };
  const list = async (cookie: string): Promise<Listed[]> => (await t.get('/api/benefits', cookie)).json();

  it.each([
    ['zh-Hans', '立即报名', '报名成功', /\p{Script=Han}/u],
    ['ja', '今すぐ参加する', '参加登録が完了しました', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u],
    ['ko', '지금 신청', '참가 신청 완료', /\p{Script=Hangul}/u],
  ])('%s: every seeded word is served translated, none declared English', async (locale, idle, success, script) => {
    const benefits = await list(`${english}; ${LOCALE_COOKIE}=${locale}`);
    expect(benefits.length).toBeGreaterThan(10);
    const speakers = benefits.find((b) => b.id === 'speakers-reception');
    expect(speakers?.actionWording?.['speakers-reception']).toMatchObject({ idle, successTitle: success });
    for (const b of benefits.filter((b) => SEEDED.has(b.id))) {
      expect([b.id, (b.fallback ?? []).filter((path) => ORGANISER_WORDS.test(path))]).toEqual([b.id, []]);
      for (const [event, wording] of Object.entries(b.actionWording ?? {}))
        expect([event, Object.values(wording).every((w) => typeof w !== 'string' || script.test(w))]).toEqual([
          event,
          true,
        ]);
    }
    // What stays English is declared: a partner page's button, in its event's own (English) words.
    const page = (await t.get('/api/pages/bryan-johnson', `${english}; ${LOCALE_COOKIE}=${locale}`)).json();
    expect(page.fallback).toContain('actionWording.bryan-johnson.idle');
  });

  it('answers in English, with no fallback, when no language is chosen', async () => {
    const benefits = await list(english);
    for (const b of benefits) expect(b).not.toHaveProperty('fallback');
    expect(benefits.find((b) => b.id === 'speakers-reception')?.actionWording?.['speakers-reception']?.idle).toBe(
      'RSVP NOW',
    );
  });
});

describe('the seeded demo', () => {
  it('gives the Speakers Reception Chinese words, and a booking of it is named in Chinese', async () => {
    // A page's RSVP button speaks its event's own wording, never translated on a page: declared English (073).
    const seeded = (await t.get('/api/pages/bryan-johnson', chinese)).json();
    const idle = 'actionWording.bryan-johnson.idle';
    expect(seeded.actionWording['bryan-johnson'].idle).toEqual(expect.any(String));
    expect(seeded.fallback).toContain(idle);
    expect((await t.get('/api/pages/bryan-johnson', english)).json()).not.toHaveProperty('fallback');
    const tile = (await t.get('/api/benefits/speakers-reception', chinese)).json();
    expect(tile).toMatchObject({ title: '演讲嘉宾招待会', bookingText: '报名' });
    // The organiser leaves the tour's name in English (the seed gives it in every language).
    const tour = (await t.get('/api/admin/benefits/mclaren-tour/translations', admin)).json();
    const { title: _title, ...untitled } = tour.translations['zh-Hans'];
    const cleared = { translations: { ...tour.translations, 'zh-Hans': untitled } };
    expect((await t.put('/api/admin/benefits/mclaren-tour/translations', admin, cleared)).statusCode).toBe(200);
    expect((await t.post('/api/rsvp/speakers-reception', chinese)).statusCode).toBe(201);
    expect((await t.post('/api/rsvp/mclaren-tour', chinese)).statusCode).toBe(201);
    type Row = { eventId: string; title?: string; fallback?: string[] };
    const mine: Row[] = (await t.get('/api/me/bookings', chinese)).json().data;
    const named = mine.find((b) => b.eventId === 'speakers-reception');
    expect(named?.title).toBe('演讲嘉宾招待会');
    // Decision 073: an event's name left in English is declared so; a translated one is not.
    expect(named).not.toHaveProperty('fallback');
    expect(mine.find((b) => b.eventId === 'mclaren-tour')?.fallback).toEqual(['eventTitle', 'title']);
    const listed: Row[] = (await t.get('/api/user/form-submissions', chinese)).json().data;
    expect(listed.find((b) => b.eventId === 'mclaren-tour')?.fallback).toEqual(['eventTitle']);
    expect((await t.get('/api/user/form-submissions', english)).json().data[0] ?? {}).not.toHaveProperty('fallback');
  });
});

describe("an attendee message's words", () => {
  it('mails each attendee in the language they chose, English where it has none; refuses hostile words', async () => {
    const event = 'bryan-johnson';
    const reader = await t.signIn('reader@example.com');
    expect((await t.put('/api/auth/locale', zh(reader), { locale: 'zh-Hans' })).statusCode).toBe(200);
    for (const member of [reader, english]) expect((await t.post(`/api/rsvp/${event}`, member)).statusCode).toBe(201);
    const url = `/api/admin/events/${event}/messages`;
    const hostile = { subject: 'Doors', text: 'At 2 PM.', translations: { 'zh-Hans': { subject: 'a\r\nBcc: x@y' } } };
    expect((await t.post(url, admin, hostile)).statusCode).toBe(400);
    const translations = { 'zh-Hans': { subject: '开门时间', text: '' }, ja: { subject: '開場' } };
    const sent = await t.post(url, admin, { subject: 'Doors', text: 'At 2 PM.', translations });
    expect(sent.statusCode).toBe(201);
    const [zhMail] = await queuedMails(t.db, { purpose: 'attendee-message', to: 'reader@example.com' });
    expect(zhMail).toMatchObject({ subject: '开门时间' });
    expect(zhMail?.text).toContain('At 2 PM.'); // no Chinese text given: the English
    const [enMail] = await queuedMails(t.db, { purpose: 'attendee-message', to: 'english@example.com' });
    expect(enMail).toMatchObject({ subject: 'Doors' });
  });
});
