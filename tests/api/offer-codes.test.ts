import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '#common/error-codes.ts';
import { formatShortInstant } from '#common/event-time.ts';
import { adminAudit, bookings, offerCodes } from '../../src/server/db/schema.ts';
import { createTestEvent, DAY } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { pdfText } from '../support/pdf-text.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Decision 029: offer code pools, per-member limits, claim windows and redemptions, through the one engine.
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ loginLimitPerIp: 1_000_000, loginLimitPerEmail: 1000 });
  admin = await t.signInAdmin('codes-admin@example.com');
});
afterAll(() => t.close());

const base = (id: string) => `/api/admin/benefits/${id}/offer-codes`;
const upload = (id: string, text: string) => t.post(`${base(id)}/upload`, admin, { text });
const settings = (id: string, body: object) => t.put(`${base(id)}/settings`, admin, body);
const summary = async (id: string) => (await t.get(base(id), admin)).json();
const claim = (id: string, cookie: string) => t.post(`/api/rsvp/${id}`, cookie, {});

/** An offer: a benefit whose event has no time and no capacity, claimed in one click. */
async function makeOffer(id: string, opts: { waitlist?: boolean; withPartner?: boolean; timeZone?: string } = {}) {
  await createTestEvent(t.db, id, {
    capacity: null,
    bookingForm: 'none',
    ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
    ...(opts.withPartner ? { withPartner: true } : {}),
    config: { slotConfig: { allowWaitlist: opts.waitlist ?? false } },
  });
}

let n = 0;
const member = () => t.signIn(`codes-member-${++n}@example.com`);

describe('offer code pools', () => {
  it('refuses an upload with blanks and duplicates line by line, writing nothing; then adds a clean one', async () => {
    await makeOffer('oc-upload');
    const bad = await upload('oc-upload', 'A1\n\nB2\nA1\n  \nC3\n');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: ERROR_CODE.codesRejected,
      lines: [
        { line: 2, problem: 'blank' },
        { line: 4, code: 'A1', problem: 'duplicate_in_upload' },
        { line: 5, problem: 'blank' },
      ],
    });
    expect((await summary('oc-upload')).total).toBe(0);

    const csv = 'partner,code\r\nx, K-1 \r\ny,K-2\r\n';
    const ok = await upload('oc-upload', csv);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ added: 2, promoted: 0 });
    const again = await upload('oc-upload', 'K-3\nK-1\n');
    expect(again.statusCode).toBe(422);
    expect(again.json().lines).toEqual([{ line: 2, code: 'K-1', problem: 'already_in_pool' }]);
    expect(await summary('oc-upload')).toMatchObject({ mode: 'codes', total: 2, claimed: 0, left: 2 });
  });

  it('hands each claim one code (in the answer, the status, the mail), then refuses once the pool is empty', async () => {
    await makeOffer('oc-claim');
    await upload('oc-claim', 'CODE-1\nCODE-2');
    const [a, b, c] = [await member(), await member(), await member()];
    const first = await claim('oc-claim', a);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().offerCodes).toEqual(['CODE-1']);
    expect((await t.get('/api/rsvp/oc-claim/status', a)).json().offerCodes).toEqual(['CODE-1']);
    expect((await t.get('/api/rsvp/oc-claim/slots', a)).json()).toMatchObject({ remainingSlots: 1, codes: true });

    const again = await claim('oc-claim', a);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(ERROR_CODE.claimLimit);

    expect((await claim('oc-claim', b)).json().offerCodes).toEqual(['CODE-2']);
    const late = await claim('oc-claim', c);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe(ERROR_CODE.soldOut);
    expect((await t.get('/api/availability', c)).json().eventIds).toContain('oc-claim');

    const mails = await queuedMails(t.db, { purpose: 'confirmation', to: `codes-member-${n - 2}@example.com` });
    expect(mails.at(-1)?.text).toContain('Your offer code: CODE-1');
  });

  it('offers no further claim once the pool is out of codes, whatever the per-member limit', async () => {
    await makeOffer('oc-last');
    await upload('oc-last', 'LAST-1');
    expect((await settings('oc-last', { mode: 'codes', perMemberLimit: 3 })).statusCode).toBe(200);
    const m = await member();
    expect((await claim('oc-last', m)).statusCode).toBe(201);
    expect((await t.get('/api/rsvp/oc-last/status', m)).json()).toMatchObject({
      offerCodes: ['LAST-1'],
      claimsLeft: 0,
    });
  });

  it('lets a member claim up to the per-member limit, and only inside the claim window', async () => {
    await makeOffer('oc-limit');
    await upload('oc-limit', 'L1\nL2\nL3\nL4');
    expect((await settings('oc-limit', { mode: 'codes', perMemberLimit: 2 })).statusCode).toBe(200);
    const m = await member();
    expect((await claim('oc-limit', m)).statusCode).toBe(201);
    expect((await t.get('/api/rsvp/oc-limit/status', m)).json()).toMatchObject({ offerCodes: ['L1'], claimsLeft: 1 });
    expect((await claim('oc-limit', m)).statusCode).toBe(201);
    expect((await t.get('/api/rsvp/oc-limit/status', m)).json()).toMatchObject({
      offerCodes: ['L1', 'L2'],
      claimsLeft: 0,
    });
    const third = await claim('oc-limit', m);
    expect(third.statusCode).toBe(409);
    expect(third.json()).toMatchObject({ code: ERROR_CODE.claimLimit, error: expect.stringContaining('2 times') });

    const later = new Date(Date.now() + DAY).toISOString();
    await settings('oc-limit', { mode: 'codes', perMemberLimit: 2, claimOpensAt: later });
    const early = await claim('oc-limit', await member());
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(ERROR_CODE.claimWindow);
    const past = new Date(Date.now() - DAY).toISOString();
    await settings('oc-limit', { mode: 'codes', perMemberLimit: 2, claimClosesAt: past });
    expect((await claim('oc-limit', await member())).json()).toMatchObject({
      code: ERROR_CODE.claimWindow,
      error: 'Claims for this offer have closed',
    });
    const wrong = await settings('oc-limit', { mode: 'codes', perMemberLimit: 0 });
    expect(wrong.statusCode).toBe(400);
  });

  it('gives everyone the same shared code', async () => {
    await makeOffer('oc-shared');
    expect((await settings('oc-shared', { mode: 'shared', sharedCode: 'WELCOME', perMemberLimit: 1 })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 3; i++)
      expect((await claim('oc-shared', await member())).json().offerCodes).toEqual(['WELCOME']);
  });

  it('puts claims past the pool on the waitlist and hands them codes in order as codes are added', async () => {
    await makeOffer('oc-wait', { waitlist: true });
    await upload('oc-wait', 'W1');
    const [a, b, c] = [await member(), await member(), await member()];
    expect((await claim('oc-wait', a)).json().status).toBe('confirmed');
    expect((await claim('oc-wait', b)).json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await claim('oc-wait', c)).json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    const added = await upload('oc-wait', 'W2');
    expect(added.json()).toEqual({ added: 1, promoted: 1 });
    expect((await t.get('/api/rsvp/oc-wait/status', b)).json()).toMatchObject({ hasRsvpd: true, offerCodes: ['W2'] });
    expect((await t.get('/api/rsvp/oc-wait/status', c)).json().booking.status).toBe('waitlisted');
    const promoted = await queuedMails(t.db, { purpose: 'promoted', to: `codes-member-${n - 1}@example.com` });
    expect(promoted.at(-1)?.text).toContain('Your offer code: W2');
    expect((await upload('oc-wait', 'W3\nW4')).json()).toEqual({ added: 2, promoted: 1 });
    expect(await summary('oc-wait')).toMatchObject({ total: 4, claimed: 3, left: 1, waiting: 0 });
  });

  it('redeems typed codes and pass codes once, undoes, and reports a file of redeemed codes', async () => {
    await makeOffer('oc-redeem', { timeZone: 'Europe/London' });
    await upload('oc-redeem', 'R1\nR2\nR3\nR4');
    const cookies = [await member(), await member(), await member()];
    for (const c of cookies) await claim('oc-redeem', c);
    const ok = await t.post(`${base('oc-redeem')}/redeem`, admin, { code: 'r1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().code).toMatchObject({ code: 'R1', redeemedBy: 'codes-admin@example.com' });
    const twice = await t.post(`${base('oc-redeem')}/redeem`, admin, { code: 'R1' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe(ERROR_CODE.alreadyRedeemed);
    // When, in the event's zone (London, not the portal's Singapore), labelled: 'Already redeemed on 28 Nov, 7:46 AM GMT'.
    const redeemedAt = new Date(ok.json().code.redeemedAt);
    expect(twice.json().error).toBe(`Already redeemed on ${formatShortInstant(redeemedAt, 'Europe/London')}`);
    expect(twice.json().error).toMatch(/^Already redeemed on \d{1,2} [A-Z][a-z]{2}, \d{1,2}(:\d\d)? [AP]M (GMT|BST)$/);
    expect((await t.post(`${base('oc-redeem')}/redeem`, admin, { code: 'R4' })).json().code).toBe(
      ERROR_CODE.notClaimed,
    );
    expect((await t.post(`${base('oc-redeem')}/redeem`, admin, { code: 'NOPE' })).statusCode).toBe(404);

    // The member's pass code (as /me's booking carries it) finds their code.
    const [r2] = await t.db.select().from(offerCodes).where(eq(offerCodes.code, 'R2'));
    const [booking] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, r2?.bookingId ?? ''));
    const byPass = await t.post(`${base('oc-redeem')}/redeem`, admin, { code: booking?.passCode ?? '' });
    expect(byPass.json().code.code).toBe('R2');

    const undo = await t.post(`${base('oc-redeem')}/unredeem`, admin, { code: 'R2' });
    expect(undo.json().code.redeemedAt).toBeNull();
    expect((await t.post(`${base('oc-redeem')}/unredeem`, admin, { code: 'R2' })).json().code).toBe(
      ERROR_CODE.notRedeemed,
    );

    // The file matches codes as the typed box does: ignoring case.
    const file = await t.post(`${base('oc-redeem')}/redeem-file`, admin, { text: 'code\nR1\nr2\nR3\nr3\nR4\nZZ\n' });
    expect(file.json()).toEqual({
      redeemed: 2,
      problems: [
        { line: 2, code: 'R1', problem: 'already_redeemed' },
        { line: 5, code: 'r3', problem: 'already_redeemed' },
        { line: 6, code: 'R4', problem: 'not_claimed' },
        { line: 7, code: 'ZZ', problem: 'unknown' },
      ],
    });
    expect(await summary('oc-redeem')).toMatchObject({ total: 4, claimed: 3, redeemed: 3, left: 1 });

    const list = (await t.get(`${base('oc-redeem')}/list?status=redeemed&q=R`, admin)).json();
    expect(list.codes.map((c: { code: string }) => c.code).sort()).toEqual(['R1', 'R2', 'R3']);

    const audit = await t.db
      .select({ action: adminAudit.action })
      .from(adminAudit)
      .where(and(like(adminAudit.action, 'offer.%'), eq(adminAudit.adminEmail, 'codes-admin@example.com')));
    const actions = new Set(audit.map((a) => a.action));
    for (const a of ['offer.codes_upload', 'offer.settings', 'offer.redeem', 'offer.unredeem', 'offer.redeem_csv'])
      expect(actions).toContain(a);
  });

  it('exports the codes formula-safe, and mails the organiser once when the pool runs low', async () => {
    await makeOffer('oc-low', { withPartner: true });
    await settings('oc-low', { mode: 'codes', perMemberLimit: 1, lowThreshold: 1 });
    await upload('oc-low', '=HYPERLINK("x")\nQ2\nQ3');
    for (let i = 0; i < 3; i++) await claim('oc-low', await member());
    const alerts = await queuedMails(t.db, { purpose: 'offer-alert', to: 'partner-oc-low@example.com' });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.text).toContain('1 of 3 codes are left');
    const csv = await t.get(`${base('oc-low')}.csv`, admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('shows claimed → redeemed per day in the partner report, its page answer and its PDF', async () => {
    await makeOffer('oc-report');
    await upload('oc-report', 'P1\nP2\nP3\nP4\nP5');
    for (let i = 0; i < 3; i++) await claim('oc-report', await member());
    await t.post(`${base('oc-report')}/redeem`, admin, { code: 'P2' });
    const report = await t.get('/api/admin/analytics/benefits/oc-report/partner-report', admin);
    expect(report.statusCode, report.body).toBe(200);
    const { codes } = report.json();
    expect(codes).toMatchObject({ total: 5, claimed: 3, redeemed: 1 });
    expect(codes.daily.at(-1)).toMatchObject({ claimed: 3, redeemed: 1 });
    expect(JSON.stringify(report.json())).not.toContain('@example.com');
    const pdf = await t.get('/api/admin/analytics/benefits/oc-report/partner-report.pdf', admin);
    const { text, pages } = pdfText(pdf.rawPayload);
    expect(pages).toBe(1);
    expect(text).toContain('3 of 5 claimed, 1 redeemed.');
  });

  it('answers a member, another offer and a missing benefit as a route should', async () => {
    const m = await member();
    expect((await t.get(base('oc-upload'), m)).statusCode).toBe(401);
    expect((await t.get(base('no-such-benefit'), admin)).statusCode).toBe(404);
    const staff = await t.signInStaff();
    expect((await t.get(base('oc-upload'), staff)).statusCode).toBe(403);
  });
});
