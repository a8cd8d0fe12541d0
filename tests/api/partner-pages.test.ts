import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_MSG, type PageInput } from '#common/partner-pages.ts';
import { adminAudit, benefits, partnerPages } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 010: partner pages are data an admin edits, seeded from the spec; a new benefit can have one the same day.
let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signInAdmin();
  member = await t.signIn('pages.member@example.com');
});
afterAll(() => t.close());

const put = (slug: string, payload: unknown, cookie = admin) =>
  t.put(`/api/admin/pages/${slug}`, cookie, payload as object);

const page = (over: Partial<PageInput['content']> = {}, benefitId: string | null = 'hedley-studios'): PageInput => ({
  benefitId,
  content: {
    eyebrow: 'Studio offer',
    title: 'Hedley Studios',
    subtitle: 'Portraits at a pass-holder rate.',
    heroImage: '/art/hedley-studios.svg',
    sections: [
      {
        heading: 'Your session',
        paragraphs: ['One hour in the studio.'],
        facts: [{ label: 'Rate', value: '20% off' }],
      },
    ],
    buttons: [{ type: 'external', label: 'Book', href: 'https://hedleystudios.example/' }],
    ...over,
  },
});

describe('partner pages', () => {
  it('serves the seeded pages to members only, and the terms page to anyone', async () => {
    expect((await t.get('/api/pages/capella-day-pass')).statusCode).toBe(401);
    const capella = await t.get('/api/pages/capella-day-pass', member);
    expect(capella.statusCode).toBe(200);
    expect(capella.json()).toMatchObject({
      slug: 'capella-day-pass',
      benefitId: 'capella-day-pass',
      layout: 'partner',
      content: { title: 'Capella Singapore Day Pass' },
    });
    // Dated text follows the demo week the tests seed (2031), written by the one formatter.
    const bryan = (await t.get('/api/pages/bryan-johnson', member)).json();
    expect(bryan.content.sections[0].facts).toContainEqual({
      label: 'When',
      value: '1 October 2031, 2:00–3:00 PM SGT',
    });
    const terms = await t.get('/api/pages/elyx-life-terms');
    expect([terms.statusCode, terms.json().layout]).toEqual([200, 'terms']);
    expect(JSON.stringify(terms.json())).toContain('30 March 2032');
    // An unknown address is a 404 for anyone, as the portal's other unknown paths are.
    expect((await t.get('/api/pages/no-such-page')).statusCode).toBe(404);
    expect((await t.get('/api/pages/no-such-page', member)).json()).toEqual({
      error: PAGE_MSG.notFound,
      code: 'not_found',
    });
  });

  it('lets an admin write a page for a benefit; its modal links there at once, and the change is audited', async () => {
    const [before] = await t.db.select().from(benefits).where(eq(benefits.id, 'hedley-studios'));
    expect(before?.partnerPage).toBeNull();
    const saved = await put('hedley-studios-offer', page());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ slug: 'hedley-studios-offer', benefitId: 'hedley-studios' });
    const seen = (await t.get('/api/pages/hedley-studios-offer', member)).json();
    expect(seen.content.sections[0]).toEqual({
      heading: 'Your session',
      paragraphs: ['One hour in the studio.'],
      facts: [{ label: 'Rate', value: '20% off' }],
    });
    const benefit = (await t.get('/api/benefits/hedley-studios', member)).json();
    expect(benefit.partnerPage).toBe('/hedley-studios-offer');

    const edited = await put('hedley-studios-offer', page({ title: 'Hedley Studios, renamed' }));
    expect(edited.json().content.title).toBe('Hedley Studios, renamed');
    const list = (await t.get('/api/admin/pages', admin)).json().pages;
    expect(list).toContainEqual(
      expect.objectContaining({ slug: 'hedley-studios-offer', title: 'Hedley Studios, renamed' }),
    );
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, 'hedley-studios-offer'));
    expect(audit.map((a) => a.action)).toEqual(['page.save', 'page.save']);

    const removed = await t.del('/api/admin/pages/hedley-studios-offer', admin);
    expect(removed.statusCode).toBe(200);
    expect((await t.get('/api/pages/hedley-studios-offer', member)).statusCode).toBe(404);
    expect((await t.get('/api/benefits/hedley-studios', member)).json().partnerPage).toBeNull();
  });

  it.each([
    ['a reserved address', 'admin', page(), 400, PAGE_MSG.slugTaken],
    ['an address with capitals', 'Hedley', page(), 400, PAGE_MSG.slug],
    ['an unknown benefit', 'ok-slug', page({}, 'no-such-benefit'), 400, PAGE_MSG.unknownBenefit],
    [
      'an RSVP button for an unknown event',
      'ok-slug',
      page({ buttons: [{ type: 'rsvp', label: 'RSVP', eventId: 'nope' }] }),
      400,
      PAGE_MSG.unknownEvent('nope'),
    ],
    [
      'a javascript: internal link',
      'ok-slug',
      page({ buttons: [{ type: 'internal', label: 'x', href: 'javascript:alert(1)' }] }),
      400,
      PAGE_MSG.internalHref,
    ],
    [
      'a protocol-relative internal link',
      'ok-slug',
      page({ buttons: [{ type: 'internal', label: 'x', href: '//evil.example' }] }),
      400,
      PAGE_MSG.internalHref,
    ],
    [
      'a data: hero image',
      'ok-slug',
      page({ heroImage: 'data:image/svg+xml,<svg onload=alert(1)>' }),
      400,
      PAGE_MSG.image,
    ],
    [
      'a mail button without an address',
      'ok-slug',
      page({ buttons: [{ type: 'mail', label: 'Mail', href: 'mailto:' }] }),
      400,
      PAGE_MSG.mailHref,
    ],
  ])('refuses %s, and writes nothing', async (_name, slug, body, status, message) => {
    const res = await put(slug, body);
    expect([res.statusCode, res.json().error]).toEqual([status, message]);
    expect(await t.db.select().from(partnerPages).where(eq(partnerPages.slug, slug))).toEqual([]);
  });

  it('is for admins: members and door staff are refused', async () => {
    expect((await put('member-page', page(), member)).statusCode).toBe(401);
    const staff = await t.signInStaff();
    expect((await put('staff-page', page(), staff)).statusCode).toBe(403);
    expect(await t.db.select().from(partnerPages).where(eq(partnerPages.slug, 'staff-page'))).toEqual([]);
  });

  it("lets an admin rewrite a tile's modal: members see it, bad links and unknown actions are refused", async () => {
    const url = '/api/admin/benefits/hedley-studios/modal';
    const seeded = (await t.get(url, admin)).json().modal;
    expect(seeded.links).toEqual([
      { label: 'Visit the studio', href: 'https://hedleystudios.example/', type: 'external' },
    ]);
    const modal = {
      paragraphs: ['Portraits at a pass-holder rate.'],
      details: [{ label: 'Rate', value: '20% off' }],
      links: [{ type: 'mail', label: 'Write to us', href: 'mailto:studio@hedley.example' }],
      actions: ['wristcheck'],
    };
    const save = (body: unknown, to = url) => t.put(to, admin, body as object);
    const saved = await save({ modal });
    expect(saved.statusCode).toBe(200);
    expect((await t.get('/api/benefits/hedley-studios', member)).json().modal).toMatchObject(modal);

    const bad = [
      [
        { modal: { ...modal, links: [{ type: 'internal', label: 'x', href: 'javascript:alert(1)' }] } },
        PAGE_MSG.internalHref,
      ],
      [{ modal: { ...modal, actions: ['no-such-event'] } }, PAGE_MSG.unknownEvent('no-such-event')],
    ] as const;
    for (const [body, message] of bad) {
      const res = await save(body);
      expect([res.statusCode, res.json().error]).toEqual([400, message]);
    }
    expect((await save({ modal }, '/api/admin/benefits/no-such-benefit/modal')).statusCode).toBe(404);
    // What was refused changed nothing.
    expect((await t.get(url, admin)).json().modal).toMatchObject(modal);
  });
});
