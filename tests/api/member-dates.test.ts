import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '#common/event-time.ts';
import { LONG_MONTHS } from '#common/time-range.ts';
import { events, partnerPages } from '../../src/server/db/schema.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The demo week moved to another year and months (the week ending Saturday 31 August 2030, as a first start
// then would seed it: an all-day end is the midnight of 1 September): nothing a member reads (benefit list, modal,
// event status, partner pages, mails, the tiles' art) says 2025, nor a month none of the benefit's events is in.
let t: TestApp;
let member: string;
beforeAll(async () => {
  t = await createTestApp({}, { seedAsOf: '2030-08-26' });
  member = await t.signIn('dates.reader@example.com', 'Dana');
});
afterAll(() => t.close());

const MONTHS = LONG_MONTHS;
// Full names in any case ('1 OCTOBER' on art); May only beside a day number; the short forms capitalised ('2 Dec').
const MONTH_WORD = new RegExp(
  `\\b(${MONTHS.filter((m) => m !== 'May').join('|')})\\b|\\b\\d{1,2} May\\b|\\bMay \\d|\\b(${MONTHS.map((m) =>
    m.slice(0, 3),
  )
    .filter((m) => m !== 'May')
    .join('|')}|Sept)\\b`,
  'gi',
);
const monthsIn = (text: string) =>
  new Set(
    [...text.matchAll(MONTH_WORD)].map((m) => {
      const word = m[0].replace(/\d|\s/g, '').toLowerCase();
      return MONTHS.find((name) => name.toLowerCase().startsWith(word.slice(0, 3))) ?? word;
    }),
  );

/** Every month an event of each benefit spans, in its zone; benefits whose events store no dates are absent. */
async function eventMonths() {
  const byBenefit = new Map<string, Set<string>>();
  for (const e of await t.db.select().from(events)) {
    if (!e.benefitId || !e.endsAt) continue;
    const months = byBenefit.get(e.benefitId) ?? new Set<string>();
    const last = localDate(new Date(e.endsAt.getTime() - 1), e.timeZone);
    let day = localDate(e.startsAt ?? e.endsAt, e.timeZone);
    while (day.slice(0, 7) <= last.slice(0, 7)) {
      months.add(MONTHS[Number(day.slice(5, 7)) - 1] ?? '');
      const [y, m] = day.split('-').map(Number) as [number, number];
      day = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
    byBenefit.set(e.benefitId, months);
  }
  return byBenefit;
}

function expectTrueToEvents(what: string, text: string, allowed: Set<string> | undefined) {
  expect(text, `${what} says 2025`).not.toMatch(/2025/);
  if (!allowed) return; // no stored date to contradict
  const stray = [...monthsIn(text)].filter((m) => !allowed.has(m));
  expect(stray, `${what} names months none of its events is in (${[...allowed].join(', ')})`).toEqual([]);
}

describe("member-facing dates follow the events' stored dates", () => {
  it('the benefit list and its modals (redemption codes included)', async () => {
    const months = await eventMonths();
    expect(months.get('speakers-reception')).toEqual(new Set(['August']));
    const res = await t.get('/api/benefits', member);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; imageUrl: string | null }[];
    expect(list.length).toBeGreaterThan(10);
    for (const b of list) expectTrueToEvents(`benefit ${b.id}`, JSON.stringify(b), months.get(b.id));
    expect(JSON.stringify(list)).toContain('SAPFIGHT2030');
  });

  it("each event's status (booking windows, draws)", async () => {
    const months = await eventMonths();
    for (const e of await t.db.select().from(events)) {
      const res = await t.get(`/api/rsvp/${encodeURIComponent(e.id)}/status`, member);
      if (res.statusCode !== 200) continue;
      expectTrueToEvents(`status of ${e.id}`, res.body, e.benefitId ? months.get(e.benefitId) : undefined);
    }
  });

  it('the partner pages', async () => {
    const months = await eventMonths();
    const pages = await t.db.select().from(partnerPages);
    expect(pages.length).toBeGreaterThan(5);
    for (const p of pages) {
      const res = await t.get(`/api/pages/${p.slug}`, member);
      expect(res.statusCode, p.slug).toBe(200);
      expectTrueToEvents(`page /${p.slug}`, res.body, p.benefitId ? months.get(p.benefitId) : undefined);
    }
  });

  it('the mails of every booking a member can make in one press', async () => {
    const months = await eventMonths();
    let seen = 0;
    let mailed = 0;
    for (const e of await t.db.select().from(events)) {
      const res = await t.post(`/api/rsvp/${encodeURIComponent(e.id)}`, member, {});
      if (res.statusCode !== 201) continue;
      const mine = await queuedMails(t.db, { to: 'dates.reader@example.com' });
      for (const m of mine.slice(seen)) {
        mailed++;
        expectTrueToEvents(
          `${m.purpose} mail for ${e.id}`,
          `${m.subject}\n${m.text}\n${m.html ?? ''}`,
          e.benefitId ? months.get(e.benefitId) : undefined,
        );
      }
      seen = mine.length;
    }
    expect(mailed).toBeGreaterThanOrEqual(5);
  });

  it("the tiles' art carries no date (the tile's date line is the event's)", async () => {
    const list = (await t.get('/api/benefits', member)).json() as { id: string; imageUrl: string | null }[];
    for (const b of list) {
      if (!b.imageUrl?.startsWith('/art/')) continue;
      const svg = readFileSync(new URL(`../../src/client/public${b.imageUrl}`, import.meta.url), 'utf8');
      const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>|aria-label="([^"]*)"/g)].map((m) => m[1] ?? m[2]);
      expect(words.length, b.imageUrl).toBeGreaterThan(0);
      expect([...monthsIn(words.join('\n'))], `${b.imageUrl}: ${words.join(' | ')}`).toEqual([]);
    }
  });
});
