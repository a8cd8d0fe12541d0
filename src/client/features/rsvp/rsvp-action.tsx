import { Loader2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { Benefit } from '../../../common/benefits.ts';
import { AUTH_REDIRECT_DELAY_MS } from '../../../common/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { ApiError, isSignedOutError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { SESSION_KEY, useSession } from '../../lib/session.ts';
import { trackSubmission } from '../../lib/tracking.ts';
import { AddToCalendar } from './add-to-calendar.tsx';
import { useEventSlots, useQuickRsvp, useRsvpStatus } from './api.ts';
import {
  ManageBookingLink,
  rsvpState,
  STATE_LABEL,
  STATE_TOAST,
  StateNote,
  say,
  stateLabel,
} from './booking-state.tsx';
import { AUTH_FAILURE_TEXT, memberActionFor } from './member-actions.ts';

type Props = {
  eventId: string;
  benefit: Pick<Benefit, 'id' | 'title' | 'bookingMode'>;
  /** Slot counts are polled only while the action is on screen in an open modal or page. */
  live?: boolean;
  label?: string;
};

/** One button for every one-click RSVP, interest and claim, with the spec's states and toasts. */
export function RsvpAction({ eventId, benefit, live = true, label }: Props) {
  const cfg = memberActionFor(eventId, benefit.title);
  const { user } = useSession();
  const [, navigate] = useLocation();
  const status = useRsvpStatus(eventId, Boolean(user), cfg.statusPollMs);
  const slots = useEventSlots(cfg.slots, live);
  const rsvp = useQuickRsvp(eventId, cfg.slots?.path);
  // Set at the first click, before React re-renders: a double click must not send two POSTs.
  const inFlight = useRef(false);
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
    if (inFlight.current) return;
    inFlight.current = true;
    holdFocus.current = document.activeElement === button.current;
    const body = cfg.sendName ? { firstName: user.firstName ?? '', lastName: user.lastName ?? '' } : undefined;
    rsvp.mutate(body, {
      onSettled: () => {
        inFlight.current = false;
      },
      onSuccess: (answer) => {
        const held = answer.status === 'waitlisted' || answer.status === 'pending' ? answer.status : null;
        toast({
          title: held ? STATE_TOAST[held] : cfg.successTitle,
          description: answer.message || cfg.successText,
        });
        trackSubmission(benefit, 'mutation');
      },
      onError: (err) => {
        if (cfg.authRedirect && isSignedOutError(err)) {
          toast({ title: cfg.failTitle, description: AUTH_FAILURE_TEXT, variant: 'destructive' });
          setTimeout(() => {
            queryClient.setQueryData(SESSION_KEY, null); // the session is gone: no page may still look signed in
            navigate('/login');
          }, AUTH_REDIRECT_DELAY_MS);
          return;
        }
        // A refusal the server explains (sold out, already booked) is shown as said; anything else gets the spec's text.
        const explained = err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.serverMessage : null;
        toast({ title: cfg.failTitle, description: explained || cfg.failText, variant: 'destructive' });
      },
    });
  };

  const text =
    stateLabel(state, cfg.idle) ??
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
        {text}
      </Button>
      {typeof remaining === 'number' && slots.data?.bookableSlots != null && (
        <p className="text-center text-xs text-zinc-400" data-testid="remaining">
          {remaining === 0 ? 'No places left' : `${remaining} of ${slots.data.bookableSlots} places left`}
        </p>
      )}
      <StateNote state={state} />
      {done && state.own?.status !== 'waitlisted' && state.own?.status !== 'pending' && status.data?.calendar && (
        <AddToCalendar calendar={status.data.calendar} eventId={eventId} />
      )}
      <ManageBookingLink booking={status.data?.booking} />
    </div>
  );
}
