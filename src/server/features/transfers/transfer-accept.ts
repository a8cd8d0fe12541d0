import { and, eq, inArray } from 'drizzle-orm';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { TransferAccept, TransferView } from '#common/transfers.ts';
import type { Db, Tx } from '../../db/client.ts';
import { authorizedEmails, bookings, eventSlots, offerCodes, placeTransfers } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { hashToken, newPassCode } from '../../lib/tokens.ts';
import { findMember, type RequestMeta, startSession } from '../auth/index.ts';
import { bookingSchedule, venueOf, wireOf } from '../booking-rules/index.ts';
import { queueBookingMail } from '../notify/index.ts';
import { queueFormRow, readRows, withLockedBooking } from '../rsvp/index.ts';
import { bookingEvent, emitWebhookEvents } from '../webhooks/index.ts';
import { personAnswers, questionsOf } from './person-answers.ts';
import { placeWhen } from './transfer-mail.ts';
import { auditTransfer, expireDue } from './transfer-offers.ts';
import { refuseUntransferable, transferSettingsOf } from './transfer-rules.ts';

type TransferRow = typeof placeTransfers.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

const invalid = () => new HttpError(404, words('srv.transfer.invalid'), ERROR_CODE.transferInvalid);
const nameOf = (b: BookingRow) => b.fullName || [b.firstName, b.lastName].filter(Boolean).join(' ') || b.email;

async function byToken(db: Db | Tx, token: string): Promise<TransferRow> {
  const [row] = await db
    .select()
    .from(placeTransfers)
    .where(eq(placeTransfers.tokenHash, hashToken(token)));
  if (!row) throw invalid();
  return row;
}

/** Why an offer no longer accepts, or null while it does (read under the booking's lock when accepting). */
function closed(t: TransferRow, booking: BookingRow, now = new Date()): HttpError | null {
  if (t.status === 'expired' || (t.status === 'offered' && t.expiresAt <= now))
    return new HttpError(410, words('srv.transfer.expired'), ERROR_CODE.transferExpired);
  if (t.status !== 'offered') return new HttpError(410, words('srv.transfer.gone'), ERROR_CODE.transferGone);
  // Any change or cancellation since the offer bumped the sequence: the place offered is not the place there is.
  if (booking.calendarSequence !== t.bookingSequence || booking.email !== t.senderEmail)
    return new HttpError(410, words('srv.transfer.placeGone'), ERROR_CODE.transferGone);
  return null;
}

/** GET: what the link offers and what the recipient will be asked. Reads only: a mail scanner changes nothing. */
export async function transferView(db: Db, token: string): Promise<TransferView> {
  const t = await byToken(db, token);
  const [row] = await readRows(db, eq(bookings.id, t.bookingId));
  if (!row) throw invalid();
  const { booking, event, slot } = row;
  const refusal = closed(t, booking);
  return {
    status: refusal?.code === ERROR_CODE.transferExpired ? 'expired' : refusal ? 'cancelled' : t.status,
    eventTitle: event.title,
    when: placeWhen(event, slot),
    ...wireOf(bookingSchedule(event, slot)),
    venue: venueOf(event),
    from: nameOf(booking),
    email: t.recipientEmail,
    expiresAt: t.expiresAt.toISOString(),
    timeZone: event.timeZone,
    guestCount: booking.guestCount,
    questions: await questionsOf(db, event, booking),
  };
}

/** A recipient not on the allow-list joins it when the organiser allows new guests; the audit says who brought them. */
async function admitRecipient(tx: Tx, t: TransferRow, mode: string, input: TransferAccept) {
  const member = await findMember(tx, t.recipientEmail);
  if (member) return member;
  if (mode !== 'anyone') throw new HttpError(403, words('srv.transfer.membersOnly'), ERROR_CODE.notMember);
  const [added] = await tx
    .insert(authorizedEmails)
    .values({ email: t.recipientEmail, firstName: input.firstName, lastName: input.lastName })
    .returning();
  if (!added) throw new HttpError(409, words('srv.transfer.gone'), ERROR_CODE.conflict);
  await auditTransfer(tx, t.senderEmail, 'member.add', t);
  return added;
}

/**
 * Accepts an offer in ONE transaction under the event's and the booking's locks: the recipient's new booking holds
 * exactly the places the sender's held (capacity and slot counts never change), the sender's becomes `transferred`
 * (its pass, calendar entry and wallet pass die with it), the offer codes follow, the mails are queued, the recipient
 * is signed in. A refusal that ends the offer is written before it is answered.
 */
export async function acceptTransfer(
  db: Db,
  token: string,
  input: TransferAccept,
  ctx: { meta: RequestMeta; sessionDays: number; portalUrl: string },
) {
  const peek = await byToken(db, token);
  // Any booking lock will do: the owner check is the token's, not a session's.
  const outcome = await withLockedBooking(db, peek.bookingId, { admin: true }, async (tx, booking, event, policy) => {
    const [t] = await tx.select().from(placeTransfers).where(eq(placeTransfers.id, peek.id)).for('update');
    if (!t) throw invalid();
    const refusal = closed(t, booking);
    if (refusal) {
      // An offer that ran out tells its sender (once, with its status); one the place outlived just ends.
      if (t.status === 'offered' && refusal.code === ERROR_CODE.transferExpired)
        await expireDue(tx, eq(placeTransfers.id, t.id));
      else if (t.status === 'offered')
        await tx
          .update(placeTransfers)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(eq(placeTransfers.id, t.id));
      return { refusal };
    }
    const [slot] = booking.slotId ? await tx.select().from(eventSlots).where(eq(eventSlots.id, booking.slotId)) : [];
    const settings = await transferSettingsOf(tx, event);
    refuseUntransferable(booking, event, slot ?? null, policy, settings);
    const member = await admitRecipient(tx, t, settings.mode, input);
    const held = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.eventId, event.id),
          eq(bookings.email, t.recipientEmail),
          inArray(bookings.status, ACTIVE_STATUSES),
        ),
      );
    if (held.length > 0)
      throw new HttpError(409, words('srv.transfer.alreadyHolds', { event: event.title }), ERROR_CODE.alreadyBooked);

    const now = new Date();
    const person = await personAnswers(tx, event, booking, input, t.recipientEmail);
    const fullName = `${input.firstName} ${input.lastName}`;
    const [taken] = await tx
      .insert(bookings)
      .values({
        eventId: event.id,
        email: t.recipientEmail,
        firstName: input.firstName,
        lastName: input.lastName,
        fullName,
        slotId: booking.slotId,
        guestCount: booking.guestCount,
        places: booking.places,
        status: 'confirmed',
        phoneNumber: person.phoneNumber,
        data: person.data,
        placedAt: now,
        passCode: newPassCode(),
        drawOutcome: booking.drawOutcome,
      })
      .returning();
    const [given] = await tx
      .update(bookings)
      .set({ status: 'transferred', updatedAt: now, calendarSequence: booking.calendarSequence + 1 })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!taken || !given) throw new HttpError(409, words('srv.transfer.placeGone'), ERROR_CODE.conflict);
    await tx.update(offerCodes).set({ bookingId: taken.id }).where(eq(offerCodes.bookingId, booking.id));
    await tx
      .update(placeTransfers)
      .set({ status: 'accepted', newBookingId: taken.id, updatedAt: now })
      .where(eq(placeTransfers.id, t.id));
    // The organiser's Sheet gets the recipient's row; the sender's stays, as a cancelled booking's does.
    await queueFormRow(tx, event, taken);
    const mail = { event, slot: slot ?? null, policy, portalUrl: ctx.portalUrl };
    await queueBookingMail(tx, { ...mail, kind: 'confirmed', booking: taken });
    await queueBookingMail(tx, { ...mail, kind: 'transferred', booking: given });
    // The sender's booking, as it is now, and the one that took its place (decision 058).
    await emitWebhookEvents(tx, [
      bookingEvent('transfer.completed', given, event.benefitId, { toBookingId: taken.id, toEmail: taken.email }),
    ]);
    await auditTransfer(tx, t.recipientEmail, 'transfer.accept', t);
    const session = await startSession(tx, member, ctx.meta, ctx.sessionDays);
    return { taken, session, eventTitle: event.title };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome;
}
