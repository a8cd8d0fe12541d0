import type { FormRoles } from '#common/dynamic-form.ts';
import type { bookings } from '../../db/schema.ts';
import type { SlotRow } from '../booking-rules/index.ts';

/**
 * Slot fields of the stored answers follow the booking, so exports and status pages stay true: the concierge forms'
 * fixed names, and a deployed form's own slot, date and guest-count fields (`roles`), whatever the sheet called them.
 */
export function movedData(
  data: (typeof bookings.$inferSelect)['data'],
  slot: SlotRow | null,
  guests: number,
  roles: FormRoles = {},
) {
  const next = { ...(data ?? {}) };
  const set = (keys: (string | undefined)[], value: unknown) => {
    for (const key of keys) if (key && key in next) next[key] = value;
  };
  if (slot) set(['timeSlot', roles.slot], slot.slotTime);
  if (slot?.slotDate) set(['selectedDate', roles.date], slot.slotDate);
  set(['guestCount', roles.guestCount], guests);
  set(['totalAttendees'], 1 + guests);
  set(['bringingGuests'], guests > 0 ? 'yes' : 'no');
  return next;
}
