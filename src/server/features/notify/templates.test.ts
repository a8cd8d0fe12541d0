import { describe, expect, it } from 'vitest';
import { BOOKING_MSG, CHANGE_CANCEL_LABEL } from '#common/bookings.ts';
import type { Locale } from '#common/locales.ts';
import { RELEASE_LABEL } from '#common/release.ts';
import { DEFAULT_CONFIRMATION_SUBJECT, notificationsSchema } from '#common/rsvp-config.ts';
import { TRANSFER_MSG } from '#common/transfers.ts';
import { mailT } from '../../lib/mail-i18n.ts';
import type { BookingMailContext } from './booking-mail-context.ts';
import { memberTyped, renderAdminMail, renderMemberMail, textToHtml } from './templates.ts';

describe('member-typed values in mails', () => {
  it.each([
    ['Ada https://evil.example/login', 'Ada https[:]//evil[.]example/login'],
    ['see www.evil.com', 'see www[.]evil[.]com'],
    ['evil.com', 'evil[.]com'],
    ['javascript://alert(1)', 'javascript[:]//alert(1)'],
  ])('makes %j inert', (typed, shown) => {
    expect(memberTyped(typed)).toBe(shown);
    expect(textToHtml(`Member: ${memberTyped(typed)}`)).not.toContain('<a ');
  });

  it('leaves ordinary names and phone numbers as typed, on one line', () => {
    expect(memberTyped('Dr. Ada Lovelace-Byron')).toBe('Dr. Ada Lovelace-Byron');
    expect(memberTyped('+65 9123\n4567')).toBe('+65 9123 4567');
  });

  it('still links the portal’s own addresses', () => {
    expect(textToHtml('Manage it at https://portal.example/bookings/1')).toContain(
      '<a href="https://portal.example/bookings/1">',
    );
  });
});

// Decision 061: a member's mail in their language, times in the event's zone; the organiser's title as written.
describe('booking mails in the member’s language', () => {
  const now = new Date('2031-09-01T00:00:00Z');
  const ctx = (kind: BookingMailContext['kind'], locale: Locale, over: Partial<BookingMailContext> = {}) =>
    ({
      kind,
      locale,
      booking: {
        id: 'b-1',
        email: 'm@example.com',
        fullName: null,
        firstName: 'Mei',
        lastName: null,
        status: 'confirmed',
        guestCount: 0,
        places: 1,
        passCode: null,
        placedAt: now,
      },
      event: {
        title: 'Harbour Dinner',
        benefitType: 'event',
        schedule: 'timed',
        timeZone: 'Asia/Singapore',
        startsAt: new Date('2031-10-01T11:00:00Z'),
        endsAt: new Date('2031-10-01T14:00:00Z'),
        location: 'Pier 7',
        venueAddress: '',
        partnerContactEmail: null,
      },
      slot: null,
      policy: { allowEditing: false, editingWindowHours: 24, notifications: notificationsSchema.parse({}) },
      portalUrl: 'https://portal.example',
      ...over,
    }) as unknown as BookingMailContext;

  it('a reminder: subject, days, the release link and the day in the language, the zone labelled', () => {
    const mail = renderMemberMail(
      ctx('reminder', 'zh-Hans', { daysBefore: 7, releaseUrl: 'https://r.example/1' }),
      now,
    );
    expect(mail?.subject).toBe('提醒：Harbour Dinner（2031年10月1日）');
    expect(mail?.text).toContain('Mei，您好：');
    expect(mail?.text).toContain('温馨提醒：Harbour Dinner 将在 7 天后举行。');
    expect(mail?.text).toContain('时间：19:00–22:00 SGT');
    expect(mail?.text).toContain('无法出席？释放我的名额：https://r.example/1');
    expect(mail?.text).toContain('此预订的更改需通过主办方办理。');
  });

  it('a draw entry says when the draw is in the language, from its instant', () => {
    const draw = { on: '2 Dec, 6 PM SGT', url: 'https://portal.example/draws/x', at: new Date('2031-12-02T10:00:00Z') };
    const ja = renderMemberMail(ctx('entered', 'ja', { draw }), now);
    expect(ja?.subject).toBe('抽選に応募しました - Harbour Dinner');
    expect(ja?.text).toContain('参加枠は12月2日 18:00 SGTの抽選で決まり');
    expect(renderMemberMail(ctx('entered', 'en', { draw }), now)?.text).toContain(
      'the draw on 2 Dec, 6 PM SGT decides',
    );
  });

  it('the partner’s notice stays English whatever the member’s language', () => {
    const partner = { partnerContactEmail: 'partner@example.com' };
    const event = { ...(ctx('confirmed', 'ko').event as object), ...partner } as BookingMailContext['event'];
    const notice = renderAdminMail(ctx('confirmed', 'ko', { event }), now);
    expect(notice?.subject).toBe('New booking: Harbour Dinner - Mei');
    expect(notice?.text).toContain('Date: 1 October 2031');
  });
});

describe('the English mail catalogue', () => {
  it('says what the spec’s constants say, so the words stay written once in meaning', () => {
    const t = mailT('en');
    expect(t('mail.changeCancel', { url: 'U' })).toBe(`${CHANGE_CANCEL_LABEL}: U`);
    expect(t('mail.release', { url: 'U' })).toBe(`${RELEASE_LABEL}: U`);
    expect(t('mail.throughPartner', { contact: 'p@x.example' })).toBe(BOOKING_MSG.throughPartner('p@x.example'));
    expect(t('mail.throughOrganiser')).toBe(BOOKING_MSG.throughPartner(null));
    expect(t('mail.confirmed.subject', { event: '{event}' })).toBe(DEFAULT_CONFIRMATION_SUBJECT);
    expect(t('transfer.membersOnly')).toBe(TRANSFER_MSG.membersOnly);
  });
});
