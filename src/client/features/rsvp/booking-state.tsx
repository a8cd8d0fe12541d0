import type { BookingStatus, BookingWindow } from '#common/bookings.ts';
import type { EntryDraw } from '#common/draw-entry.ts';
import type { RsvpStatus } from '#common/rsvp.ts';
import { i18n, liveWords, t } from '../../i18n/i18n.ts';
import { drawOnText, windowInstantText } from '../../i18n/schedule-formatter.ts';

// The words below are read when a component renders, in the member's language (its components re-render on a switch).

/** A booking's status as members read it (booking page, My bookings). */
export const statusText = (status: BookingStatus) => t(`status.${status}`);

/** Button words for a booking's states; each surface says them in its own case (see `say`). */
export const STATE_LABEL = liveWords({
  joinWaitlist: 'state.joinWaitlist',
  onWaitlist: 'state.onWaitlist',
  awaiting: 'state.awaiting',
  closed: 'state.closed',
  notYet: 'state.notYet',
  ended: 'state.ended',
  enterDraw: 'state.enterDraw',
});

/** An entry's words (decision 031): 'Entered · draw on 2 Dec, 6 PM SGT'. */
export const enteredLabel = (draw: EntryDraw | null | undefined) =>
  draw ? t('state.enteredDraw', { date: drawOnText(draw, i18n.locale) }) : t('state.entered');

/** "on 2 Dec, 6 PM SGT" for an entry's note, in the member's language; empty without a draw. */
export const enteredOn = (draw: EntryDraw | null | undefined) =>
  draw ? t('state.enteredOn', { date: drawOnText(draw, i18n.locale) }) : '';

const SHUT_LABEL = {
  open: 'closed',
  closed: 'closed',
  'not-yet': 'notYet',
  ended: 'ended',
} as const;

export const STATE_TOAST = liveWords({
  waitlisted: 'toast.waitlisted',
  pending: 'toast.pending',
  entered: 'toast.entered',
});

export const waitlistLine = (position: number | null) =>
  position ? t('state.waitlistAt', { position }) : t('state.waitlist');

/** A label in the case of the surface's own idle label: 'SUBMIT' pages shout, 'Secure Spot Now' does not. */
export const say = (idle: string, text: string) => (idle === idle.toUpperCase() ? text.toUpperCase() : text);

/** What the member's booking, the booking window and the waitlist mean for an RSVP button. */
export type RsvpState = {
  /** The member's active booking, if any. */
  own: { status: BookingStatus; waitlistPosition: number | null } | null;
  /** The window is not open and the member has no booking: the button is disabled and says why. */
  shut: BookingWindow | null;
  /** The event is full and takes names for its waitlist. */
  waitlistOpen: boolean;
  /** A fair draw not yet made: members enter instead of booking (decision 031). */
  draw: RsvpStatus['draw'];
};

export function rsvpState(status: RsvpStatus | undefined, justBooked?: RsvpState['own']): RsvpState {
  const own = status?.booking ?? justBooked ?? null;
  const draw = status?.draw ?? null;
  // A draw's entry window replaces the booking window until the draw is made.
  const window: BookingWindow | undefined = draw
    ? {
        state: draw.state === 'open' ? 'open' : draw.state === 'scheduled' ? 'not-yet' : 'closed',
        opensAt: draw.opensAt ?? null,
        closesAt: draw.closesAt ?? null,
        timeZone: draw.timeZone,
        message: draw.message,
      }
    : status?.bookingWindow;
  return {
    own,
    shut: !own && window && window.state !== 'open' ? window : null,
    waitlistOpen: !own && !draw && Boolean(status?.waitlistOpen),
    draw,
  };
}

/** The button label for a booking or a closed window, or null when the surface's own label applies. */
export function stateLabel(s: RsvpState, idle: string): string | null {
  if (s.own?.status === 'entered') return enteredLabel(s.draw);
  if (!s.own && s.draw?.state === 'open') return say(idle, STATE_LABEL.enterDraw);
  if (s.own?.status === 'waitlisted')
    return `${say(idle, STATE_LABEL.onWaitlist)}${s.own.waitlistPosition ? ` · #${s.own.waitlistPosition}` : ''}`;
  if (s.own?.status === 'pending') return say(idle, STATE_LABEL.awaiting);
  if (s.shut) return say(idle, STATE_LABEL[SHUT_LABEL[s.shut.state]]);
  return null;
}

/** The line under the button that explains a waitlist place, an approval or a closed window. */
export function StateNote({ state }: { state: RsvpState }) {
  if (state.own?.status === 'entered')
    return (
      <p className="text-sm text-zinc-300" data-testid="booking-state">
        {t('state.enteredNote', { on: enteredOn(state.draw) })}{' '}
        {state.draw && (
          <a href={state.draw.path} className="text-gold underline underline-offset-4">
            {t('state.checkDraw')}
          </a>
        )}
      </p>
    );
  const text =
    state.own?.status === 'waitlisted'
      ? waitlistLine(state.own.waitlistPosition)
      : state.own?.status === 'pending'
        ? t('state.pendingNote')
        : state.shut && shutNote(state.shut, Boolean(state.draw));
  if (!text) return null;
  return (
    <p className="text-sm text-zinc-300" data-testid="booking-state">
      {text}
    </p>
  );
}

/** Why the window is shut, in the member's language: the server's English words, or its instant said again. */
function shutNote(shut: BookingWindow, draw: boolean): string | null {
  const when = windowInstantText(shut, i18n.locale);
  if (when && shut.state === 'not-yet') return t(draw ? 'state.entriesOpenOn' : 'state.opensOn', { when });
  if (when && shut.state === 'closed') return t(draw ? 'state.entriesClosedOn' : 'state.closedOn', { when });
  return shut.message;
}
