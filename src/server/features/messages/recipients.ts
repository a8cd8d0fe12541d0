import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { MESSAGE_MSG, type MessageAudience } from '#common/attendee-messages.ts';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import type { Db, Tx } from '../../db/client.ts';
import { bookings, eventSlots } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { EventRow, SlotRow } from '../booking-rules/index.ts';

export type Recipient = typeof bookings.$inferSelect;

const AUDIENCE: Record<MessageAudience, SQL | undefined> = {
  // Cancelled and declined bookings hold nothing: a note about the venue is none of their business.
  all: inArray(bookings.status, ACTIVE_STATUSES),
  confirmed: eq(bookings.status, 'confirmed'),
  waitlisted: eq(bookings.status, 'waitlisted'),
  'checked-in': and(eq(bookings.status, 'confirmed'), isNotNull(bookings.checkedInAt)),
  'not-checked-in': and(eq(bookings.status, 'confirmed'), isNull(bookings.checkedInAt)),
};

/** The slot a message is narrowed to, or null; a slot of another event is refused. */
export async function messageSlot(db: Db | Tx, event: EventRow, slotId: string | undefined): Promise<SlotRow | null> {
  if (!slotId) return null;
  const [slot] = await db.select().from(eventSlots).where(eq(eventSlots.id, slotId));
  if (!slot || slot.eventId !== event.id) throw new HttpError(400, MESSAGE_MSG.slotNotOfEvent);
  return slot;
}

/** Who the message goes to, in booking order: one per e-mail address (a member with two bookings gets one mail). */
export async function recipientsOf(
  db: Db | Tx,
  eventId: string,
  audience: MessageAudience,
  slot: SlotRow | null,
): Promise<Recipient[]> {
  const rows = await db
    .selectDistinctOn([sql`lower(${bookings.email})`])
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), AUDIENCE[audience], slot ? eq(bookings.slotId, slot.id) : undefined))
    .orderBy(sql`lower(${bookings.email})`, asc(bookings.createdAt));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}
