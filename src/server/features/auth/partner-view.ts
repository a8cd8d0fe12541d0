import type { FastifyRequest } from 'fastify';
import type { Attendee } from '#common/attendees.ts';
import type { CheckedInBooking, DoorPass } from '#common/check-in.ts';
import type { OfferCodeRow } from '#common/offer-codes.ts';
import type { PartnerAttendee, PartnerField } from '#common/partners.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sharedFields } from './partner-scope.ts';

/**
 * What a partner account sees of the people behind a benefit: the one rule every partner-visible route applies
 * (DESIGN §8, docs/decisions/046). Only the fields the organiser shares; never a pass code (the door matches a
 * scanned pass on the server); never who else acted (staff, other accounts): only the viewer's own e-mail.
 * Admins and staff have no view (`null`) and see everything.
 */
export type PartnerView = {
  fields: PartnerField[];
  shows: (field: PartnerField) => boolean;
  /** Who did something (checked in, redeemed), as this partner may read it: themselves, or nobody named. */
  actor: (email: string | null) => string | null;
  attendee: (a: Attendee) => PartnerAttendee;
  doorPass: (p: DoorPass) => DoorPass;
  checkedIn: (b: CheckedInBooking) => CheckedInBooking;
  offerCode: <T extends OfferCodeRow>(row: T) => T;
};

/** The view of a partner (`viewer`, their e-mail) on a benefit whose shared fields are `fields`. */
export function partnerView(fields: PartnerField[], viewer: string): PartnerView {
  const on = new Set(fields);
  const shows = (f: PartnerField) => on.has(f);
  // Each field is kept only when shared: `only` drops the key, so what is not shared never leaves the server.
  const only = <K extends string, V>(f: PartnerField, key: K, value: V) =>
    (shows(f) ? { [key]: value } : {}) as Partial<Record<K, V>>;
  const actor = (email: string | null) => (email && email === viewer ? email : null);
  // A booking without a name is named by its e-mail at the door: that is the e-mail, not a name.
  const named = (name: string | undefined, email: string | undefined) => ({
    ...only('name', 'name', name === email && !shows('email') ? undefined : name),
    ...only('email', 'email', email),
  });
  return {
    fields,
    shows,
    actor,
    attendee: (a) => ({
      id: a.id,
      ...only('name', 'fullName', a.fullName),
      ...only('email', 'email', a.email),
      ...only('phone', 'phoneNumber', a.phoneNumber),
      ...only('guests', 'guestCount', a.guestCount),
      ...only('status', 'status', a.status),
      ...only('slot', 'slotLabel', a.slotLabel),
      ...only('checkIn', 'checkedInAtText', a.checkedInAtText),
      ...only('bookedAt', 'bookedAtText', a.bookedAtText),
      ...only('answers', 'answers', a.answers),
    }),
    // The door keeps what it needs to admit (guests, slot, whether in); names and e-mails as shared, no code.
    doorPass: ({ code: _code, name, email, checkedInBy, ...door }) => ({
      ...door,
      ...named(name, email),
      checkedInBy: actor(checkedInBy),
    }),
    checkedIn: ({ name, email, ...booking }) => ({ ...booking, ...named(name, email) }),
    offerCode: (row) => ({
      ...row,
      claimedBy: shows('email') ? row.claimedBy : null,
      redeemedBy: actor(row.redeemedBy),
    }),
  };
}

/** Who is looking: a partner (their e-mail and benefits), or null for admins and staff (they see everything). */
export type PartnerViewer = { email: string; benefits: Set<string> } | null;

export const viewerOf = (req: FastifyRequest): PartnerViewer =>
  req.partnerBenefits && req.admin ? { email: req.admin.email, benefits: req.partnerBenefits } : null;

/** The viewer's view of one benefit's people, or null when they see everything. */
export async function viewFor(db: Db | Tx, viewer: PartnerViewer, benefitId: string | null) {
  return viewer ? partnerView(await sharedFields(db, benefitId), viewer.email) : null;
}

/** The request's view of one benefit's people (null for admins and staff). */
export const partnerViewOf = (db: Db | Tx, req: FastifyRequest, benefitId: string | null) =>
  viewFor(db, viewerOf(req), benefitId);
