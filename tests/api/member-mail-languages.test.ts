import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBooking } from '#common/bookings.ts';
import { events } from '../../src/server/db/schema.ts';
import { conciergeBody } from '../support/bookings.ts';
import { createTestEvent } from '../support/events.ts';
import { queuedMails } from '../support/mails.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAppleTestCertificates } from '../support/wallet-keys.ts';

// Decision 061: what goes out to a member (mails, invites, wallet passes) is in the language on their profile.
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
});
const google = { issuerId: '3388000000012345678', issuerName: 'Test', clientEmail: 'w@t.iam.example', privateKey };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    loginLimitPerIp: 1_000_000,
    loginLimitPerEmail: 1000,
    wallet: { apple: makeAppleTestCertificates(), google, authSecret: 'mail-languages-wallet-secret-0123456789' },
  });
  const admin = await t.signInAdmin('languages-admin@example.com');
  await createTestEvent(t.db, 'lang-offer', { capacity: null, config: { slotConfig: { allowWaitlist: false } } });
  await t.db.update(events).set({ benefitType: 'offer' }).where(eq(events.id, 'lang-offer'));
  const upload = await t.post('/api/admin/benefits/lang-offer/offer-codes/upload', admin, { text: 'L1\nL2\nL3\nL4' });
  expect(upload.statusCode, upload.body).toBe(200);
});
afterAll(() => t.close());

const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const icsProp = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((l) => l.startsWith(`${name}:`))
    ?.slice(name.length + 1);

/** Words each language writes (its own, not read back from the catalogue), and English as the spec has it. */
const CASES = [
  {
    locale: 'zh-Hans',
    subject: '报名确认 - ',
    thanks: '谢谢！您已成功报名',
    offer: '您的优惠 - ',
    code: '您的优惠码：',
    date: /日期：\d{4}年\d{1,2}月\d{1,2}日/,
    manage: '更改/取消预订：',
    event: '活动',
    when: '时间',
  },
  {
    locale: 'ja',
    subject: '参加登録の確認 - ',
    thanks: 'への参加登録が確定しました',
    offer: 'あなたの特典 - ',
    code: 'あなたの特典コード：',
    date: /日付：\d{4}年\d{1,2}月\d{1,2}日/,
    manage: '予約の変更・キャンセル：',
    event: 'イベント',
    when: '日時',
  },
  {
    locale: 'ko',
    subject: '참가 신청 확인 - ',
    thanks: '참가 신청이 확정되었습니다',
    offer: '나의 혜택 - ',
    code: '나의 혜택 코드: ',
    date: /날짜: \d{4}년 \d{1,2}월 \d{1,2}일/,
    manage: '예약 변경/취소: ',
    event: '이벤트',
    when: '일시',
  },
  {
    locale: 'en',
    subject: 'RSVP Confirmation - ',
    thanks: 'Thank you! Your RSVP for',
    offer: 'Your offer - ',
    code: 'Your offer code: ',
    date: /Date: \d{1,2} [A-Z][a-z]+ \d{4}/,
    manage: 'CHANGE/CANCEL BOOKING: ',
    event: 'EVENT',
    when: 'When',
  },
] as const;

describe('what goes out in the member’s language', () => {
  it.each(CASES)('$locale: the event, tour and offer mails, the invite, and both wallet passes', async (c) => {
    const email = `lang-${c.locale.toLowerCase()}@example.com`;
    const cookie = await t.signIn(email, 'Lin', 'Member');
    // English is what a member who never chose gets: only the others pick a language.
    if (c.locale !== 'en') {
      const put = await t.put('/api/auth/locale', cookie, { locale: c.locale });
      expect(put.statusCode).toBe(200);
    }
    expect((await t.post('/api/rsvp/speakers-reception', cookie, {})).statusCode).toBe(201);
    const tour = await t.post('/api/ap-house/rsvp', cookie, conciergeBody(email, { fullName: 'Lin Member' }));
    expect(tour.statusCode, tour.body).toBe(201);
    expect((await t.post('/api/rsvp/lang-offer', cookie, {})).statusCode).toBe(201);

    const mails = await queuedMails(t.db, { purpose: 'confirmation', to: email });
    expect(mails).toHaveLength(3);
    const [event, slot, offer] = mails as [(typeof mails)[number], (typeof mails)[number], (typeof mails)[number]];
    for (const mail of [event, slot]) {
      expect(mail.subject.startsWith(c.subject)).toBe(true);
      expect(mail.text).toContain(c.thanks);
      expect(mail.text).toMatch(c.date);
      expect(mail.text).toContain(c.manage);
      expect(mail.html).toContain(c.manage);
      // The time in the event's zone, labelled.
      expect(mail.text).toContain('SGT');
      const ics = mail.calendar?.content ?? '';
      expect(icsProp(ics, 'SUMMARY')).toBeTruthy();
      expect(icsProp(ics, 'DESCRIPTION')).toContain(c.manage.replace(/[:：] ?$/, ''));
    }
    expect(offer.subject.startsWith(c.offer)).toBe(true);
    expect(offer.text).toMatch(new RegExp(`${c.code}L\\d`));
    expect(offer.calendar).toBeUndefined();

    const mine = (await t.get('/api/me/bookings', cookie)).json().data as MyBooking[];
    const reception = mine.find((b) => b.eventId === 'speakers-reception') as MyBooking;
    const pkpass = await t.get(`/api/me/bookings/${reception.id}/wallet.pkpass`, cookie);
    expect(pkpass.statusCode).toBe(200);
    const pass = JSON.parse(
      Buffer.from(unzipSync(new Uint8Array(pkpass.rawPayload))['pass.json'] as Uint8Array).toString(),
    );
    expect(pass.eventTicket.primaryFields[0].label).toBe(c.event);
    const save = await t.get(`/api/me/bookings/${reception.id}/google-wallet`, cookie);
    const jwt = String(save.headers.location).split('/').at(-1) ?? '';
    const ticket = (decodeJwt(jwt).payload as { eventTicketObjects: { textModulesData: { header: string }[] }[] })
      .eventTicketObjects[0];
    expect(ticket?.textModulesData[0]?.header).toBe(c.when);
  });
});
