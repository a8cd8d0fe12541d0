import { hasDoorType } from '#common/benefit-type.ts';
import type { Db, Tx } from '../../db/client.ts';
import { mailT } from '../../lib/mail-i18n.ts';
import { memberLocales } from '../auth/index.ts';
import { bookingTimes, offerCodesOf } from '../booking-rules/index.ts';
import { answerList, fieldLabels } from '../configurations/index.ts';
import { enqueueMails, type MailPayload } from '../outbox/index.ts';
import { bookingEvent, emitWebhookEvents, type WebhookEventInput } from '../webhooks/index.ts';
import type { BookingMailContext, BookingMailKind } from './booking-mail-context.ts';
import { type CalendarMethod, calendarInvite } from './calendar-invite.ts';
import { BRAND, mailVars, manageUrl, renderAdminMail, renderMemberMail, textToHtml } from './templates.ts';

export type { BookingMailContext, BookingMailKind, BookingRow } from './booking-mail-context.ts';

// Mails are rendered as they are queued, in the booking's transaction: each says what was committed (docs/decisions/006).

/** An invite adds or updates the calendar entry; a notice that the place is gone removes it. */
const INVITE: Partial<Record<BookingMailKind, CalendarMethod>> = {
  confirmed: 'REQUEST',
  approved: 'REQUEST',
  promoted: 'REQUEST',
  changed: 'REQUEST',
  // Only a booking that held a place was sent an invite (see below); declined ones were pending, so never had one.
  cancelled: 'CANCEL',
  // The sender's entry goes; the recipient's own booking sends its own invite.
  transferred: 'CANCEL',
};

// A host name without a dot (localhost) is not an address calendar software accepts.
const portalAddress = (portalUrl: string) => {
  const host = URL.canParse(portalUrl) ? new URL(portalUrl).hostname : '';
  return `no-reply@${host.includes('.') ? host : 'passportal.local'}`;
};

function invite(ctx: BookingMailContext, method: CalendarMethod) {
  const times = bookingTimes(ctx.event, ctx.slot);
  if (!times) return null;
  const vars = mailVars(ctx);
  const t = mailT(ctx.locale);
  const contact = ctx.event.partnerContactEmail?.trim();
  return calendarInvite({
    method,
    bookingId: ctx.booking.id,
    sequence: ctx.booking.calendarSequence,
    start: times.start,
    end: times.end,
    title: vars.event,
    description: [ctx.event.description.trim(), t('mail.changeCancel', { url: manageUrl(ctx) })]
      .filter(Boolean)
      .join('\n\n'),
    location: vars.location,
    url: manageUrl(ctx),
    // The partner runs the event: a member's "contact organiser" reaches them; without one, the portal.
    organizer: contact ? { name: BRAND, email: contact } : { name: BRAND, email: portalAddress(ctx.portalUrl) },
    attendee: { name: vars.name, email: ctx.booking.email },
  });
}

/**
 * Renders and queues, in the caller's transaction, the member's message for what just happened (with a calendar
 * invite when the configuration wants one and the time is known) and the partner contact's notice. The caller bumps
 * booking.calendarSequence before a change or cancellation, so the calendar takes the newer message.
 */
export async function queueBookingMail(tx: Db | Tx, ctx: BookingMailContext): Promise<void> {
  await queueBookingMails(tx, [ctx]);
}

/** The messages of many bookings of one event (a batch of the RSVP engine), queued in one statement. */
export async function queueBookingMails(tx: Db | Tx, all: BookingMailContext[]): Promise<void> {
  const first = all[0];
  if (!first) return;
  const contact = first.event.partnerContactEmail?.trim();
  const notifies = all.some((ctx) => ctx.policy.notifications.sendAdminNotification);
  // The form's labels are the same for every booking of the event: read once.
  const labels = contact && notifies ? await fieldLabels(tx, first.event.benefitId) : new Map<string, string>();
  // Offer codes (decision 029): the engine hands over the ones it just gave; other messages read them.
  const unknown = all.filter((ctx) => ctx.offerCodes === undefined).map((ctx) => ctx.booking.id);
  const codes = await offerCodesOf(tx, unknown);
  // Each member's mail in their language (decision 061), read once for the batch.
  const locales = await memberLocales(
    tx,
    all.filter((ctx) => !ctx.locale).map((ctx) => ctx.booking.email),
  );
  const mails = all.flatMap((ctx) =>
    bookingMails(
      {
        ...ctx,
        offerCodes: ctx.offerCodes ?? codes.get(ctx.booking.id) ?? [],
        locale: ctx.locale ?? locales.get(ctx.booking.email),
      },
      labels,
    ),
  );
  if (mails.length > 0) await enqueueMails(tx, mails);
  // Every booking change passes here, mail or not: its webhook events are written beside its mail (decision 058).
  await emitWebhookEvents(
    tx,
    all.flatMap((ctx) => webhookEventsOf(ctx, ctx.offerCodes ?? codes.get(ctx.booking.id) ?? [])),
  );
}

/** What a booking message's kind means to a receiver; entries, pending bookings and reminders are no event. */
const WEBHOOK_TYPE: Partial<Record<BookingMailContext['kind'], WebhookEventInput['type']>> = {
  confirmed: 'booking.confirmed',
  approved: 'booking.confirmed',
  waitlisted: 'booking.waitlisted',
  draw_waitlisted: 'booking.waitlisted',
  promoted: 'booking.promoted',
  changed: 'booking.moved',
  cancelled: 'booking.cancelled',
  declined: 'booking.cancelled',
  withdrawn: 'booking.cancelled',
  not_drawn: 'booking.cancelled',
};

function webhookEventsOf(ctx: BookingMailContext, codes: string[]): WebhookEventInput[] {
  const type = WEBHOOK_TYPE[ctx.kind];
  if (!type) return [];
  const benefitId = ctx.event.benefitId;
  const events = [bookingEvent(type, ctx.booking, benefitId, { reason: ctx.kind })];
  // A place that came with an offer's code is also the code claimed.
  const placed = type === 'booking.confirmed' || type === 'booking.promoted';
  if (placed && codes.length > 0) events.push(bookingEvent('offer.claimed', ctx.booking, benefitId, { codes }));
  return events;
}

function bookingMails(ctx: BookingMailContext, labels: Map<string, string>): MailPayload[] {
  const n = ctx.policy.notifications;
  const mails: MailPayload[] = [];
  const member = renderMemberMail(ctx);
  if (member) {
    const method = INVITE[ctx.kind];
    // A waitlisted booking was never sent an invite, so leaving the waitlist cancels nothing.
    const heldPlace = ctx.kind !== 'cancelled' || ctx.booking.placedAt !== null;
    // An offer or an interest list is nowhere to be at a time: no calendar entry (common/benefit-type.ts).
    const timed = hasDoorType(ctx.event.benefitType);
    const calendar = n.includeCalendarInvite && method && heldPlace && timed ? invite(ctx, method) : null;
    mails.push({
      purpose: member.purpose,
      to: ctx.booking.email,
      subject: member.subject,
      text: member.text,
      html: textToHtml(member.text),
      ...(calendar ? { calendar } : {}),
      bookingId: ctx.booking.id,
    });
  }
  const contact = ctx.event.partnerContactEmail?.trim();
  if (n.sendAdminNotification && contact) {
    const admin = renderAdminMail({ ...ctx, answers: answerList(ctx.booking.data, labels) });
    if (admin)
      mails.push({
        purpose: admin.purpose,
        to: contact,
        subject: admin.subject,
        text: admin.text,
        html: textToHtml(admin.text),
        bookingId: ctx.booking.id,
      });
  }
  return mails;
}
