import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { Benefit } from '#common/benefits.ts';
import { AUTH_REDIRECT_DELAY_MS } from '#common/constants.ts';
import type { WordingTextField } from '#common/member-action-wording.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { useTextLang } from '../../i18n/text-lang.ts';
import { useT } from '../../i18n/use-t.ts';
import { isSignedOutError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { SESSION_KEY, useSession } from '../../lib/session.ts';
import { AddToCalendar } from './add-to-calendar.tsx';
import { bookEvent, rsvpKeys, useEventCapacity, useEventSlots, useRsvpStatus } from './api.ts';
import { rsvpState, STATE_LABEL, StateNote, say, stateLabel } from './booking-state.tsx';
import { ManageBookingLink } from './manage-booking-link.tsx';
import { memberActionFor, signedOutNotice } from './member-actions.ts';
import { OfferCodes } from './offer-code.tsx';
import { useRsvpSubmission } from './use-rsvp-submission.ts';

/** A booking that holds no place yet gets no calendar entry. */
const WITHOUT_PLACE: string[] = ['waitlisted', 'pending', 'entered'];

type QuickRsvpBody = { firstName: string; lastName: string } | undefined;

type Props = {
  eventId: string;
  benefit: Pick<Benefit, 'id' | 'title' | 'bookingMode' | 'actionWording' | 'eventTypes' | 'fallback'>;
  /** Slot counts are polled only while the action is on screen in an open modal or page. */
  live?: boolean;
  label?: string;
  /** The label's language when not the page's (a partner page's button left in English). */
  labelLang?: string;
};

// This file is what other features show of the RSVP feature after the first paint (a tile's modal, a partner page):
// not in ./index.ts, which is in the dashboard's first chunk (.dependency-cruiser.cjs allows it by name).

/** An event's stored capacity, as a number in running text (partner pages). */
export function EventCapacity({ eventId }: { eventId: string }) {
  const slots = useEventCapacity(eventId);
  return <span data-testid={`capacity-${eventId}`}>{slots.data?.bookableSlots ?? '…'}</span>;
}

/** One button for every one-click RSVP, interest and claim, with the spec's states and toasts. */
export function RsvpAction({ eventId, benefit, live = true, label, labelLang }: Props) {
  const cfg = memberActionFor(eventId, benefit, label);
  const t = useT();
  const lang = useTextLang();
  // The event's own words are in the member's language unless the server says they fell back (decision 073); the
  // product's defaults that fill the rest come from the catalogue, in the member's language.
  const own = benefit.actionWording?.[eventId] as Partial<Record<WordingTextField, string>> | undefined;
  const translated = (key: WordingTextField) =>
    !own?.[key]?.trim() || !benefit.fallback?.includes(`actionWording.${eventId}.${key}`);
  const wordLang = (...keys: WordingTextField[]) => lang(keys.every(translated) ? null : 'en');
  const { user } = useSession();
  const [, navigate] = useLocation();
  const status = useRsvpStatus(eventId, Boolean(user), cfg.statusPollMs);
  const slots = useEventSlots(eventId, cfg.slots, live);
  const rsvp = useRsvpSubmission<QuickRsvpBody>({
    eventId,
    benefit,
    send: (body) => bookEvent(eventId, body),
    confirmed: () => ({
      title: cfg.successTitle,
      text: cfg.successText,
      lang: wordLang('successTitle', 'successText'),
    }),
    track: 'mutation',
    failure: { title: cfg.failTitle, fallback: cfg.failText, already: false },
    stale: cfg.slots ? [rsvpKeys.actionSlots(eventId)] : [],
    // A session gone on the server: each event says so in its own words, and some go to /login (docs/spec/member-portal.md §8).
    explain: (err) => {
      if (!isSignedOutError(err)) return false;
      const notice = signedOutNotice(cfg);
      toast({ title: notice.title, description: notice.description, variant: 'destructive' });
      if (notice.redirect)
        setTimeout(() => {
          queryClient.setQueryData(SESSION_KEY, null); // the session is gone: no page may still look signed in
          navigate('/login');
        }, AUTH_REDIRECT_DELAY_MS);
      return true;
    },
  });
  // Until the status is refetched, the POST's own answer says where the member stands (no second submit).
  const answer = rsvp.data?.status
    ? { status: rsvp.data.status, waitlistPosition: rsvp.data.waitlistPosition ?? null }
    : null;
  const state = rsvpState(status.data, answer);
  const done = Boolean(status.data?.hasRsvpd) || state.own !== null;
  const remaining = slots.data?.remainingSlots;
  // A fresher slot count with places left wins over a status that said full.
  const joinWaitlist = state.waitlistOpen && !(typeof remaining === 'number' && remaining > 0);
  const soldOut = !done && remaining === 0 && !joinWaitlist;
  const busy = done || soldOut || state.shut !== null || rsvp.isPending;

  // A focused button that turns disabled drops focus to <body>, and a keyboard user loses their
  // place: while the member is on this action, focus waits on its box until the button is usable.
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const holdFocus = useRef(false);
  useEffect(() => {
    if (!holdFocus.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && active !== button.current && active !== box.current) {
      holdFocus.current = false; // the member has moved on
      return;
    }
    (busy ? box.current : button.current)?.focus();
  }, [busy]);

  const submit = () => {
    if (!user) return toast({ title: cfg.failTitle, description: cfg.loginText, variant: 'destructive' });
    holdFocus.current = document.activeElement === button.current;
    rsvp.submit(cfg.sendName ? { firstName: user.firstName ?? '', lastName: user.lastName ?? '' } : undefined);
  };

  const stateText = stateLabel(state, cfg.idle);
  // The action's words are the organiser's (decision 033); the states' are the catalogue's.
  const ownWords = stateText === null && (done || soldOut || rsvp.isPending || !joinWaitlist);
  const ownKey: WordingTextField = done ? 'done' : soldOut ? 'soldOut' : rsvp.isPending ? 'pending' : 'idle';
  const ownLang = ownKey === 'idle' && label !== undefined ? labelLang : wordLang(ownKey);
  const text =
    stateText ??
    (done
      ? cfg.done
      : soldOut
        ? cfg.soldOut
        : rsvp.isPending
          ? cfg.pending
          : joinWaitlist
            ? say(cfg.idle, STATE_LABEL.joinWaitlist)
            : (label ?? cfg.idle));
  const variant = cfg.style === 'blue' ? 'blue' : 'gold';
  return (
    <div ref={box} tabIndex={-1} className="space-y-2" data-testid={`rsvp-${eventId}`}>
      <Button ref={button} variant={variant} className="w-full" disabled={busy} onClick={submit}>
        {rsvp.isPending && <Loader2 className="animate-spin" size={16} aria-hidden />}
        <span lang={ownWords ? ownLang : undefined}>{text}</span>
      </Button>
      {typeof remaining === 'number' && slots.data?.bookableSlots != null && (
        <p className="text-center text-xs text-zinc-400" data-testid="remaining">
          {slots.data.codes
            ? remaining === 0
              ? t('rsvp.codesGone')
              : t('rsvp.codesLeft', { remaining })
            : remaining === 0
              ? t('rsvp.noPlaces')
              : t('rsvp.placesLeft', { remaining, total: slots.data.bookableSlots })}
        </p>
      )}
      <StateNote state={state} />
      {done && <OfferCodes codes={status.data?.offerCodes ?? rsvp.data?.offerCodes ?? []} />}
      {done && (status.data?.claimsLeft ?? 0) > 0 && (
        // An offer that allows a member more than one code: the next claim goes through the same engine.
        <Button variant="outline" className="w-full" disabled={rsvp.isPending} onClick={submit}>
          {t('rsvp.claimAnother', { left: status.data?.claimsLeft ?? 0 })}
        </Button>
      )}
      {done && !WITHOUT_PLACE.includes(state.own?.status ?? 'confirmed') && status.data?.calendar && (
        <AddToCalendar calendar={status.data.calendar} eventId={eventId} />
      )}
      <ManageBookingLink booking={status.data?.booking} />
    </div>
  );
}
