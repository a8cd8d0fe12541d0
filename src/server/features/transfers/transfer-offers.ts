import { and, eq, inArray, lte } from 'drizzle-orm';
import { ERROR_CODE } from '#common/error-codes.ts';
import { MAX_OPEN_TRANSFERS, type TransferOffer } from '#common/transfers.ts';
import type { Db, Tx } from '../../db/client.ts';
import { adminAudit, bookings, eventSlots, placeTransfers } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { words } from '../../lib/member-words.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { loadPolicy } from '../booking-rules/index.ts';
import { readRows, withLockedBooking } from '../rsvp/index.ts';
import { queueNotices, queueOfferMail } from './transfer-mail.ts';
import { offerExpiry, refuseUntransferable, transferSettingsOf } from './transfer-rules.ts';

type TransferRow = typeof placeTransfers.$inferSelect;

export const offerOf = (t: TransferRow): TransferOffer => ({
  id: t.id,
  bookingId: t.bookingId,
  email: t.recipientEmail,
  status: t.status,
  expiresAt: t.expiresAt.toISOString(),
});

/** A member's action on a transfer, in the audit log beside the organiser's (the actor is the member's address). */
export async function auditTransfer(
  tx: Db | Tx,
  actor: string,
  action: 'transfer.offer' | 'transfer.cancel' | 'transfer.accept' | 'member.add',
  t: Pick<TransferRow, 'id' | 'bookingId' | 'senderEmail' | 'recipientEmail'>,
) {
  await tx.insert(adminAudit).values({
    adminEmail: actor,
    action,
    targetType: 'booking',
    targetId: t.bookingId,
    details: { transfer: t.id, from: t.senderEmail, to: t.recipientEmail },
  });
}

/**
 * Offers that ran out are marked so, and each sender is told in the same transaction: the status moves once, so the
 * mail goes once. The place never left the sender, so nothing else changes. Rows another transaction holds (an
 * acceptance deciding) are left to it; locks are taken in id order, so two sweeps never deadlock.
 */
export async function expireDue(tx: Tx, where?: ReturnType<typeof and>) {
  const due = and(eq(placeTransfers.status, 'offered'), lte(placeTransfers.expiresAt, new Date()), where);
  const locked = await tx
    .select({ id: placeTransfers.id })
    .from(placeTransfers)
    .where(due)
    .orderBy(placeTransfers.id)
    .for('update', { skipLocked: true });
  if (locked.length === 0) return;
  const expired = await tx
    .update(placeTransfers)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(
      and(
        due,
        inArray(
          placeTransfers.id,
          locked.map((l) => l.id),
        ),
      ),
    )
    .returning();
  await queueNotices(tx, 'expired', expired);
}

/** The scheduler's sweep: every offer that ran out unaccepted since the last one. */
export const expireOffers = (db: Db) => db.transaction((tx) => expireDue(tx));

/**
 * Offers the sender's place to an address, under the event's lock. The answer is the same whether or not the address
 * is a member (no allow-list enumeration): the mail tells the recipient what applies to them.
 */
export async function offerPlace(
  db: Db,
  sender: { email: string; name: string },
  bookingId: string,
  recipient: string,
  portalUrl: string,
): Promise<TransferOffer> {
  if (recipient === sender.email) throw new HttpError(400, words('srv.transfer.toYourself'), ERROR_CODE.badRequest);
  return withLockedBooking(db, bookingId, { member: sender.email }, async (tx, booking, event, policy) => {
    const [slot] = booking.slotId ? await tx.select().from(eventSlots).where(eq(eventSlots.id, booking.slotId)) : [];
    const settings = await transferSettingsOf(tx, event);
    const until = refuseUntransferable(booking, event, slot ?? null, policy, settings);
    await expireDue(tx, eq(placeTransfers.senderEmail, sender.email));
    const open = await tx
      .select({ bookingId: placeTransfers.bookingId })
      .from(placeTransfers)
      .where(and(eq(placeTransfers.senderEmail, sender.email), eq(placeTransfers.status, 'offered')));
    if (open.some((o) => o.bookingId === booking.id))
      throw new HttpError(409, words('srv.transfer.openOffer'), ERROR_CODE.transferOpen);
    if (open.length >= MAX_OPEN_TRANSFERS)
      throw new HttpError(
        429,
        words('srv.transfer.tooManyOffers', { max: MAX_OPEN_TRANSFERS }),
        ERROR_CODE.tooManyTransfers,
      );
    const token = newToken();
    const [row] = await tx
      .insert(placeTransfers)
      .values({
        bookingId: booking.id,
        eventId: event.id,
        senderEmail: sender.email,
        recipientEmail: recipient,
        tokenHash: hashToken(token),
        bookingSequence: booking.calendarSequence,
        expiresAt: offerExpiry(until, settings),
      })
      .returning();
    if (!row) throw new HttpError(409, words('srv.transfer.openOffer'), ERROR_CODE.transferOpen);
    await queueOfferMail(tx, { transfer: row, token, event, slot: slot ?? null, policy, settings, sender, portalUrl });
    await auditTransfer(tx, sender.email, 'transfer.offer', row);
    return offerOf(row);
  });
}

/** The sender withdraws an open offer; an accepted one holds the row's lock, so exactly one of the two wins. */
export async function cancelOffer(db: Db, senderEmail: string, transferId: string): Promise<TransferOffer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(placeTransfers)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(
        and(
          eq(placeTransfers.id, transferId),
          eq(placeTransfers.senderEmail, senderEmail),
          eq(placeTransfers.status, 'offered'),
        ),
      )
      .returning();
    if (!row) {
      const [mine] = await tx
        .select({ id: placeTransfers.id })
        .from(placeTransfers)
        .where(and(eq(placeTransfers.id, transferId), eq(placeTransfers.senderEmail, senderEmail)));
      if (!mine) throw new HttpError(404, words('srv.transfer.invalid'), ERROR_CODE.notFound);
      throw new HttpError(409, words('srv.transfer.gone'), ERROR_CODE.transferGone);
    }
    await auditTransfer(tx, senderEmail, 'transfer.cancel', row);
    await queueNotices(tx, 'withdrawn', [row]);
    return offerOf(row);
  });
}

/** The member's open offers, and when an offer of each of their confirmed places made now would expire (My bookings). */
export async function myTransfers(db: Db, email: string) {
  await db.transaction((tx) => expireDue(tx, eq(placeTransfers.senderEmail, email)));
  const offers = await db
    .select()
    .from(placeTransfers)
    .where(and(eq(placeTransfers.senderEmail, email), eq(placeTransfers.status, 'offered')));
  const rows = await readRows(db, and(eq(bookings.email, email), inArray(bookings.status, ['confirmed'])));
  const transferable: Record<string, string> = {};
  for (const { booking, event, slot } of rows) {
    try {
      const settings = await transferSettingsOf(db, event);
      const until = refuseUntransferable(booking, event, slot, await loadPolicy(db, event), settings);
      transferable[booking.id] = offerExpiry(until, settings).toISOString();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err; // not transferable now: no button
    }
  }
  return { offers: offers.map(offerOf), transferable };
}

/** The accepted transfers of an event by booking: whom a given place went to, and from whom a taken one came. */
export async function transferLinks(db: Db | Tx, eventId: string) {
  const rows = await db
    .select()
    .from(placeTransfers)
    .where(and(eq(placeTransfers.eventId, eventId), eq(placeTransfers.status, 'accepted')));
  const links = new Map<string, { from?: string; to?: string }>();
  for (const r of rows) {
    links.set(r.bookingId, { to: r.recipientEmail });
    if (r.newBookingId) links.set(r.newBookingId, { ...links.get(r.newBookingId), from: r.senderEmail });
  }
  return links;
}
