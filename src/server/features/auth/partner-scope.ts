import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { PARTNER_FIELD_DEFAULT, PARTNER_FIELDS, type PartnerField } from '#common/partners.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits, bookings, events, partnerBenefits, partnerShares, users } from '../../db/schema.ts';

/**
 * How a route opens to partner accounts (docs/decisions/030), declared in its config: `{ config: { partner: 'benefit' } }`.
 * - `'benefit'`: allowed when the benefit the request names is assigned to the partner: `:benefitId`, `:id` under
 *   `/benefits/`, `:eventId` (its event's benefit), `:bookingId` (its booking's event's), else the body's `eventId`.
 * - `'own'`: allowed, and the handler lists only the partner's benefits (`req.partnerBenefits`).
 * Without it, the admin guard answers a partner 403.
 */
export type PartnerAccess = 'benefit' | 'own';

declare module 'fastify' {
  interface FastifyContextConfig {
    partner?: PartnerAccess;
  }
  interface FastifyRequest {
    /** The signed-in partner's assigned benefit ids; null for admins and staff. */
    partnerBenefits: Set<string> | null;
  }
}

/** The partner's live benefits: a deleted one is gone for its partner, every route answering 404 (decision 046). */
export async function assignedBenefits(db: Db | Tx, email: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: partnerBenefits.benefitId })
    .from(partnerBenefits)
    .innerJoin(users, eq(users.id, partnerBenefits.userId))
    .innerJoin(benefits, eq(benefits.id, partnerBenefits.benefitId))
    .where(and(eq(users.username, email), isNull(benefits.deletedAt)));
  return new Set(rows.map((r) => r.id));
}

type Named = { benefitId?: unknown; id?: unknown; eventId?: unknown; bookingId?: unknown };
const text = (v: unknown) => (typeof v === 'string' && v.length <= 200 ? v : undefined);

async function benefitOfEvent(db: Db, eventId: string) {
  const [row] = await db.select({ benefitId: events.benefitId }).from(events).where(eq(events.id, eventId));
  return row?.benefitId ?? null;
}

async function benefitOfBooking(db: Db, bookingId: string) {
  const [row] = await db
    .select({ benefitId: events.benefitId })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId));
  return row?.benefitId ?? null;
}

/**
 * The benefits a request names, through its params (or the body's `eventId`): every one must be the partner's.
 * A name that matches nothing gives null (refused); an empty list means the request names no benefit (refused).
 */
export async function requestedBenefits(db: Db, req: FastifyRequest): Promise<(string | null)[]> {
  const params = (req.params ?? {}) as Named;
  const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Named;
  const found: Promise<string | null>[] = [];
  const benefitId =
    text(params.benefitId) ?? (req.routeOptions.url?.includes('/benefits/:id') ? text(params.id) : undefined);
  if (benefitId) found.push(Promise.resolve(benefitId));
  const eventId = text(params.eventId) ?? text(body.eventId);
  if (eventId) found.push(benefitOfEvent(db, eventId));
  const bookingId = text(params.bookingId);
  // A booking id that is not a uuid matches nothing: the query would fail on PostgreSQL's uuid type.
  if (bookingId)
    found.push(/^[0-9a-f-]{36}$/i.test(bookingId) ? benefitOfBooking(db, bookingId) : Promise.resolve(null));
  return Promise.all(found);
}

/** May this partner reach this request? Only through a route's `partner` declaration, and only for their benefits. */
export async function partnerMayReach(db: Db, req: FastifyRequest, assigned: Set<string>) {
  const access = req.routeOptions.config.partner;
  if (access === 'own') return true;
  if (access !== 'benefit') return false;
  const named = await requestedBenefits(db, req);
  return named.length > 0 && named.every((b) => b !== null && assigned.has(b));
}

/** The attendee fields a benefit's partners see (the default until the organiser chooses). */
export async function sharedFields(db: Db | Tx, benefitId: string | null): Promise<PartnerField[]> {
  if (!benefitId) return [...PARTNER_FIELD_DEFAULT];
  const [row] = await db.select().from(partnerShares).where(eq(partnerShares.benefitId, benefitId));
  return row ? PARTNER_FIELDS.filter((f) => row.fields.includes(f)) : [...PARTNER_FIELD_DEFAULT];
}
