import { benefitTitle } from '#common/benefit-title.ts';
import { hasDoorType } from '#common/benefit-type.ts';
import { MY_BOOKINGS_PATH } from '#common/constants.ts';
import { formatDay, formatInstant, formatSchedule, formatShortInstant } from '#common/event-time.ts';
import { DEFAULT_LOCALE, type Locale } from '#common/locales.ts';
import type { MailPlaceholder } from '#common/mail.ts';
import { groupPassCode, hasDoor } from '#common/passes.ts';
import { BRAND_ONLY_CONFIRMATION_SUBJECT, DEFAULT_CONFIRMATION_SUBJECT } from '#common/rsvp-config.ts';
import { formatSlot } from '#common/time-range.ts';
import { type MailT, mailT, sentenceGap } from '../../lib/mail-i18n.ts';
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
  const locale = ctx.locale ?? DEFAULT_LOCALE;
  const { name, firstName } = memberNames(b);
  const times = bookingTimes(ctx.event, ctx.slot);
  const tz = ctx.event.timeZone;
  // Whole days booked as such (no timed slot) read as days, '29 September – 4 October 2025': their end instant is the
  // midnight after the last day, which a time range would write as the next day.
  const days = ctx.event.schedule !== 'timed' && !(ctx.slot && slotTimes(ctx.event, ctx.slot));
  // '1 October 2025' and '7:00–10:00 PM SGT': the one format, split for the template's Date and Time lines.
  const range = (start: Date, end: Date) =>
    formatSchedule({ schedule: 'timed', startsAt: start, endsAt: end, timeZone: tz }, locale) ?? '';
  const when = days ? '' : times ? range(times.start, times.end) : '';
  const day = days ? (formatSchedule(ctx.event, locale) ?? '') : times ? formatDay(times.start, tz, locale) : '';
  // English writes 'day, time'; the other languages 'day time' (event-time.ts).
  const gap = locale === 'en' ? ', ' : ' ';
  const until = changeUntil(ctx.policy, ctx.event, ctx.slot);
  const slot = ctx.slot ? formatSlot(ctx.slot.slotTime, ctx.slot.slotDate, tz, locale) : '';
  return {
    name,
    firstName,
    email: b.email,
    event: oneLine(benefitTitle(ctx.event, locale), 300),
    date: day,
    time: when.startsWith(`${day}${gap}`) ? when.slice(day.length + gap.length) : when,
    slot,
    guests: String(b.guestCount),
    attendees: String(b.places),
    location: oneLine(venueOf(ctx.event), 300),
    manageUrl: manageUrl(ctx),
    changeUntil: until && until > now ? formatInstant(until, tz, locale) : '',
    // The pass admits only while the booking is confirmed (docs/decisions/009), and only where there is a door.
    pass: b.status === 'confirmed' && b.passCode && hasDoor(ctx.event) ? groupPassCode(b.passCode) : '',
    passesUrl: `${ctx.portalUrl}${MY_BOOKINGS_PATH}`,
    // An offer's code (decision 029) is the member's once the claim holds a place.
    offerCode: b.status === 'confirmed' && ctx.offerCodes?.length ? ctx.offerCodes.join(', ') : '',
  };
}

/** "Label: value" lines, leaving out the ones without a value. */
const details = (rows: [string, string][], t?: MailT) =>
  rows
    .filter(([, v]) => v !== '')
    .map(([label, value]) => (t ? t('mail.detail', { label, value }) : `${label}: ${value}`))
    .join('\n');

/** An offer or an interest list has no guests and no head count: only a place at a door has. */
const bookingDetails = (t: MailT, v: MailVars, type?: string) => {
  const door = hasDoorType(type);
  const what =
    type === 'offer' ? 'mail.label.offer' : type === 'interest' ? 'mail.label.interestIn' : 'mail.label.event';
  return details(
    [
      [t(what), v.event],
      [t('mail.label.date'), v.date],
      [t('mail.label.time'), v.time],
      [t('mail.label.slot'), v.slot],
      [t('mail.label.location'), v.location],
      [t('mail.label.guests'), door ? v.guests : ''],
      [t('mail.label.attendees'), door ? v.attendees : ''],
    ],
    t,
  );
};

/** A new booking's subject and opening line, in the words of what it is (DESIGN §8); a draw's win says so. */
function confirmedWords(t: MailT, ctx: BookingMailContext, v: MailVars) {
  const event = { event: v.event };
  const draw = ctx.draw ? t('mail.checkDraw', { url: ctx.draw.url }) : '';
  if (ctx.draw) return { subject: t('mail.drawn.subject', event), line: t('mail.drawn.line', event), draw };
  if (ctx.event.benefitType === 'offer')
    return { subject: t('mail.offer.subject', event), line: t('mail.offer.line', event), draw };
  if (ctx.event.benefitType === 'interest') {
    const partner = ctx.event.partnerContactEmail?.trim();
    const line = partner ? t('mail.interest.lineContact', { ...event, partner }) : t('mail.interest.line', event);
    return { subject: t('mail.interest.subject', event), line, draw };
  }
  return { subject: t('mail.confirmed.subject', event), line: t('mail.confirmed.line', event), draw };
}

/** The pass (when admitted) and the way to change or cancel: every message about a held place ends with them. */
const manageLines = (t: MailT, v: MailVars, changes: string) =>
  [
    v.pass ? t('mail.pass', { pass: v.pass, url: v.passesUrl }) : '',
    v.offerCode ? t('mail.offerCodeOnBookings', { code: v.offerCode, url: v.passesUrl }) : '',
    t('mail.changeCancel', { url: v.manageUrl }),
    changes,
  ]
    .filter(Boolean)
    .join('\n');

export const paragraphs = (...parts: string[]) =>
  `${parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join('\n\n')}\n`;

/** The closing lines of every member mail, in the member's language. */
export const signOff = (locale: Locale = DEFAULT_LOCALE) => mailT(locale)('mail.signOff', { brand: BRAND });

/** How the booking can be changed: until when, or (editing off for the form) through the partner (decision 022). */
const changesLine = (t: MailT, ctx: BookingMailContext, v: MailVars) => {
  if (!ctx.policy.allowEditing) {
    const contact = ctx.event.partnerContactEmail;
    return contact ? t('mail.throughPartner', { contact }) : t('mail.throughOrganiser');
  }
  return v.changeUntil ? t('mail.changeUntil', { until: v.changeUntil }) : '';
};

/** A configured template, plus the manage link when the template forgot it (members must be able to cancel). */
const configured = (t: MailT, template: string, v: MailVars, manage: string) => {
  const body = fillTemplate(template, v);
  // The offer's code is what the member came for: a template that does not place it still carries it.
  const code = v.offerCode && !/offerCode/.test(template) ? t('mail.offerCode', { code: v.offerCode }) : '';
  return template.includes('manageUrl') ? paragraphs(body, code) : paragraphs(body, manage);
};

export type RenderedMail = { purpose: MailPurpose; subject: string; text: string };

/** A draw's time as the member reads it: in their language when the caller gave the instant. */
const drawOn = (ctx: BookingMailContext, locale: Locale) =>
  ctx.draw?.at && locale !== 'en' ? formatShortInstant(ctx.draw.at, ctx.event.timeZone, locale) : (ctx.draw?.on ?? '');

/**
 * The member's message for what happened, or null when there is none, in the member's language (decision 061;
 * English is the spec's wording). sendConfirmationEmail only governs the confirmation of a new booking: waitlist,
 * approval, promotion, change and cancellation notices always go, since they tell the member something they did not
 * just see on screen.
 */
export function renderMemberMail(ctx: BookingMailContext, now = new Date()): RenderedMail | null {
  const locale = ctx.locale ?? DEFAULT_LOCALE;
  const t = mailT(locale);
  const n = ctx.policy.notifications;
  const v = mailVars(ctx, now);
  const event = { event: v.event };
  const manage = manageLines(t, v, changesLine(t, ctx, v));
  const changeCancel = t('mail.changeCancel', { url: v.manageUrl });
  const hello = t('mail.hello', { firstName: v.firstName });
  const bye = signOff(locale);
  const facts = bookingDetails(t, v);
  const entry = t('mail.entry', { id: ctx.booking.id, url: ctx.draw?.url ?? '' });
  const mail = (purpose: MailPurpose, subject: string, ...text: string[]): RenderedMail => ({
    purpose,
    subject: oneLine(subject),
    text: paragraphs(...text),
  });
  switch (ctx.kind) {
    case 'confirmed': {
      if (!n.sendConfirmationEmail) return null;
      const own = n.confirmationSubject.trim();
      const said = confirmedWords(t, ctx, v);
      const customised = own && own !== BRAND_ONLY_CONFIRMATION_SUBJECT && own !== DEFAULT_CONFIRMATION_SUBJECT;
      const subject = fillTemplate(customised ? own : said.subject, v);
      if (n.confirmationTemplate.trim())
        return {
          purpose: 'confirmation',
          subject: oneLine(subject),
          text: configured(t, n.confirmationTemplate, v, manage),
        };
      return mail(
        'confirmation',
        subject,
        hello,
        said.line,
        said.draw,
        bookingDetails(t, v, ctx.event.benefitType),
        manage,
        bye,
      );
    }
    case 'pending':
      return mail(
        'pending',
        t('mail.pending.subject', event),
        hello,
        t('mail.pending.line', event),
        facts,
        changeCancel,
        bye,
      );
    case 'approved':
      return mail(
        'approved',
        t('mail.approved.subject', event),
        hello,
        t('mail.approved.line', event),
        facts,
        manage,
        bye,
      );
    case 'declined':
      return mail('declined', t('mail.declined.subject', event), hello, t('mail.declined.line', event), facts, bye);
    case 'waitlisted': {
      const position = ctx.waitlistPosition ? t('mail.waitlisted.position', { position: ctx.waitlistPosition }) : '';
      return mail(
        'waitlisted',
        t('mail.waitlisted.subject', event),
        hello,
        `${t('mail.waitlisted.line', event)}${sentenceGap(locale)}${position}`,
        t('mail.waitlisted.next'),
        facts,
        t('mail.leaveWaitlist', { url: v.manageUrl }),
        bye,
      );
    }
    case 'promoted':
      // A form that needs approval holds the freed place for the member until the organiser decides.
      return ctx.booking.status === 'pending'
        ? mail(
            'promoted',
            t('mail.promotedHeld.subject', event),
            hello,
            t('mail.promotedHeld.line', event),
            facts,
            changeCancel,
            bye,
          )
        : mail(
            'promoted',
            t('mail.promoted.subject', event),
            hello,
            t('mail.promoted.line', event),
            facts,
            manage,
            bye,
          );
    case 'changed':
      return mail(
        'changed',
        t('mail.changed.subject', event),
        hello,
        t('mail.changed.line', event),
        facts,
        manage,
        bye,
      );
    case 'cancelled':
      // placedAt is set once a booking holds a place; without it the member was only on the waitlist.
      return ctx.booking.placedAt
        ? mail('cancelled', t('mail.cancelled.subject', event), hello, t('mail.cancelled.line', event), facts, bye)
        : mail('cancelled', t('mail.leftWaitlist.subject', event), hello, t('mail.leftWaitlist.line', event), bye);
    case 'entered':
      return mail(
        'draw-entered',
        t('mail.entered.subject', event),
        hello,
        t('mail.entered.line', { ...event, on: drawOn(ctx, locale) }),
        entry,
        t('mail.withdrawBefore', { url: v.manageUrl }),
        bye,
      );
    case 'draw_waitlisted': {
      const position = { ...event, position: ctx.waitlistPosition ?? '' };
      return mail(
        'draw-waitlisted',
        t('mail.drawWaitlisted.subject', position),
        hello,
        t('mail.drawWaitlisted.line', position),
        entry,
        t('mail.leaveWaitlist', { url: v.manageUrl }),
        bye,
      );
    }
    case 'withdrawn':
      return mail('cancelled', t('mail.withdrawn.subject', event), hello, t('mail.withdrawn.line', event), bye);
    case 'not_drawn':
      return mail('not-drawn', t('mail.notDrawn.subject', event), hello, t('mail.notDrawn.line', event), entry, bye);
    case 'transferred':
      return mail(
        'transferred',
        t('mail.transferred.subject', event),
        hello,
        t('mail.transferred.line', event),
        facts,
        bye,
      );
    case 'reminder': {
      const days = ctx.daysBefore ?? 0;
      const line =
        days === 0
          ? t('mail.reminder.today', event)
          : days === 1
            ? t('mail.reminder.tomorrow', event)
            : t('mail.reminder.inDays', { ...event, days });
      const subject = v.date
        ? t('mail.reminder.subjectOn', { ...event, date: v.date })
        : t('mail.reminder.subject', event);
      const template = n.reminderEmails.template.trim();
      // A place nobody will use is worth handing on: every reminder offers the one-click release (decision 016).
      const release = ctx.releaseUrl ? t('mail.release', { url: ctx.releaseUrl }) : '';
      return template
        ? mail('reminder', subject, configured(t, template, v, manage), release)
        : mail('reminder', subject, hello, line, facts, manage, release, bye);
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
  // The partner's notice stays in English, whatever the member's language.
  const v = mailVars({ ...ctx, locale: DEFAULT_LOCALE }, now);
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
