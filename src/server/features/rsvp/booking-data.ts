import type { bookings } from '../../db/schema.ts';
import type { SlotRow } from './booking-policy.ts';

/** Slot fields of the stored answers follow the booking, so exports and status pages stay true. */
export function movedData(data: (typeof bookings.$inferSelect)['data'], slot: SlotRow | null, guests: number) {
  const next = { ...(data ?? {}) };
  if (slot && 'timeSlot' in next) next.timeSlot = slot.slotTime;
  if (slot?.slotDate && 'selectedDate' in next) next.selectedDate = slot.slotDate;
  if ('guestCount' in next) next.guestCount = guests;
  if ('totalAttendees' in next) next.totalAttendees = 1 + guests;
  if ('bringingGuests' in next) next.bringingGuests = guests > 0 ? 'yes' : 'no';
  return next;
}
