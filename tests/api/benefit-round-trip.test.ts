import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBenefit } from '../../src/common/admin.ts';
import type { BenefitEvent } from '../../src/common/benefit-events.ts';
import type { Benefit, ModalContent } from '../../src/common/benefits.ts';
import type { PartnerPage } from '../../src/common/partner-pages.ts';
import type { ConfigDraftAnswer } from '../../src/common/rsvp-config-versions.ts';
import { demoCatalogue } from '../../src/server/db/seed/catalogue.ts';
import { seedCatalogue } from '../../src/server/db/seed/index.ts';
import { runOutboxOnce } from '../../src/server/features/outbox/outbox.ts';
import { SHEETS_APPEND, sheetsAppendHandler } from '../../src/server/features/sheets/export-row.ts';
import { queuedMails } from '../support/mails.ts';
import { benefitLogo, postBenefit } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// DESIGN §8 and decision 053: every seeded benefit, read through the admin API and created again through it, is the
// same thing to a member (tile, filter, modal, page, actions and their words, a booking's mail); only ids differ.
let t: TestApp;
let admin: string;
let member: string;
let logo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  member = await t.signIn('round-trip@example.com', 'Rita', 'Trip');
  logo = await benefitLogo();
});
afterAll(() => t.close());

const json = async <T>(url: string, cookie = admin): Promise<T> => {
  const res = await t.get(url, cookie);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};

/** The add form's text fields for what the admin API reads back of a benefit. */
function formOf(b: AdminBenefit): Record<string, string> {
  const fields: Record<string, string | null | undefined> = {
    benefitName: b.title,
    benefitDescription: b.description,
    buttonText: b.bookingText,
    partnerContactEmail: b.partnerContactEmail,
    excelTab1Link: b.excelTab1Link,
    excelTab2Link: b.excelTab2Link,
    ...b.event,
    benefitType: b.benefitType,
    listedUnder: b.listedUnder,
    cardOpens: b.cardOpens,
    cardLink: b.cardLink,
    bookedThrough: b.bookedThrough,
    bookingUrl: b.bookingUrl,
    dateLabel: b.dateLabel,
    notifyPartner: b.notifyPartner === undefined ? undefined : String(b.notifyPartner),
    eventTitle: b.eventTitle,
    eventDescription: b.eventDescription,
    actionWording: b.actionWording ? JSON.stringify(b.actionWording) : undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

type Copy = { id: string; slug: string | null; events: Map<string, string> };

/** Creates the benefit again through the admin API: its form, further events, slots, modal and page. */
async function recreate(id: string): Promise<Copy> {
  const b = await json<AdminBenefit>(`/api/admin/benefits/${id}`);
  const { events } = await json<{ events: BenefitEvent[] }>(`/api/admin/benefits/${id}/events`);
  const made = await postBenefit(t.app, admin, formOf(b), logo);
  expect(made.statusCode, made.body).toBe(201);
  const copyId = (made.json() as { id: string }).id;
  const copied = await json<{ events: BenefitEvent[] }>(`/api/admin/benefits/${copyId}/events`);
  const map = new Map<string, string>();
  const [own, ...further] = events;
  if (own && copied.events[0]) map.set(own.id, copied.events[0].id);
  for (const e of further) {
    const { id: _id, primary: _p, event, slots: _s, ...rest } = e;
    const res = await t.post(`/api/admin/benefits/${copyId}/events`, admin, { ...rest, ...event });
    expect(res.statusCode, res.body).toBe(201);
    map.set(e.id, (res.json() as { id: string }).id);
  }
  for (const e of events)
    if (e.slots.length > 0) {
      const res = await t.post(`/api/admin/events/${map.get(e.id)}/slots`, admin, { slots: e.slots });
      expect(res.statusCode, res.body).toBe(200);
    }
  const { modal } = await json<{ modal: ModalContent | null }>(`/api/admin/benefits/${id}/modal`);
  if (modal) {
    const actions = modal.actions.map((a) => map.get(a) ?? a);
    const res = await t.put(`/api/admin/benefits/${copyId}/modal`, admin, { modal: { ...modal, actions } });
    expect(res.statusCode, res.body).toBe(200);
  }
  await copyForm(id, copyId);
  const { pages } = await json<{ pages: { slug: string; benefitId: string | null }[] }>('/api/admin/pages');
  const page = pages.find((p) => p.benefitId === id);
  if (!page) return { id: copyId, slug: null, events: map };
  const source = await json<PartnerPage>(`/api/admin/pages/${page.slug}`);
  const slug = `${page.slug}-copy`;
  const content = JSON.parse(renamed(JSON.stringify(source.content), map));
  const res = await t.put(`/api/admin/pages/${slug}`, admin, { benefitId: copyId, layout: source.layout, content });
  expect(res.statusCode, res.body).toBe(200);
  return { id: copyId, slug, events: map };
}

/** Its RSVP form as the wizard opens it, saved for the copy and deployed from the copy's Sheet (decision 070). */
async function copyForm(id: string, copyId: string) {
  const draft = await t.get(`/api/admin/benefits/${id}/rsvp-config/draft`, admin);
  if (draft.statusCode === 404) return;
  const { configName, formFields, slotConfig, notifications, behavior, sheetMapping } =
    draft.json() as ConfigDraftAnswer;
  const { columns: _columns, ...sheets } = sheetMapping;
  const body = { benefitId: copyId, configName, formFields, slotConfig, notifications, behavior, isActive: false };
  const saved = await t.post('/api/admin/rsvp-config', admin, { ...body, sheetMapping: sheets });
  expect(saved.statusCode, saved.body).toBe(201);
  const deployed = await t.post(`/api/admin/rsvp-config/${(saved.json() as { id: string }).id}/deploy`, admin);
  expect(deployed.statusCode, deployed.body).toBe(200);
  expect((deployed.json() as { warnings: string[] }).warnings).toEqual([]);
}

/** What a member's form page reads of a benefit's live form, its own ids aside; null without one. */
async function memberForm(id: string) {
  const res = await t.get(`/api/rsvp/configuration/${id}`, member);
  if (res.statusCode === 404) return null;
  expect(res.statusCode, res.body).toBe(200);
  const { id: _id, benefitId: _benefitId, ...form } = res.json();
  return form;
}

/** Event ids as JSON strings and in a page's capacity placeholders ({event-id}), renamed. */
const renamed = (text: string, map: Map<string, string>) =>
  [...map].reduce((s, [from, to]) => s.replaceAll(`"${from}"`, `"${to}"`).replaceAll(`{${from}}`, `{${to}}`), text);

/** What a member meets on the tile and its modal, with its own ids and addresses named as the original's. */
function asMember(tile: Benefit, copy: { id: string; slug: string | null; events: Map<string, string> } | null) {
  const back = new Map([...(copy?.events ?? [])].map(([from, to]) => [to, from]));
  const { id: _id, slug: _slug, imageUrl: _img, displayOrder: _order, ...rest } = tile;
  const text = renamed(JSON.stringify(rest), back);
  const self = copy ? JSON.parse(text) : rest;
  return {
    ...self,
    actionTarget: tile.actionTarget === `/rsvp/${tile.id}` ? '/rsvp/{id}' : tile.actionTarget,
    partnerPage: tile.partnerPage ? 'its page' : null,
  };
}

const SEEDED = demoCatalogue().map((b) => b.id);

describe('every seeded benefit, read and created again through the admin API', () => {
  it.each(SEEDED)('%s reaches members as the original does', async (id) => {
    const copy = await recreate(id);
    const tiles = await json<Benefit[]>('/api/benefits', member);
    const original = tiles.find((b) => b.id === id);
    const made = tiles.find((b) => b.id === copy.id);
    if (!original || !made) throw new Error(`tile missing: ${id} or its copy`);
    // The tile: filter (kind), card, modal and its links, date line, venue, actions and their words, states.
    expect(asMember(made, copy)).toEqual(asMember(original, null));

    // Each event's status and places as a member reads them before booking: window, draw, counts.
    for (const [from, to] of copy.events) {
      const status = await json<object>(`/api/rsvp/${encodeURIComponent(from)}/status`, member);
      const again = await json<object>(`/api/rsvp/${encodeURIComponent(to)}/status`, member);
      expect(again).toEqual(status);
    }

    // Its RSVP form, when it has one: fields, labels, required, options, roles and what the form says.
    expect(await memberForm(copy.id)).toEqual(await memberForm(id));

    if (copy.slug && original.partnerPage) {
      const page = await json<PartnerPage>(`/api/pages${original.partnerPage}`, member);
      const again = await json<PartnerPage>(`/api/pages/${copy.slug}`, member);
      const back = new Map([...copy.events].map(([from, to]) => [to, from]));
      const strip = (p: PartnerPage) => ({ content: p.content, layout: p.layout, actionWording: p.actionWording });
      expect(JSON.parse(renamed(JSON.stringify(strip(again)), back))).toEqual(strip(page));
    }
  });

  // Decision 064: the built-in forms answer to any benefit booked through them, by its event, not the spec's id.
  it('a copy of SAP Night or AP House opens its built-in form, with its slots, at /rsvp/{id}', async () => {
    const evening = await recreate('sap-night');
    const tours = await recreate('ap-house');
    const eveningEvent = evening.events.get('sap-night') ?? '';
    const tourEvent = tours.events.get('ap-house') ?? '';
    const tile = await json<Benefit>(`/api/benefits/${evening.id}`, member);
    expect([tile.actionTarget, tile.builtInForm]).toEqual([`/rsvp/${evening.id}`, 'evening']);
    expect((await json<Benefit>(`/api/benefits/${tours.id}`, member)).builtInForm).toBe('concierge');

    // Its slots and count, as the spec's own calls give the original's.
    const slots = await json<{ slots: { slotTime: string; remainingSlots: number }[] }>(
      `/api/rsvp/${eveningEvent}/time-slots`,
      member,
    );
    const strip = (a: { slots: { slotTime: string; remainingSlots: number }[] }) =>
      a.slots.map(({ slotTime, remainingSlots }) => ({ slotTime, remainingSlots }));
    expect(strip(slots)).toEqual(strip(await json('/api/rsvp/time-slots', member)));
    expect(await json(`/api/rsvp/${eveningEvent}/count`, member)).toEqual(
      await json('/api/rsvp/sap-night/count', member),
    );
    const tourSlots = await json<{ date: string; timeSlot: string }[]>(`/api/rsvp/${tourEvent}/tour-slots`, member);
    expect(tourSlots).toEqual(await json('/api/rsvp/ap-house-time-slots', member));

    // Booked through its own form: the evening with a tour slot, a tour with guests (its rules: four at most).
    const slot = slots.slots[0]?.slotTime ?? '';
    const body = { fullName: 'Rita Trip', email: 'round-trip@example.com', rsvpStatus: 'yes', tourRequested: 'yes' };
    const booked = await t.post(`/api/rsvp/${eveningEvent}/evening`, member, { ...body, timeSlot: slot });
    expect(booked.statusCode, booked.body).toBe(201);
    const [first] = tourSlots;
    const tour = { fullName: 'Rita Trip', email: 'round-trip@example.com', phoneNumber: '' };
    const at = { selectedDate: first?.date, timeSlot: first?.timeSlot, bringingGuests: 'yes' };
    const tooMany = await t.post(`/api/rsvp/${tourEvent}/tour`, member, { ...tour, ...at, guestCount: 5 });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    const guests = await t.post(`/api/rsvp/${tourEvent}/tour`, member, { ...tour, ...at, guestCount: 2 });
    expect(guests.statusCode, guests.body).toBe(201);
    const status = await json<{ hasRsvpd: boolean }>(`/api/rsvp/${tourEvent}/status`, member);
    expect(status.hasRsvpd).toBe(true);
    // A second booking is refused with the spec's text; another form's route does not answer for the event.
    const again = await t.post(`/api/rsvp/${tourEvent}/tour`, member, { ...tour, ...at, guestCount: 1 });
    expect([again.statusCode, again.json().code]).toEqual([409, 'already_booked']);
    const wrongForm = await t.post(`/api/rsvp/${tourEvent}/evening`, member, { ...body, timeSlot: slot });
    expect([wrongForm.statusCode, wrongForm.json().code]).toEqual([404, 'not_found']);

    // The organiser's slot screen: a slot with places held stays, an empty one goes, and comes back when added again.
    const listed = await json<{ events: BenefitEvent[] }>(`/api/admin/benefits/${tours.id}/events`);
    const own = listed.events[0]?.slots ?? [];
    const held = own.find((s) => s.date === first?.date && s.time === first?.timeSlot);
    const empty = own.find((s) => s !== held);
    expect(held?.booked).toBe(3);
    const remove = (slotId = '') => t.del(`/api/admin/events/${tourEvent}/slots/${slotId}`, admin);
    const refused = await remove(held?.id);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'slot_held']);
    expect((await remove('not-a-slot')).statusCode).toBe(400);
    expect((await remove(empty?.id)).statusCode).toBe(200);
    expect((await remove(empty?.id)).statusCode).toBe(404);
    const left = await json<{ date: string; timeSlot: string }[]>(`/api/rsvp/${tourEvent}/tour-slots`, member);
    expect(left.some((s) => s.date === empty?.date && s.timeSlot === empty?.time)).toBe(false);
    const readded = await t.post(`/api/admin/events/${tourEvent}/slots`, admin, {
      slots: [{ date: empty?.date, time: empty?.time, capacity: 2 }],
    });
    expect(readded.statusCode, readded.body).toBe(200);
    const back = await json<{ date: string; timeSlot: string; remainingSlots: number }[]>(
      `/api/rsvp/${tourEvent}/tour-slots`,
      member,
    );
    expect(back.find((s) => s.date === empty?.date && s.timeSlot === empty?.time)?.remainingSlots).toBe(2);

    // A further event goes while nothing names it; a booked one, and the benefit's own, stay.
    const drop = (eventId: string) =>
      t.del(`/api/admin/benefits/${tours.id}/events/${encodeURIComponent(eventId)}`, admin);
    const night = { title: 'A second night', schedule: 'all-day', startDate: first?.date };
    const added = await t.post(`/api/admin/benefits/${tours.id}/events`, admin, night);
    const kept = await t.post(`/api/admin/benefits/${tours.id}/events`, admin, { ...night, title: 'Booked night' });
    const [spare, taken] = [added, kept].map((r) => (r.json() as { id: string }).id);
    expect((await t.post(`/api/rsvp/${taken}`, member, {})).statusCode).toBe(201);
    const codes = async (id = '') => {
      const res = await drop(id);
      return [res.statusCode, res.json().code];
    };
    expect(await codes(taken)).toEqual([409, 'event_held']);
    expect(await codes(tourEvent)).toEqual([400, 'bad_request']);
    expect((await drop(spare ?? '')).statusCode).toBe(200);
    expect(await codes(spare)).toEqual([404, 'not_found']);
    const after = await json<{ events: BenefitEvent[] }>(`/api/admin/benefits/${tours.id}/events`);
    expect(after.events.map((e) => e.title)).toEqual([listed.events[0]?.title, 'Booked night']);
  });

  // Decision 070: the demo's Sheet form is an organiser's, its questions its demo Sheet's columns (demo-xo-flights).
  it("XO's form is its Sheet's columns, deployed, and a booking's answers reach that Sheet", async () => {
    type Field = { fieldName: string; displayName: string; fieldType: string; isRequired: boolean; isVisible: boolean };
    const form = (await memberForm('special-air-service')) as { formFields: (Field & { options?: string[] })[] } | null;
    const shown = form?.formFields.filter((f) => f.isVisible);
    expect(shown?.map((f) => [f.displayName, f.fieldType, f.isRequired, f.options ?? []])).toEqual([
      ['Full Name', 'text', true, []],
      ['Email', 'email', true, []],
      ['Phone Number', 'tel', false, []],
      ['Flying from', 'text', true, []],
      ['Flying to', 'text', true, []],
      ['Seat or whole jet', 'select', false, ['Seat', 'Whole jet']],
      ['Comments', 'textarea', false, []],
    ]);
    const flyer = await t.signIn('flyer@example.com', 'Fay', 'Flyer');
    const answers = ['Fay Flyer', 'flyer@example.com', '', 'Singapore', 'Bali', 'Whole jet', 'Four of us'];
    const formData = Object.fromEntries(shown?.map((f, i) => [f.fieldName, answers[i]]) ?? []);
    const booked = await t.post('/api/rsvp/dynamic/special-air-service', flyer, { formData });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await json<{ hasRsvpd: boolean }>('/api/rsvp/dynamic:special-air-service/status', flyer)).hasRsvpd).toBe(
      true,
    );
    await runOutboxOnce(t.db, { [SHEETS_APPEND]: sheetsAppendHandler(t.sheets.gateway) });
    const row = t.sheets.readTab('demo-xo-flights', 'Form Submissions').trim().split('\n').at(-1) ?? '';
    expect(row).toContain('Fay Flyer,flyer@example.com,,Singapore,Bali,Whole jet,Four of us');
  });

  it('books the original and its copy with the same mail', async () => {
    const copies = new Map<string, Copy>();
    for (const id of ['speakers-reception', 'wristcheck', 'sothebys-private-auction', 'mclaren-tour'])
      copies.set(id, await recreate(id));
    let n = 0;
    for (const [id, copy] of copies) {
      const mails = [];
      for (const eventId of [id, copy.events.get(id)]) {
        const email = `mail-${++n}@example.com`;
        const who = await t.signIn(email, 'Mia', 'Mail');
        const res = await t.post(`/api/rsvp/${encodeURIComponent(eventId ?? '')}`, who, {});
        expect(res.statusCode, res.body).toBe(201);
        const [mail] = await queuedMails(t.db, { to: email, purpose: 'confirmation' });
        mails.push(mail);
      }
      const [a, b] = mails;
      expect(b?.subject).toBe(a?.subject);
      // Links and a pass's code are the booking's own.
      const words = (m: typeof a) =>
        (m?.text ?? '').replace(/https?:\/\/\S+/g, 'URL').replace(/Your pass: \S+/g, 'Your pass: CODE');
      expect(words(b)).toBe(words(a));
    }
  });

  it('a second seed changes nothing, and what staff removed stays removed', async () => {
    const removed = await t.del('/api/admin/pages/wristcheck', admin);
    expect(removed.statusCode, removed.body).toBe(200);
    const count = async () =>
      Promise.all(
        ['benefits', 'events', 'event_slots', 'partner_pages'].map(async (table) => {
          const res = await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
          return (res as unknown as { rows: { n: number }[] }).rows[0]?.n;
        }),
      );
    const before = await count();
    await seedCatalogue(t.db, { asOf: '2033-01-01' });
    expect(await count()).toEqual(before);
    expect((await t.get('/api/pages/wristcheck', member)).statusCode).toBe(404);
  });
});
