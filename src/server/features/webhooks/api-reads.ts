import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { API_TOKEN_MSG } from '#common/api-tokens.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { Db } from '../../db/client.ts';
import { bookings, events, offerCodes } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sharedFields } from '../auth/index.ts';
import type { ApiCaller } from './api-token-guard.ts';

type Page = { eventId?: string; limit: number; offset: number };

/** The events a caller may read: all, or a partner's benefits' (decision 030); a named one out of scope is 404. */
async function eventScope(db: Db, caller: ApiCaller, eventId?: string): Promise<SQL | undefined> {
  if (eventId) {
    const [event] = await db.select({ benefitId: events.benefitId }).from(events).where(eq(events.id, eventId));
    if (!event || (caller.benefits && !caller.benefits.has(event.benefitId ?? '')))
      throw new HttpError(404, API_TOKEN_MSG.unknownEvent, ERROR_CODE.notFound);
    return eq(bookings.eventId, eventId);
  }
  if (!caller.benefits) return undefined;
  return inArray(events.benefitId, [...caller.benefits, '']);
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function bookingRows(db: Db, caller: ApiCaller, q: Page, extra?: SQL) {
  return db
    .select({ booking: bookings, benefitId: events.benefitId })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(await eventScope(db, caller, q.eventId), extra))
    .orderBy(asc(bookings.createdAt), asc(bookings.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function apiBookings(db: Db, caller: ApiCaller, q: Page) {
  const rows = await bookingRows(db, caller, q);
  return rows.map(({ booking: b }) => ({
    id: b.id,
    eventId: b.eventId,
    status: b.status,
    slotId: b.slotId,
    guestCount: b.guestCount,
    places: b.places,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  }));
}

/** Confirmed bookings with their people; a partner's token reads only the fields shared with partners (046). */
export async function apiAttendees(db: Db, caller: ApiCaller, q: Page) {
  const rows = await bookingRows(db, caller, q, eq(bookings.status, 'confirmed'));
  const shared = new Map<string, Set<string>>();
  for (const r of rows)
    if (caller.benefits && !shared.has(r.benefitId ?? ''))
      shared.set(r.benefitId ?? '', new Set(await sharedFields(db, r.benefitId)));
  return rows.map(({ booking: b, benefitId }) => {
    const fields = shared.get(benefitId ?? '');
    const has = (f: string) => !fields || fields.has(f);
    return {
      bookingId: b.id,
      eventId: b.eventId,
      status: b.status,
      ...(has('name') ? { firstName: b.firstName, lastName: b.lastName } : {}),
      ...(has('email') ? { email: b.email } : {}),
      ...(has('phone') ? { phone: b.phoneNumber } : {}),
      guestCount: b.guestCount,
      checkedInAt: iso(b.checkedInAt),
    };
  });
}

export async function apiCheckIns(db: Db, caller: ApiCaller, q: Page) {
  const rows = await bookingRows(db, caller, q, isNotNull(bookings.checkedInAt));
  return rows.map(({ booking: b }) => ({
    bookingId: b.id,
    eventId: b.eventId,
    checkedInAt: b.checkedInAt?.toISOString() ?? '',
  }));
}

export async function apiCodes(db: Db, caller: ApiCaller, q: { benefitId: string; limit: number; offset: number }) {
  if (caller.benefits && !caller.benefits.has(q.benefitId))
    throw new HttpError(404, API_TOKEN_MSG.unknownEvent, ERROR_CODE.notFound);
  const rows = await db
    .select()
    .from(offerCodes)
    .where(eq(offerCodes.benefitId, q.benefitId))
    .orderBy(asc(offerCodes.createdAt), asc(offerCodes.id))
    .limit(q.limit)
    .offset(q.offset);
  return rows.map((c) => ({
    code: c.code,
    bookingId: c.bookingId,
    claimedAt: iso(c.claimedAt),
    redeemedAt: iso(c.redeemedAt),
  }));
}
