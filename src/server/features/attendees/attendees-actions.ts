import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type AddAttendeeBody, ATTENDEE_MSG, type AttendeeAction } from '#common/attendees.ts';
import { ACTIVE_STATUSES, BOOKING_MSG } from '#common/bookings.ts';
import { DYN_MSG } from '#common/dynamic-form.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { RSVP_MSG } from '#common/rsvp.ts';
import type { Db, Tx } from '../../db/client.ts';
import { authorizedEmails, bookings, eventSlots } from '../../db/schema.ts';
import { type AuditEntry, recordAudit } from '../../lib/audited.ts';
import { HttpError } from '../../lib/http-error.ts';
import { type BookingPolicy, type EventRow, loadPolicy, refuseIfEnded } from '../booking-rules/index.ts';
import { type BookingMailKind, queueBookingMail } from '../notify/index.ts';
import {
  type AdminActor,
  cancelBooking,
  changeBooking,
  decideBooking,
  dynamicEventId,
  guestLimit,
  loadLiveForm,
  promoteOne,
  reservePlace,
  submitDynamic,
  waitlistPosition,
  withLockedBooking,
} from '../rsvp/index.ts';
import { attendeeEvent } from './attendees.ts';

/**
 * The admin's actions on an event's bookings. Each goes through the one engine, in the engine's own
 * transaction (it queues per event first), and writes its audit row in that same transaction.
 */
export type AdminContext = { db: Db; req: FastifyRequest; portalUrl: string };

const bookingEntry = (
  action: AttendeeAction | 'add',
  bookingId: string,
  details: Record<string, unknown>,
): AuditEntry => ({
  action: `booking.${action}`,
  targetType: 'booking',
  targetId: bookingId,
  details,
});

/** Books a listed member as an admin: the engine's capacity, slot, one-per-member and window rules apply. */
export async function addAttendee({ db, req, portalUrl }: AdminContext, eventId: string, body: AddAttendeeBody) {
  const event = await attendeeEvent(db, eventId);
  const email = body.email;
  const [member] = await db.select().from(authorizedEmails).where(eq(authorizedEmails.email, email));
  if (!member) throw new HttpError(422, ATTENDEE_MSG.notMember, ERROR_CODE.notMember);
  const audit = (tx: Tx, booking: { id: string; status: string }, answered?: string[]) =>
    recordAudit(tx, req, bookingEntry('add', booking.id, { eventId, email, status: booking.status, answered }));
  const form = await attendeeLiveForm(db, event);
  if (form) {
    // The member's own path: the same answers' checks, submission row, sheet row and mails; slot and guests from them.
    const formData = body.formData ?? {};
    const outcome = await submitDynamic(db, form.benefit.id, member, formData, {
      portalUrl,
      acceptTerms: body.acceptTerms === true,
      alsoInTransaction: (tx, booking) => audit(tx, booking, Object.keys(formData)),
    });
    if ('errors' in outcome)
      throw new HttpError(400, outcome.summary ?? DYN_MSG.validationTitle, ERROR_CODE.invalidForm, {
        extra: { fields: outcome.errors },
      });
    return outcome.booking;
  }
  if (body.formData) throw new HttpError(400, ATTENDEE_MSG.noForm, ERROR_CODE.badRequest);
  // The evening's slot is an optional tour before it; every other event with slots books one.
  if (!body.slotId && event.bookingForm !== 'evening') {
    const [slot] = await db.select({ id: eventSlots.id }).from(eventSlots).where(active(eventId)).limit(1);
    if (slot) throw new HttpError(400, RSVP_MSG.slotNotFound, ERROR_CODE.slotRequired);
  }
  const policy = await loadPolicy(db, event);
  const placed = await reservePlace(db, {
    eventId,
    email,
    firstName: member.firstName,
    lastName: member.lastName,
    slotId: body.slotId ?? null,
    guestCount: body.guestCount ?? 0,
    maxGuests: guestLimit(event, policy),
    portalUrl,
    alsoInTransaction: (tx, booking) => audit(tx, booking),
  });
  return placed.booking;
}

/** The live form members book this event through, or null: only a form's own event takes its answers. */
export async function attendeeLiveForm(db: Db, event: EventRow) {
  if (!event.benefitId || event.id !== dynamicEventId(event.benefitId)) return null;
  return loadLiveForm(db, event.benefitId).catch((err: unknown) => {
    if (err instanceof HttpError && err.statusCode === 404) return null; // no form members could fill in either
    throw err;
  });
}

const active = (eventId: string) => and(eq(eventSlots.eventId, eventId), eq(eventSlots.isActive, true));

/** The booking's event, read before the engine locks it: an id from another event's list is refused. */
async function refuseOtherEvent(db: Db, eventId: string, bookingId: string) {
  const [row] = await db.select({ eventId: bookings.eventId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new HttpError(404, BOOKING_MSG.notFound);
  if (row.eventId !== eventId) throw new HttpError(404, ATTENDEE_MSG.notOfEvent, ERROR_CODE.notFound);
}

type ResendContext = { event: EventRow; policy: BookingPolicy; portalUrl: string };

/** What the member was last told, sent again to them only (the partner already knows). */
async function resendMail(tx: Tx, booking: typeof bookings.$inferSelect, ctx: ResendContext) {
  if (!ACTIVE_STATUSES.includes(booking.status as never))
    throw new HttpError(409, ATTENDEE_MSG.nothingToResend, ERROR_CODE.notChangeable);
  const [slot = null] = booking.slotId
    ? await tx.select().from(eventSlots).where(eq(eventSlots.id, booking.slotId))
    : [];
  const kind = booking.status as BookingMailKind;
  const n = ctx.policy.notifications;
  // Asked for by an admin: it goes even where the form turned confirmations off, and never to the partner.
  const policy: BookingPolicy = {
    ...ctx.policy,
    notifications: { ...n, sendConfirmationEmail: true, sendAdminNotification: false },
  };
  const position = booking.status === 'waitlisted' ? await waitlistPosition(tx, booking) : null;
  await queueBookingMail(tx, {
    kind,
    booking,
    event: ctx.event,
    slot,
    policy,
    portalUrl: ctx.portalUrl,
    waitlistPosition: position,
  });
}

/** One admin action on one booking of the event, audited in the engine's transaction. */
export async function actOnAttendee(
  { db, req, portalUrl }: AdminContext,
  eventId: string,
  bookingId: string,
  action: AttendeeAction,
  slotId?: string,
) {
  await refuseOtherEvent(db, eventId, bookingId);
  const actor: AdminActor = {
    admin: true,
    record: (tx) => recordAudit(tx, req, bookingEntry(action, bookingId, { eventId, ...(slotId ? { slotId } : {}) })),
  };
  switch (action) {
    case 'cancel':
      return cancelBooking(db, bookingId, actor, portalUrl);
    case 'approve':
    case 'decline':
      return decideBooking(db, bookingId, action === 'approve', portalUrl, actor);
    case 'move':
      if (!slotId) throw new HttpError(400, RSVP_MSG.slotNotFound, ERROR_CODE.slotRequired);
      return changeBooking(db, bookingId, actor, { slotId }, portalUrl);
    case 'promote':
      return withLockedBooking(db, bookingId, actor, async (tx, booking, event, policy) => {
        refuseIfEnded(event);
        if (booking.status !== 'waitlisted')
          throw new HttpError(409, ATTENDEE_MSG.notWaitlisted, ERROR_CODE.notWaitlisted);
        return promoteOne(tx, event, policy, booking, portalUrl);
      });
    case 'resend':
      return withLockedBooking(db, bookingId, actor, async (tx, booking, event, policy) => {
        refuseIfEnded(event);
        await resendMail(tx, booking, { event, policy, portalUrl });
        return booking;
      });
  }
}

/** The same action on each selected booking, one transaction each: every item is reported done or refused. */
export async function bulkAct(
  ctx: AdminContext,
  eventId: string,
  bookingIds: string[],
  action: AttendeeAction,
  slotId?: string,
) {
  const results: { bookingId: string; ok: boolean; error?: string; code?: string }[] = [];
  for (const bookingId of new Set(bookingIds)) {
    try {
      await actOnAttendee(ctx, eventId, bookingId, action, slotId);
      results.push({ bookingId, ok: true });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      results.push({ bookingId, ok: false, error: err.message, code: err.code });
    }
  }
  return { results };
}
