import { eq } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { Tx } from '../../db/client.ts';
import { bookings, eventSlots } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { type BookingPolicy, type EventRow, refuseIfSlotStarted } from '../booking-rules/index.ts';
import { queueBookingMail } from '../notify/index.ts';
import { refreshHeldRow } from '../sheets/index.ts';
import { answersChangedEvents, emitWebhookEvents } from '../webhooks/index.ts';
import { movedData } from './booking-data.ts';
import { formRolesOf } from './dynamic-rsvp.ts';
import { placeWaitlisted, waitlistPosition } from './waitlist.ts';

type Locked = { booking: typeof bookings.$inferSelect; event: EventRow; policy: BookingPolicy; portalUrl: string };

/**
 * An admin moves a waitlisted booking to another slot (decision 018), under the event lock the caller holds. It keeps
 * its arrival, so it stands in the new slot's line where it would have stood had it asked for that slot; when the
 * slot and the event have room for its party it takes a place at once, promoted and mailed as any promotion.
 */
export async function moveInLine(tx: Tx, { booking, event, policy, portalUrl }: Locked, slotId: string) {
  if (slotId === booking.slotId) throw new HttpError(400, words('srv.booking.nothingToChange'), ERROR_CODE.badRequest);
  const [target] = await tx.select().from(eventSlots).where(eq(eventSlots.id, slotId)).for('update');
  if (!target || target.eventId !== event.id || !target.isActive)
    throw new HttpError(400, words('srv.rsvp.slotNotFound'), ERROR_CODE.slotRequired);
  refuseIfSlotStarted(event, target);
  const data = movedData(booking.data, target, booking.guestCount, await formRolesOf(tx, event));
  const [moved] = await tx
    .update(bookings)
    .set({ slotId, data, updatedAt: new Date() })
    .where(eq(bookings.id, booking.id))
    .returning();
  if (!moved) throw new HttpError(404, words('srv.booking.notFound'));
  await emitWebhookEvents(tx, answersChangedEvents(booking, moved, event.benefitId, 'admin'));
  await refreshHeldRow(tx, moved.id, data); // before a promotion sends it
  const placed = await placeWaitlisted(tx, event, policy, moved, portalUrl);
  if (typeof placed !== 'string') return placed;
  // Still waiting: the member learns their new slot and place in its line; the partner has nothing new to act on.
  const quiet = { ...policy, notifications: { ...policy.notifications, sendAdminNotification: false } };
  const position = await waitlistPosition(tx, moved);
  await queueBookingMail(tx, {
    kind: 'waitlisted',
    booking: moved,
    event,
    slot: target,
    policy: quiet,
    portalUrl,
    waitlistPosition: position,
  });
  return moved;
}
