import { hasDoorType } from '#common/benefit-type.ts';
import { BOOKING_MSG, CHANGE_CANCEL_LABEL } from '#common/bookings.ts';
import { MY_BOOKINGS_PATH } from '#common/constants.ts';
import { formatDay, formatInstant, formatSchedule, formatTimeRange } from '#common/event-time.ts';
import type { MailPlaceholder } from '#common/mail.ts';
import { groupPassCode, hasDoor } from '#common/passes.ts';
import { RELEASE_LABEL } from '#common/release.ts';
import { BRAND_ONLY_CONFIRMATION_SUBJECT, DEFAULT_CONFIRMATION_SUBJECT } from '#common/rsvp-config.ts';
import { formatSlot } from '#common/time-range.ts';
import { bookingTimes, changeUntil, slotTimes, venueOf } from '../booking-rules/index.ts';
import type { MailPurpose } from '../outbox/index.ts';
import type { BookingMailContext, BookingMailKind } from './booking-mail-context.ts';

export const BRAND = 'Special Access Pass';

/** The placeholders a configured subject or template may use, as {name} or {{name}}. */
export type MailVars = Record<MailPlaceholder, string>;

/** Header values come from bookings: no line breaks (header injection), no runaway length. */
export const oneLine = (s: string, max = 250) =>
  s
    .replace(/\p{Cc}+/gu, ' ') // control characters, CR and LF among them
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

/** Replaces known placeholders; an unknown one stays as written so the admin sees the typo. */
export function fillTemplate(template: string, vars: MailVars): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g, (whole, a: string | undefined, b: string | undefined) => {
    const key = (a ?? b ?? '') as keyof MailVars;
    return Object.hasOwn(vars, key) ? vars[key] : whole;
  });
}

export const manageUrl = (ctx: Pick<BookingMailContext, 'portalUrl' | 'booking'>) =>
  `${ctx.portalUrl}/bookings/${ctx.booking.id}`;

/**
 * What a member typed, made inert for a mail: a web address in a name or a phone field is written so
 * that neither our HTML part nor the reader's mail program turns it into a link ("https[:]//x[.]com").
 */
export const memberTyped = (s: string, max = 200) =>
  oneLine(s, max)
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1[:]//')
    .replace(/\b(www)\./gi, '$1[.]')
    .replace(/\.(?=[a-z]{2,}\b)/gi, '[.]');

type Named = { email: string; fullName: string | null; firstName: string | null; lastName: string | null };

/** The member's name and the first name a greeting uses, defanged; the e-mail when no name was given. */
export function memberNames(b: Named): { name: string; firstName: string } {
  const joined = [b.firstName, b.lastName].filter(Boolean).join(' ');
  const name = b.fullName || joined ? memberTyped(b.fullName || joined) : b.email;
  return { name, firstName: b.firstName ? memberTyped(b.firstName) : name.split(' ')[0] || 'Member' };
}

export function mailVars(ctx: BookingMailContext, now = new Date()): MailVars {
  const b = ctx.booking;
  const { name, firstName } = memberNames(b);
  const times = bookingTimes(ctx.event, ctx.slot);
  const tz = ctx.event.timeZone;
  // Whole days booked as such (no timed slot) read as days, '29 September – 4 October 2025': their end instant is the
  // midnight after the last day, which a time range would write as the next day.
  const days = ctx.event.schedule !== 'timed' && !(ctx.slot && slotTimes(ctx.event, ctx.slot));
  // '1 October 2025' and '7:00–10:00 PM SGT': the one format, split for the template's Date and Time lines.
  const when = days ? '' : times ? formatTimeRange(times.start, times.end, tz) : '';
  const day = days ? (formatSchedule(ctx.event) ?? '') : times ? formatDay(times.start, tz) : '';
  const until = changeUntil(ctx.policy, ctx.event, ctx.slot);
  const slot = ctx.slot ? formatSlot(ctx.slot.slotTime, ctx.slot.slotDate, tz) : '';
  return {
    name,
    firstName,
    email: b.email,
    event: oneLine(ctx.event.title, 300),
    date: day,
    time: when.startsWith(`${day}, `) ? when.slice(day.length + 2) : when,
    slot,
    guests: String(b.guestCount),
    attendees: String(b.places),
    location: oneLine(venueOf(ctx.event), 300),
    manageUrl: manageUrl(ctx),
    changeUntil: until && until > now ? formatInstant(until, tz) : '',
    // The pass admits only while the booking is confirmed (docs/decisions/009), and only where there is a door.
    pass: b.status === 'confirmed' && b.passCode && hasDoor(ctx.event) ? groupPassCode(b.passCode) : '',
    passesUrl: `${ctx.portalUrl}${MY_BOOKINGS_PATH}`,
    // An offer's code (decision 029) is the member's once the claim holds a place.
    offerCode: b.status === 'confirmed' && ctx.offerCodes?.length ? ctx.offerCodes.join(', ') : '',
  };
}

/** "Label: value" lines, leaving out the ones without a value. */
const details = (rows: [string, string][]) =>
  rows
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/** An offer or an interest list has no guests and no head count: only a place at a door has. */
const bookingDetails = (v: MailVars, type?: string) => {
  const door = hasDoorType(type);
  return details([
    [type === 'offer' ? 'Offer' : type === 'interest' ? 'Interest in' : 'Event', v.event],
    ['Date', v.date],
    ['Time', v.time],
    ['Slot', v.slot],
    ['Location', v.location],
    ['Guests', door ? v.guests : ''],
    ['Attendees in total', door ? v.attendees : ''],
  ]);
};

/** A new booking's subject and opening line, in the words of what it is (DESIGN §8); a draw's win says so. */
function confirmedWords(ctx: BookingMailContext, v: MailVars): { subject: string; line: string; draw: string } {
  const draw = ctx.draw ? `Check the draw: ${ctx.draw.url}` : '';
  if (ctx.draw)
    return {
      subject: `You were drawn: your place is confirmed - ${v.event}`,
      line: `Good news: the draw for ${v.event} has been made and gave you a place. Your place is confirmed.`,
      draw,
    };
  if (ctx.event.benefitType === 'offer')
    return { subject: `Your offer - ${v.event}`, line: `Your claim of ${v.event} is confirmed.`, draw };
  if (ctx.event.benefitType === 'interest') {
    const partner = ctx.event.partnerContactEmail?.trim();
    return {
      subject: `Your interest is passed on - ${v.event}`,
      line:
        `Thank you! Your interest in ${v.event} has been passed on to ` +
        `${partner ? `the partner (${partner})` : 'the partner'}, who will be in touch with you directly.`,
      draw,
    };
  }
  return { subject: DEFAULT_CONFIRMATION_SUBJECT, line: `Thank you! Your RSVP for ${v.event} is confirmed.`, draw };
}

/** The pass (when admitted) and the way to change or cancel: every message about a held place ends with them. */
const manageLines = (v: MailVars, changes: string) =>
  [
    v.pass ? `Your pass: ${v.pass}\nShow it at the door; its QR code is on My bookings: ${v.passesUrl}\n` : '',
    v.offerCode ? `Your offer code: ${v.offerCode}\nIt is also on My bookings: ${v.passesUrl}\n` : '',
    `${CHANGE_CANCEL_LABEL}: ${v.manageUrl}`,
    changes,
  ]
    .filter(Boolean)
    .join('\n');

export const paragraphs = (...parts: string[]) =>
  `${parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n\n')}\n`;

export const SIGN_OFF = `Kind regards,\n${BRAND}`;

/** How the booking can be changed: until when, or (editing off for the form) through the partner (decision 022). */
const changesLine = (ctx: BookingMailContext, v: MailVars) =>
  !ctx.policy.allowEditing
    ? BOOKING_MSG.throughPartner(ctx.event.partnerContactEmail)
    : v.changeUntil
      ? `You can change or cancel it until ${v.changeUntil}.`
      : '';

/** A configured template, plus the manage link when the template forgot it (members must be able to cancel). */
const configured = (template: string, v: MailVars, manage: string) => {
  const body = fillTemplate(template, v);
  // The offer's code is what the member came for: a template that does not place it still carries it.
  const code = v.offerCode && !/offerCode/.test(template) ? `Your offer code: ${v.offerCode}` : '';
  return template.includes('manageUrl') ? paragraphs(body, code) : paragraphs(body, manage);
};

export type RenderedMail = { purpose: MailPurpose; subject: string; text: string };

/**
 * The member's message for what happened, or null when there is none. sendConfirmationEmail only governs the
 * confirmation of a new booking: waitlist, approval, promotion, change and cancellation notices always go, since
 * they tell the member something they did not just see on screen.
 */
export function renderMemberMail(ctx: BookingMailContext, now = new Date()): RenderedMail | null {
  const n = ctx.policy.notifications;
  const v = mailVars(ctx, now);
  const manage = manageLines(v, changesLine(ctx, v));
  const hello = `Dear ${v.firstName},`;
  const mail = (purpose: MailPurpose, subject: string, text: string): RenderedMail => ({
    purpose,
    subject: oneLine(subject),
    text,
  });
  switch (ctx.kind) {
    case 'confirmed': {
      if (!n.sendConfirmationEmail) return null;
      const own = n.confirmationSubject.trim();
      const said = confirmedWords(ctx, v);
      const customised = own && own !== BRAND_ONLY_CONFIRMATION_SUBJECT && own !== DEFAULT_CONFIRMATION_SUBJECT;
      const subject = fillTemplate(customised ? own : said.subject, v);
      const text = n.confirmationTemplate.trim()
        ? configured(n.confirmationTemplate, v, manage)
        : paragraphs(hello, said.line, said.draw, bookingDetails(v, ctx.event.benefitType), manage, SIGN_OFF);
      return mail('confirmation', subject, text);
    }
    case 'pending':
      return mail(
        'pending',
        `Booking request received - ${v.event}`,
        paragraphs(
          hello,
          `Your booking request for ${v.event} has been received and is awaiting approval. Your place is held ` +
            'while it is reviewed; we will e-mail you as soon as it is decided.',
          bookingDetails(v),
          `${CHANGE_CANCEL_LABEL}: ${v.manageUrl}`,
          SIGN_OFF,
        ),
      );
    case 'approved':
      return mail(
        'approved',
        `Your booking is confirmed - ${v.event}`,
        paragraphs(
          hello,
          `Good news: your booking for ${v.event} has been approved.`,
          bookingDetails(v),
          manage,
          SIGN_OFF,
        ),
      );
    case 'declined':
      return mail(
        'declined',
        `Booking request declined - ${v.event}`,
        paragraphs(
          hello,
          `We are sorry: your booking request for ${v.event} could not be accepted.`,
          bookingDetails(v),
          SIGN_OFF,
        ),
      );
    case 'waitlisted': {
      const position = ctx.waitlistPosition ? `You are number ${ctx.waitlistPosition} on the waitlist.` : '';
      return mail(
        'waitlisted',
        `You are on the waitlist - ${v.event}`,
        paragraphs(
          hello,
          `${v.event} is full, so you have been added to its waitlist. ${position}`,
          'If a place frees up, the first in line gets it automatically and is told by e-mail.',
          bookingDetails(v),
          `To leave the waitlist: ${v.manageUrl}`,
          SIGN_OFF,
        ),
      );
    }
    case 'promoted':
      // A form that needs approval holds the freed place for the member until the organiser decides.
      return ctx.booking.status === 'pending'
        ? mail(
            'promoted',
            `A place has opened up and is held for you - ${v.event}`,
            paragraphs(
              hello,
              `A place has become free for ${v.event} and is held for you while the organiser approves your ` +
                'booking; we will e-mail you as soon as it is decided.',
              bookingDetails(v),
              `${CHANGE_CANCEL_LABEL}: ${v.manageUrl}`,
              SIGN_OFF,
            ),
          )
        : mail(
            'promoted',
            `A place has opened up: you are booked for ${v.event}`,
            paragraphs(
              hello,
              `A place has become free and it is yours: you are now booked for ${v.event}.`,
              bookingDetails(v),
              manage,
              SIGN_OFF,
            ),
          );
    case 'changed':
      return mail(
        'changed',
        `Booking updated - ${v.event}`,
        paragraphs(
          hello,
          `Your booking for ${v.event} has been updated. The new details:`,
          bookingDetails(v),
          manage,
          SIGN_OFF,
        ),
      );
    case 'cancelled':
      // placedAt is set once a booking holds a place; without it the member was only on the waitlist.
      return ctx.booking.placedAt
        ? mail(
            'cancelled',
            `Booking cancelled - ${v.event}`,
            paragraphs(
              hello,
              `Your booking for ${v.event} has been cancelled and your place released.`,
              bookingDetails(v),
              SIGN_OFF,
            ),
          )
        : mail(
            'cancelled',
            `You have left the waitlist - ${v.event}`,
            paragraphs(hello, `You are no longer on the waitlist for ${v.event}.`, SIGN_OFF),
          );
    case 'entered':
      return mail(
        'draw-entered',
        `You are in the draw - ${v.event}`,
        paragraphs(
          hello,
          `You are entered in the draw for ${v.event}. Entering is not booking: the draw on ${ctx.draw?.on ?? ''} ` +
            'decides who gets the places, and we will e-mail you the outcome.',
          `Your entry: ${ctx.booking.id}\nCheck the draw: ${ctx.draw?.url ?? ''}`,
          `To withdraw before the entries close: ${v.manageUrl}`,
          SIGN_OFF,
        ),
      );
    case 'draw_waitlisted':
      return mail(
        'draw-waitlisted',
        `The draw: you are number ${ctx.waitlistPosition ?? ''} on the waitlist - ${v.event}`,
        paragraphs(
          hello,
          `The draw for ${v.event} has been made and did not give you a place. You are number ` +
            `${ctx.waitlistPosition ?? ''} on the waitlist, in draw order: if a place frees up, the first in line gets ` +
            'it automatically and is told by e-mail.',
          `Your entry: ${ctx.booking.id}\nCheck the draw: ${ctx.draw?.url ?? ''}`,
          `To leave the waitlist: ${v.manageUrl}`,
          SIGN_OFF,
        ),
      );
    case 'withdrawn':
      return mail(
        'cancelled',
        `Your entry is withdrawn - ${v.event}`,
        paragraphs(hello, `You have withdrawn your entry in the draw for ${v.event}.`, SIGN_OFF),
      );
    case 'not_drawn':
      return mail(
        'not-drawn',
        `The draw: no place this time - ${v.event}`,
        paragraphs(
          hello,
          `The draw for ${v.event} has been made and we are sorry: your entry was not drawn.`,
          `Your entry: ${ctx.booking.id}\nCheck the draw: ${ctx.draw?.url ?? ''}`,
          SIGN_OFF,
        ),
      );
    case 'transferred':
      return mail(
        'transferred',
        `Your place went to someone else - ${v.event}`,
        paragraphs(
          hello,
          `The place you offered for ${v.event} has been accepted, so it is no longer yours: your pass and calendar ` +
            'entry no longer work.',
          bookingDetails(v),
          SIGN_OFF,
        ),
      );
    case 'reminder': {
      const days = ctx.daysBefore ?? 0;
      const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
      const subject = `Reminder: ${v.event}${v.date ? ` on ${v.date}` : ''}`;
      const template = n.reminderEmails.template.trim();
      // A place nobody will use is worth handing on: every reminder offers the one-click release (decision 016).
      const release = ctx.releaseUrl ? `${RELEASE_LABEL}: ${ctx.releaseUrl}` : '';
      const text = template
        ? paragraphs(configured(template, v, manage), release)
        : paragraphs(hello, `A reminder that ${v.event} is ${when}.`, bookingDetails(v), manage, release, SIGN_OFF);
      return mail('reminder', subject, text);
    }
  }
}

const ADMIN_SUBJECT: Partial<Record<BookingMailKind, string>> = {
  confirmed: 'New booking',
  pending: 'Booking awaiting approval',
  // A promotion adds an attendee just as a booking does: the partner's head count must follow.
  promoted: 'Booking from the waitlist',
  changed: 'Booking changed',
  cancelled: 'Booking cancelled',
  transferred: 'Place handed on',
};

/** The partner contact's notice, or null when this kind needs none. */
export function renderAdminMail(ctx: BookingMailContext, now = new Date()): RenderedMail | null {
  const title = ADMIN_SUBJECT[ctx.kind];
  if (!title) return null;
  // Leaving the waitlist changes nothing the partner counts.
  if (ctx.kind === 'cancelled' && !ctx.booking.placedAt) return null;
  const v = mailVars(ctx, now);
  const intro: Partial<Record<BookingMailKind, string>> = {
    confirmed: `${v.name} has booked ${v.event}.`,
    pending: `${v.name} has asked to book ${v.event}. The booking holds its place until it is approved or declined.`,
    promoted: `${v.name} has been moved from the waitlist to a place at ${v.event}.`,
    changed: `${v.name} has changed their booking for ${v.event}. The new details:`,
    cancelled: `${v.name} has cancelled their booking for ${v.event}. The place is free again.`,
    transferred: `${v.name} has handed their place at ${v.event} on to another member; it is not free.`,
  };
  const facts = details([
    ['Member', `${v.name} <${v.email}>`],
    ['Phone', memberTyped(ctx.booking.phoneNumber ?? '')],
    ['Event', v.event],
    ['Date', v.date],
    ['Time', v.time],
    ['Slot', v.slot],
    ['Guests', v.guests],
    ['Attendees in total', v.attendees],
    ['Status', ctx.booking.status],
    ['Booking reference', ctx.booking.id],
  ]);
  const approve =
    ctx.kind === 'pending' ? `Approve or decline it in the admin area: ${ctx.portalUrl}/admin/bookings` : '';
  // Every answer reaches the partner, in the member's words (defanged like every member-typed text).
  const answers = ctx.answers?.length
    ? `Their answers:\n${details(ctx.answers.map((a) => [oneLine(a.label, 200), memberTyped(a.value, 1000)]))}`
    : '';
  return {
    purpose: 'admin-notification',
    subject: oneLine(`${title}: ${v.event} - ${v.name}`),
    text: paragraphs(intro[ctx.kind] ?? '', facts, answers, approve, `-- ${BRAND} members portal`),
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The plain text as simple HTML: everything escaped, links made clickable, paragraphs kept. */
export function textToHtml(text: string): string {
  const body = text
    .trim()
    .split(/\n{2,}/)
    .map((p) => {
      const html = escapeHtml(p)
        .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>\n');
      return `<p>${html}</p>`;
    })
    .join('\n');
  return `<!doctype html>\n<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222">\n${body}\n</body></html>\n`;
}
