import type { TransferAccept } from '#common/transfers.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { bookings } from '../../db/schema.ts';
import type { EventRow } from '../booking-rules/index.ts';
import { answerColumns, answerFields } from '../configurations/index.ts';
import { formRolesOf } from '../rsvp/index.ts';

type BookingRow = typeof bookings.$inferSelect;
type Data = BookingRow['data'];
// The fixed forms keep the phone on the booking itself: a person's, so asked too.
const PHONE = { key: 'phoneNumber', label: 'Phone number' };

// What the place is (its slot, date, party), as the fixed forms store it: it goes with the place.
const PLACE_KEYS = ['timeSlot', 'selectedDate', 'guestCount', 'totalAttendees', 'bringingGuests', 'guestStatus'];
// Who the person is: asked as the recipient's name and taken from the offer's address, never copied.
const IDENTITY_KEYS = ['fullName', 'firstName', 'lastName', 'email'];

async function placeKeys(db: Db | Tx, event: EventRow): Promise<Set<string>> {
  const roles = await formRolesOf(db, event);
  return new Set([...PLACE_KEYS, ...Object.values(roles).filter((k): k is string => Boolean(k))]);
}

/**
 * The form's questions that belong to a person (company, dietary needs, phone...): every answer the form holds that
 * is neither the place's nor the identity the offer already knows. The recipient is asked them on acceptance.
 */
export async function questionsOf(db: Db | Tx, event: EventRow, booking: Pick<BookingRow, 'data' | 'phoneNumber'>) {
  const place = await placeKeys(db, event);
  const { labels } = await answerFields(db, event.benefitId);
  const asked = answerColumns([booking.data], labels)
    .filter((c) => !place.has(c.key) && !IDENTITY_KEYS.includes(c.key))
    .map((c) => ({ key: c.key, label: c.label }));
  return booking.phoneNumber && !asked.some((q) => q.key === PHONE.key) ? [PHONE, ...asked] : asked;
}

/** The recipient's booking's answers: the place's from the sender's, the person's from the recipient. */
export async function personAnswers(
  db: Db | Tx,
  event: EventRow,
  booking: BookingRow,
  input: TransferAccept,
  email: string,
): Promise<{ data: Record<string, unknown>; phoneNumber: string | null }> {
  const data: Data = booking.data;
  const place = await placeKeys(db, event);
  const kept = Object.entries(data ?? {}).filter(([k]) => place.has(k));
  const asked = new Set((await questionsOf(db, event, booking)).map((q) => q.key));
  const given = Object.entries(input.answers ?? {}).filter(([k, v]) => asked.has(k) && v !== '');
  const identity = Object.entries({ fullName: `${input.firstName} ${input.lastName}`, email }).filter(
    ([k]) => data && k in data,
  );
  const answers = Object.fromEntries([...kept, ...identity, ...given]);
  const phone = booking.phoneNumber ? input.answers?.[PHONE.key] || null : null;
  if (!data || !(PHONE.key in data)) delete answers[PHONE.key];
  return { data: answers, phoneNumber: phone };
}
