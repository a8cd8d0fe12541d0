import * as rsvpApi from '#common/api/rsvp.ts';
import type { BenefitType } from '#common/benefit-type.ts';
import {
  type ActionWording,
  actionWording,
  DEFAULT_WORDS,
  defaultKind,
  type SayDefault,
  signedOutNotice as specNotice,
} from '#common/member-action-defaults.ts';
import type { ActionWordingByEvent } from '#common/member-action-wording.ts';
import { pathOf } from '#common/route-contract.ts';
import { i18n } from '../../i18n/i18n.ts';

/**
 * How each one-click action looks and speaks (docs/spec/member-portal.md §4, §5, §8, §9). The words are the event's
 * own, from the data (the seed writes the spec's; an admin edits them), merged over the spec's generic wording
 * (decision 033). What stays here is technical, by event: where its place count comes from and how often it is
 * asked, how often the status is polled, and the button's colour.
 * Capacity figures are never here: they come from the slots call (docs/spec/DESIGN.md §4).
 */
export type MemberAction = ActionWording & ActionTechnics;

type ActionTechnics = {
  slots?: {
    path: string;
    pollMs: number;
    staleMs?: number;
    withCredentials: boolean;
    fallback?: { remainingSlots: number; bookableSlots: number };
  };
  statusPollMs?: number;
  style?: 'gold' | 'blue';
};

/** An event's place count call (the spec names the short form for some events). */
const slotsUrl = (eventId: string, route: typeof rsvpApi.slots | typeof rsvpApi.slotsShort = rsvpApi.slots) =>
  pathOf(route, { params: { eventId } });

/** The spec's events; an event not named here counts its places through its own slots call. */
const TECHNICS: Record<string, ActionTechnics> = {
  'speakers-reception': {},
  'bryan-johnson': {
    slots: { path: slotsUrl('bryan-johnson', rsvpApi.slotsShort), pollMs: 3000, staleMs: 5000, withCredentials: true },
  },
  'crypto-fight-night': {
    slots: { path: slotsUrl('crypto-fight-night', rsvpApi.slotsShort), pollMs: 8000, withCredentials: true },
  },
  'mclaren-tour': {
    slots: {
      path: slotsUrl('mclaren-tour'),
      pollMs: 3000,
      withCredentials: false,
      fallback: { remainingSlots: 0, bookableSlots: 10 },
    },
    statusPollMs: 3000,
  },
  'sothebys-private-auction': { statusPollMs: 3000, style: 'blue' },
  'national-gallery-pass': {
    slots: { path: slotsUrl('national-gallery-pass'), pollMs: 3000, withCredentials: true },
  },
  'national-gallery-invitation': {
    slots: { path: slotsUrl('national-gallery-invitation', rsvpApi.slotsShort), pollMs: 3000, withCredentials: true },
  },
  // With a code pool (decision 029) the offer says how many codes are left; without one the call answers nulls.
  wristcheck: { slots: { path: slotsUrl('wristcheck'), pollMs: 8000, withCredentials: true } },
  jai: {},
  after2049: {},
};

/** What an action needs of the benefit (or page) it is on: its title, and its events' own wording. */
export type ActionSource = {
  title: string;
  actionWording?: ActionWordingByEvent;
  /** What each event is (event, tour, offer, interest): the words an event without its own speak. */
  eventTypes?: Record<string, BenefitType>;
};

/**
 * The product's default words in the member's language (the pages' catalogue, loaded with this chunk); English, or a
 * catalogue not loaded yet, reads the spec's words as `defaultActionWording` writes them.
 */
const inLanguage = (id: string, values?: Record<string, string>) =>
  i18n.locale !== 'en' && id in (i18n.messages ?? {}) ? i18n._(id, values) : undefined;
const sayDefault: SayDefault = (kind, field, title) => inLanguage(`action.${kind}.${field}`, { title });

/**
 * An event's action: its stored wording over the spec's generic wording (a button an organiser labelled as
 * interest speaks of interest), with the technical settings of a spec event, or else its own slots call.
 */
export function memberActionFor(eventId: string, source: ActionSource, label?: string): MemberAction {
  const technics = TECHNICS[eventId] ?? {
    slots: { path: slotsUrl(eventId), pollMs: 5000, withCredentials: true },
  };
  const type = source.eventTypes?.[eventId];
  return { ...actionWording(source.actionWording?.[eventId], source.title, label, type, sayDefault), ...technics };
}

/** What a member whose session is gone hears (member-portal.md §5, §8): the spec's line in the member's language. */
export function signedOutNotice(wording: Parameters<typeof specNotice>[0]) {
  const notice = specNotice(wording);
  const said = notice.redirect ? inLanguage('action.signedOut') : undefined;
  return said ? { ...notice, description: said } : notice;
}

/**
 * A full event's own word (its stored one, or its kind's: an offer's ALL CLAIMED), or null where it says the spec's
 * SOLD OUT: decided from the wording's source, not by comparing words.
 */
export function ownSoldOutLabel(eventId: string, source: ActionSource, label?: string): string | null {
  const stored = source.actionWording?.[eventId]?.soldOut;
  const kind = defaultKind(label, source.eventTypes?.[eventId]);
  if (!stored && DEFAULT_WORDS[kind].soldOut === undefined) return null;
  return memberActionFor(eventId, source, label).soldOut;
}

export { AUTH_FAILURE_TEXT, defaultActionWording } from '#common/member-action-defaults.ts';
