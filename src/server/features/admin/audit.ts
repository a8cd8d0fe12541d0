import { desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { adminAudit, benefits, bookings, eventSlots, events, offerCodes, rsvpConfigurations } from '../../db/schema.ts';

// Rows are written by `audited` (src/server/lib/audited.ts), in the transaction of the change they record.

/** The log, newest first, each target with the name staff know it by (raw ids told them nothing). */
export async function listAudit(db: Db, limit = 200) {
  const rows = await db.select().from(adminAudit).orderBy(desc(adminAudit.at)).limit(limit);
  const names = await targetNames(db, rows);
  return rows.map((r) => ({ ...r, targetName: names.get(`${r.targetType}:${r.targetId}`) ?? null }));
}

type Row = typeof adminAudit.$inferSelect;
const isUuid = (v: string) => z.uuid().safeParse(v).success;

/** Names by `type:id`, read once per kind of target; a target deleted since keeps its id. */
async function targetNames(db: Db, rows: Row[]): Promise<Map<string, string>> {
  const idsOf = (type: string, uuid = false) => [
    ...new Set(
      rows
        .filter((r) => r.targetType === type && r.targetId && (!uuid || isUuid(r.targetId)))
        .map((r) => r.targetId as string),
    ),
  ];
  const when = <T>(ids: string[], read: (ids: string[]) => Promise<T[]>) => (ids.length ? read(ids) : []);
  const [benefitRows, eventRows, bookingRows, codeRows, slotRows, configRows] = await Promise.all([
    when(idsOf('benefit'), (ids) =>
      db.select({ id: benefits.id, name: benefits.title }).from(benefits).where(inArray(benefits.id, ids)),
    ),
    when(idsOf('event'), (ids) =>
      db.select({ id: events.id, name: events.title }).from(events).where(inArray(events.id, ids)),
    ),
    when(idsOf('booking', true), (ids) =>
      db
        .select({ id: bookings.id, email: bookings.email, event: events.title })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(inArray(bookings.id, ids)),
    ),
    when(idsOf('offer_code', true), (ids) =>
      db
        .select({ id: offerCodes.id, code: offerCodes.code, benefit: benefits.title })
        .from(offerCodes)
        .innerJoin(benefits, eq(benefits.id, offerCodes.benefitId))
        .where(inArray(offerCodes.id, ids)),
    ),
    when(idsOf('slot', true), (ids) =>
      db
        .select({ id: eventSlots.id, date: eventSlots.slotDate, time: eventSlots.slotTime, event: events.title })
        .from(eventSlots)
        .innerJoin(events, eq(events.id, eventSlots.eventId))
        .where(inArray(eventSlots.id, ids)),
    ),
    when(idsOf('rsvp-config', true), (ids) =>
      db
        .select({ id: rsvpConfigurations.id, name: rsvpConfigurations.configName })
        .from(rsvpConfigurations)
        .where(inArray(rsvpConfigurations.id, ids)),
    ),
  ]);
  return new Map([
    ...benefitRows.map((r) => [`benefit:${r.id}`, r.name] as const),
    ...eventRows.map((r) => [`event:${r.id}`, r.name] as const),
    ...bookingRows.map((r) => [`booking:${r.id}`, `${r.email} · ${r.event}`] as const),
    ...codeRows.map((r) => [`offer_code:${r.id}`, `${r.code} · ${r.benefit}`] as const),
    ...slotRows.map((r) => [`slot:${r.id}`, `${r.event} · ${[r.date, r.time].filter(Boolean).join(' ')}`] as const),
    ...configRows.map((r) => [`rsvp-config:${r.id}`, r.name] as const),
  ]);
}
