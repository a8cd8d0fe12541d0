import { describe, expect, it } from 'vitest';
import * as rsvpApi from '#common/api/rsvp.ts';
import { pathOf } from '#common/route-contract.ts';
import { memberActionFor, signedOutNotice } from './member-actions.ts';

// The seeded events' own words (signedOutNotice, the done labels) are tested beside the seed that writes them:
// src/server/db/seed/action-wording.test.ts (decision 033).

describe('memberActionFor', () => {
  it('gives an organiser event the RSVP wording and its own slots call', () => {
    const action = memberActionFor('rooftop drinks', { title: 'Rooftop Drinks' });
    expect(action).toMatchObject({
      idle: 'RSVP',
      successText: 'Your place at Rooftop Drinks is confirmed.',
      loginText: 'Please log in to RSVP for events',
      authRedirect: true,
    });
    expect(action.slots?.path).toBe(pathOf(rsvpApi.slots, { params: { eventId: 'rooftop drinks' } }));
  });

  it('speaks of interest when the organiser labelled the button so', () => {
    const action = memberActionFor('golf-day', { title: 'Golf Day' }, 'Express Your Interest');
    expect(action).toMatchObject({
      idle: 'Express Your Interest',
      done: 'INTEREST EXPRESSED',
      loginText: 'Please log in to express interest in events',
      failTitle: 'Failed to Express Interest',
    });
  });

  it("reads the event's own wording over the defaults, field by field", () => {
    const source = { title: 'Golf Day', actionWording: { 'golf-day': { done: 'TEE TIME BOOKED' } } };
    expect(memberActionFor('golf-day', source)).toMatchObject({ done: 'TEE TIME BOOKED', idle: 'RSVP' });
    expect(memberActionFor('other', source).done).toBe('RSVP Confirmed');
  });

  it("keeps a spec event's technical settings: its own slots call, or none", () => {
    expect(memberActionFor('bryan-johnson', { title: 'Any' }).slots?.path).toBe(
      pathOf(rsvpApi.slotsShort, { params: { eventId: 'bryan-johnson' } }),
    );
    expect(memberActionFor('jai', { title: 'Any' }).slots).toBeUndefined();
    expect(memberActionFor('sothebys-private-auction', { title: 'Any' })).toMatchObject({
      style: 'blue',
      statusPollMs: 3000,
    });
  });
});

describe('memberActionFor in another language', () => {
  it("speaks the product's defaults from the catalogue, the event's own words as stored", async () => {
    const { compileCatalogue } = await import('#common/compile-catalogue.ts');
    const pages = (await import('#common/catalogues/pages/zh-Hans.json')).default;
    const { i18n } = await import('../../i18n/i18n.ts');
    i18n.load('zh-Hans', compileCatalogue(pages));
    i18n.activate('zh-Hans');
    try {
      const source = { title: '高尔夫日', actionWording: { 'golf-day': { done: 'TEE TIME BOOKED' } } };
      expect(memberActionFor('golf-day', source)).toMatchObject({
        idle: '报名',
        done: 'TEE TIME BOOKED',
        successText: '你已确认参加 高尔夫日。',
      });
      expect(memberActionFor('other', { title: 'X', eventTypes: { other: 'offer' } }).done).toBe('已领取优惠');
      expect(signedOutNotice(memberActionFor('other', { title: 'X' })).description).toBe(
        '请登录后报名活动。即将为你跳转到登录页面。',
      );
    } finally {
      i18n.activate('en');
    }
    expect(memberActionFor('other', { title: 'X' }).done).toBe('RSVP Confirmed');
  });
});
