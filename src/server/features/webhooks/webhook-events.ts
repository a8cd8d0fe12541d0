import type { WebhookEventType } from '#common/webhooks.ts';
import type { Db, Tx } from '../../db/client.ts';
import { insertRecords } from '../../db/insert-records.ts';
import { type bookings, webhookEvents } from '../../db/schema.ts';

type BookingRow = typeof bookings.$inferSelect;

/** One change for the endpoints that want it; `orderingKey` (a booking's id) keeps its deliveries in order. */
export type WebhookEventInput = {
  type: WebhookEventType;
  orderingKey: string;
  benefitId: string | null;
  data: Record<string, unknown>;
};

/**
 * Records changes in the caller's transaction (decision 058, as mail is: decisions 003, 006): an event exists exactly
 * when its change committed. One statement, whatever the number; the worker fans them out to endpoints later.
 */
export async function emitWebhookEvents(tx: Db | Tx, events: WebhookEventInput[]): Promise<void> {
  await insertRecords(tx, webhookEvents, events, { returning: false });
}

/** What every booking event says about the booking, as it is after the change. */
export function bookingEventData(booking: BookingRow, benefitId: string | null, extra: Record<string, unknown> = {}) {
  return {
    bookingId: booking.id,
    eventId: booking.eventId,
    benefitId,
    status: booking.status,
    slotId: booking.slotId,
    guestCount: booking.guestCount,
    places: booking.places,
    attendee: {
      email: booking.email,
      firstName: booking.firstName,
      lastName: booking.lastName,
      fullName: booking.fullName,
      phone: booking.phoneNumber,
    },
    checkedInAt: booking.checkedInAt?.toISOString() ?? null,
    ...extra,
  };
}

/** A booking's event, ordered with the booking's other events. */
export const bookingEvent = (
  type: WebhookEventType,
  booking: BookingRow,
  benefitId: string | null,
  extra?: Record<string, unknown>,
): WebhookEventInput => ({
  type,
  orderingKey: booking.id,
  benefitId,
  data: bookingEventData(booking, benefitId, extra),
});

/** The keys of a booking's form answers that a change added, removed or gave another value. */
export function changedAnswerKeys(before: BookingRow['data'], after: BookingRow['data']): string[] {
  const a = before ?? {};
  const b = after ?? {};
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}

/**
 * `booking.answers_changed` when a change touched the booking's answers (none otherwise): the keys only, since a
 * partner's endpoint may not be shown the answers themselves (decision 046).
 */
export function answersChangedEvents(
  before: BookingRow,
  after: BookingRow,
  benefitId: string | null,
  changedBy: 'member' | 'admin',
): WebhookEventInput[] {
  const changedAnswers = changedAnswerKeys(before.data, after.data);
  if (changedAnswers.length === 0) return [];
  return [bookingEvent('booking.answers_changed', after, benefitId, { changedAnswers, changedBy })];
}

/** A code redeemed by its partner: ordered after its booking's claim. */
export const offerRedeemedEvent = (
  code: { bookingId: string | null; code: string; redeemedAt: Date | null; redeemedBy: string | null },
  benefitId: string,
): WebhookEventInput => ({
  type: 'offer.redeemed',
  orderingKey: code.bookingId ?? `offer:${benefitId}`,
  benefitId,
  data: {
    benefitId,
    bookingId: code.bookingId,
    code: code.code,
    redeemedAt: code.redeemedAt?.toISOString() ?? null,
    redeemedBy: code.redeemedBy,
  },
});
