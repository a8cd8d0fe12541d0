import { and, asc, inArray, isNull } from 'drizzle-orm';
import { ATTENDEE_LIST_LIMIT, attendeesQuery } from '#common/attendees.ts';
import { formatSchedule } from '#common/event-time.ts';
import {
  PARTNER_FIELD_DEFAULT,
  PARTNER_FIELD_LABEL,
  PARTNER_FIELDS,
  PARTNER_MSG,
  type PartnerAttendee,
  type PartnerAttendees,
  type PartnerBenefit,
  type PartnerField,
} from '#common/partners.ts';
import { hasDoor } from '#common/passes.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits, events, partnerShares } from '../../db/schema.ts';
import { safeCsvDocument } from '../../lib/csv.ts';
import { HttpError } from '../../lib/http-error.ts';
import { attendeeEvent, attendeeTable } from '../attendees/index.ts';
import { liveBenefitIds, partnerView, sharedFields } from '../auth/index.ts';

const known = (f: string): f is PartnerField => (PARTNER_FIELDS as readonly string[]).includes(f);

export async function setSharedFields(db: Db | Tx, benefitId: string, fields: PartnerField[]) {
  if ((await liveBenefitIds(db, [benefitId])).size === 0) throw new HttpError(404, PARTNER_MSG.benefitUnknown);
  const kept = PARTNER_FIELDS.filter((f) => fields.includes(f));
  await db
    .insert(partnerShares)
    .values({ benefitId, fields: kept })
    .onConflictDoUpdate({ target: partnerShares.benefitId, set: { fields: kept, updatedAt: new Date() } });
  return kept;
}

/** The partner's page: their benefits (every live one for an admin), each with its events and shared fields. */
export async function partnerHome(db: Db, only: Set<string> | null): Promise<PartnerBenefit[]> {
  if (only && only.size === 0) return [];
  const rows = await db
    .select()
    .from(benefits)
    .where(and(isNull(benefits.deletedAt), only ? inArray(benefits.id, [...only]) : undefined))
    .orderBy(asc(benefits.displayOrder), asc(benefits.title));
  const ids = rows.map((b) => b.id);
  const [evs, shares] = await Promise.all([
    ids.length ? db.select().from(events).where(inArray(events.benefitId, ids)).orderBy(asc(events.createdAt)) : [],
    ids.length ? db.select().from(partnerShares).where(inArray(partnerShares.benefitId, ids)) : [],
  ]);
  const shared = new Map(shares.map((s) => [s.benefitId, s.fields]));
  return rows.map((b) => ({
    id: b.id,
    title: b.title,
    fields: (shared.get(b.id) ?? [...PARTNER_FIELD_DEFAULT]).filter(known),
    events: evs
      .filter((e) => e.benefitId === b.id)
      .map((e) => ({ id: e.id, title: e.title, when: formatSchedule(e), hasDoor: hasDoor(e) })),
  }));
}

/**
 * An event's attendees as its benefit's partner sees them, through the partner's view (decision 046); an admin
 * (`viewer`) reads the same projection. The route's scope already checked the benefit.
 */
export async function partnerAttendees(
  db: Db | Tx,
  eventId: string,
  viewer: string,
  limit?: number,
): Promise<PartnerAttendees> {
  const event = await attendeeEvent(db, eventId);
  const view = partnerView(await sharedFields(db, event.benefitId), viewer);
  const { fields } = view;
  const table = await attendeeTable(db, event, attendeesQuery.parse({ sort: 'name' }), limit ?? ATTENDEE_LIST_LIMIT);
  return {
    event: { id: event.id, title: event.title, benefitId: event.benefitId, when: formatSchedule(event) },
    fields,
    answerFields: fields.includes('answers') ? table.fields : [],
    attendees: table.attendees.map(view.attendee),
    total: table.attendees.length,
  };
}

/** The same list as CSV: only the shared columns (formula-safe, as every export). */
export async function partnerAttendeesCsv(tx: Tx, eventId: string, viewer: string) {
  const list = await partnerAttendees(tx, eventId, viewer, Number.MAX_SAFE_INTEGER);
  const cols: [string, (a: PartnerAttendee) => string | number | null | undefined][] = [];
  const add = (f: PartnerField, value: (a: PartnerAttendee) => string | number | null | undefined) => {
    if (list.fields.includes(f)) cols.push([PARTNER_FIELD_LABEL[f], value]);
  };
  add('name', (a) => a.fullName);
  add('email', (a) => a.email);
  add('phone', (a) => a.phoneNumber);
  add('status', (a) => a.status);
  add('slot', (a) => a.slotLabel);
  add('guests', (a) => a.guestCount);
  add('bookedAt', (a) => a.bookedAtText);
  add('checkIn', (a) => a.checkedInAtText);
  for (const f of list.answerFields) cols.push([f.label, (a) => a.answers?.[f.key]]);
  const body = safeCsvDocument([
    cols.map(([header]) => header),
    ...list.attendees.map((a) => cols.map(([, value]) => value(a) ?? '')),
  ]);
  return { event: list.event, rows: list.attendees.length, fields: list.fields, body };
}
