import { describe, expect, it } from 'vitest';
import { BOOKING_MSG } from '#common/booking-text.ts';
import en from '#common/catalogues/server/en.json';
import { alreadyRsvpdText } from '#common/concierge.ts';
import { DRAW_MSG } from '#common/draws.ts';
import { dynMessagesFrom } from '#common/dyn-messages.ts';
import { DYN_MSG } from '#common/dynamic-form.ts';
import { formatInstant, formatShortInstant } from '#common/event-time.ts';
import { MSG } from '#common/messages.ts';
import { OFFER_MSG } from '#common/offer-codes.ts';
import { WALLET_MSG } from '#common/passes.ts';
import { RELEASE_MSG } from '#common/release-text.ts';
import { RSVP_MSG } from '#common/rsvp.ts';
import { TRANSFER_MSG } from '#common/transfers.ts';
import { memberI18n } from './member-i18n.ts';
import { say, type WordKey, type WordValue, words } from './member-words.ts';
import { WRITES_TOO_FAST } from './member-write-limits.ts';

// Decision 072: English is the spec's wording, byte for byte. Every key of the server's catalogue is here, beside
// the `_MSG` text the API tests assert, so a key cannot drift from its constant (nor be added without a line here).
const at = new Date('2026-12-03T10:30:00Z');
const zone = 'Asia/Singapore';
const when = { at, timeZone: zone };
const EXPECTED: Record<WordKey, [Record<string, WordValue> | undefined, string]> = {
  'srv.rsvp.alreadyBooked': [undefined, RSVP_MSG.alreadyBooked],
  'srv.rsvp.alreadyRsvpd': [{ contact: 'p@x.example' }, alreadyRsvpdText('p@x.example')],
  'srv.rsvp.alreadyRsvpdConcierge': [undefined, alreadyRsvpdText('the concierge')],
  'srv.rsvp.soldOut': [undefined, RSVP_MSG.soldOut],
  'srv.rsvp.slotFull': [undefined, RSVP_MSG.slotFull],
  'srv.rsvp.slotNotFound': [undefined, RSVP_MSG.slotNotFound],
  'srv.rsvp.eventNotFound': [undefined, RSVP_MSG.eventNotFound],
  'srv.rsvp.needsForm': [undefined, RSVP_MSG.needsForm],
  'srv.rsvp.tooManyGuests': [{ max: 3 }, RSVP_MSG.tooManyGuests(3)],
  'srv.rsvp.busy': [undefined, RSVP_MSG.busy],
  'srv.rsvp.formNotAvailable': [undefined, RSVP_MSG.formNotAvailable],
  'srv.form.termsRequired': [undefined, DYN_MSG.termsRequired],
  'srv.booking.notFound': [undefined, BOOKING_MSG.notFound],
  'srv.booking.alreadyWaitlisted': [undefined, BOOKING_MSG.alreadyWaitlisted],
  'srv.booking.notYetOpen': [{ when }, BOOKING_MSG.notYetOpen(formatInstant(at, zone))],
  'srv.booking.closed': [{ when }, BOOKING_MSG.closed(formatInstant(at, zone))],
  'srv.booking.ended': [undefined, BOOKING_MSG.ended],
  'srv.booking.slotPassed': [undefined, BOOKING_MSG.slotPassed],
  'srv.booking.windowClosed': [{ contact: 'p@x.example' }, BOOKING_MSG.windowClosed('p@x.example')],
  'srv.booking.windowClosedConcierge': [undefined, BOOKING_MSG.windowClosed('the concierge')],
  'srv.booking.throughPartner': [{ contact: 'p@x.example' }, BOOKING_MSG.throughPartner('p@x.example')],
  'srv.booking.throughOrganiser': [undefined, BOOKING_MSG.throughPartner(null)],
  'srv.booking.notChangeable': [undefined, BOOKING_MSG.notChangeable],
  'srv.booking.nothingToChange': [undefined, BOOKING_MSG.nothingToChange],
  'srv.booking.waitlisted': [{ position: 12 }, BOOKING_MSG.waitlisted(12)],
  'srv.booking.slotWaitlisted': [{ position: 1 }, BOOKING_MSG.slotWaitlisted(1)],
  'srv.booking.pending': [undefined, BOOKING_MSG.pending],
  'srv.draw.notOpen': [{ when }, DRAW_MSG.notOpen(formatInstant(at, zone))],
  'srv.draw.closed': [{ when }, DRAW_MSG.closed(formatInstant(at, zone))],
  'srv.draw.alreadyEntered': [undefined, DRAW_MSG.alreadyEntered],
  'srv.draw.notFound': [undefined, DRAW_MSG.notFound],
  'srv.draw.entered': [{ drawOn: { ...when, short: true } }, DRAW_MSG.entered(formatShortInstant(at, zone))],
  'srv.offer.limitReachedOnce': [undefined, OFFER_MSG.limitReached(1)],
  'srv.offer.limitReached': [{ n: 2 }, OFFER_MSG.limitReached(2)],
  'srv.offer.notOpenYet': [{ when }, OFFER_MSG.notOpenYet(formatInstant(at, zone))],
  'srv.offer.closed': [undefined, OFFER_MSG.closed],
  'srv.transfer.off': [undefined, TRANSFER_MSG.off],
  'srv.transfer.notTransferable': [undefined, TRANSFER_MSG.notTransferable],
  'srv.transfer.tooLate': [undefined, TRANSFER_MSG.tooLate],
  'srv.transfer.openOffer': [undefined, TRANSFER_MSG.openOffer],
  'srv.transfer.tooManyOffers': [{ max: 3 }, TRANSFER_MSG.tooManyOffers],
  'srv.transfer.toYourself': [undefined, TRANSFER_MSG.toYourself],
  'srv.transfer.invalid': [undefined, TRANSFER_MSG.invalid],
  'srv.transfer.gone': [undefined, TRANSFER_MSG.gone],
  'srv.transfer.expired': [undefined, TRANSFER_MSG.expired],
  'srv.transfer.placeGone': [undefined, TRANSFER_MSG.placeGone],
  'srv.transfer.alreadyHolds': [{ event: 'Gala Dinner' }, TRANSFER_MSG.alreadyHolds('Gala Dinner')],
  'srv.transfer.membersOnly': [undefined, TRANSFER_MSG.membersOnly],
  'srv.transfer.accepted': [{ event: 'Gala Dinner' }, TRANSFER_MSG.accepted('Gala Dinner')],
  'srv.release.invalid': [undefined, RELEASE_MSG.invalid],
  'srv.release.used': [undefined, RELEASE_MSG.used],
  'srv.release.outdated': [undefined, RELEASE_MSG.outdated],
  'srv.release.expired': [undefined, RELEASE_MSG.expired],
  'srv.release.released': [undefined, RELEASE_MSG.released],
  'srv.release.leftWaitlist': [undefined, RELEASE_MSG.leftWaitlist],
  'srv.pass.noPass': [undefined, WALLET_MSG.noPass],
  'srv.pass.notConfigured': [undefined, WALLET_MSG.notConfigured],
  'srv.auth.notAuthorized': [undefined, MSG.notAuthorized],
  'srv.auth.tooManyAttempts': [undefined, MSG.tooManyAttempts],
  'srv.auth.tooManyCodes': [undefined, MSG.tooManyCodes],
  'srv.auth.codeInvalid': [undefined, MSG.loginCodeInvalid],
  'srv.auth.codeOtherBrowser': [undefined, MSG.loginCodeOtherBrowser],
  'srv.limit.tooFast': [undefined, WRITES_TOO_FAST],
  'srv.internal': [undefined, MSG.internal],
};

describe("the server's words for a member (decision 072)", () => {
  it('every key is checked here', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(en).sort());
  });

  it.each(Object.entries(EXPECTED))('%s in English is its constant, byte for byte', (key, [values, text]) => {
    expect(say(words(key as WordKey, values))).toBe(text);
  });

  it('counts read as the constants write them', () => {
    for (const n of [2, 10, 1000]) expect(say(words('srv.offer.limitReached', { n }))).toBe(OFFER_MSG.limitReached(n));
    expect(say(words('srv.booking.waitlisted', { position: 1234 }))).toBe(BOOKING_MSG.waitlisted(1234));
  });

  it('other languages write the sentence and its date in their own words', () => {
    const zh = say(words('srv.booking.notYetOpen', { when }), 'zh-Hans');
    expect(zh).toBe(`此活动将于 ${formatInstant(at, zone, 'zh-Hans')} 开放预订。`);
    expect(zh).not.toMatch(/Dec|AM|PM/);
    expect(say(words('srv.offer.limitReached', { n: 2 }), 'ja')).toBe('この特典は既に 2 回受け取り済みです');
    expect(say(words('srv.rsvp.soldOut'), 'ko')).toBe('죄송합니다. 이 이벤트는 마감되었습니다.');
  });
});

describe("a dynamic form's checks from the catalogue", () => {
  it('read in English as the spec writes them: the browser builds its English ones this way', () => {
    const i18n = memberI18n('en');
    const english = dynMessagesFrom((id, values) => i18n._(id, values));
    for (const [key, spec] of Object.entries(DYN_MSG) as [keyof typeof DYN_MSG, unknown][]) {
      const ours = english[key] as unknown;
      if (typeof spec === 'string') expect(ours).toBe(spec);
      else if (key === 'guests') for (const max of [2, 4]) expect(english.guests(max)).toBe(DYN_MSG.guests(max));
      else {
        const call = (f: unknown) => (f as (name: string, n: number) => string)('Full Name', 1200);
        expect(call(ours)).toBe(call(spec));
      }
    }
  });
});
