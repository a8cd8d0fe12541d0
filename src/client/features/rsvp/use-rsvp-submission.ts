import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import type { SubmissionInput } from '#common/analytics.ts';
import type { Benefit } from '#common/benefits.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { RSVP_MSG } from '#common/rsvp.ts';
import type { TrackTrigger } from '#common/submission-type.ts';
import { toast } from '../../components/ui/use-toast.ts';
import { refusalToast, serverLang } from '../../i18n/error-text.ts';
import { t } from '../../i18n/i18n.ts';
import { ApiError, answerLang } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { trackSubmission } from '../../lib/track-submission.ts';
import { type RsvpAnswer, rsvpKeys, type StatusView } from './api.ts';
import { STATE_TOAST } from './booking-state.tsx';

/** What every RSVP answer says, whichever form sent it: how it went and the words for the member. */
type AnyRsvpAnswer = Pick<RsvpAnswer, 'status' | 'message'>;

export type RsvpSubmissionOptions<Body, Answer extends AnyRsvpAnswer> = {
  /** The event the answer books: its status and the member's bookings are refetched after every attempt. */
  eventId: string;
  benefit: Pick<Benefit, 'id' | 'title' | 'bookingMode'>;
  send: (body: Body) => Promise<Answer>;
  /**
   * The toast of a confirmed place; the server's own message, when it sends one, is the text. `lang`: the words'
   * language when not the page's (an action's wording is the organiser's).
   */
  confirmed: (body: Body) => { title: string; text: string; lang?: string };
  /** The analytics trigger and what the submission record carries (docs/spec/member-portal.md §4). */
  track: TrackTrigger;
  trackData?: (body: Body) => Pick<SubmissionInput, 'formType' | 'submissionData'>;
  /**
   * The failure toast: the server's reason for a refusal, else the fallback. Forms say 'Already RSVP'd' for a
   * second booking (docs/spec/admin-and-rsvp.md §8); one-click actions (`already: false`) keep their own title (docs/spec/member-portal.md §8).
   */
  failure: { title: string; fallback: string; already?: boolean };
  /** Further queries every attempt makes stale, won or lost (slot lists). */
  stale?: readonly (readonly unknown[])[];
  /** After the toast (a redirect, a summary). */
  onBooked?: (answer: Answer, body: Body) => void;
  /** A failure the page explains itself (field errors, a lost session): true when it did. */
  explain?: (err: unknown) => boolean;
};

const ALREADY_CODES = new Set<string>([ERROR_CODE.alreadyBooked, ERROR_CODE.alreadyWaitlisted]);

const alreadyRsvpdTitle = () => t('toast.alreadyRsvpd');

/**
 * The failure toast of a form RSVP: a 409 "already" is the spec's 'Already RSVP'd' (and the
 * page's status is refreshed so it shows SUBMITTED); anything else gets the given title and text.
 */
function toastRsvpFailure(err: unknown, eventId: string, title: string, fallback: string) {
  if (err instanceof ApiError && err.status === 409 && ALREADY_CODES.has(err.code ?? '')) {
    toast({ title: alreadyRsvpdTitle(), ...refusalToast(err, RSVP_MSG.alreadyBooked), variant: 'destructive' });
    void queryClient.invalidateQueries({ queryKey: rsvpKeys.status(eventId) });
    return;
  }
  toast({ title, ...refusalToast(err, fallback), variant: 'destructive' });
}

/** The toast title of an answer: a waitlist place or a request awaiting approval is not a confirmation. */
export function answerTitle(answer: Pick<RsvpAnswer, 'status'>, confirmedTitle: string): string {
  return answer.status === 'waitlisted' || answer.status === 'pending' || answer.status === 'entered'
    ? STATE_TOAST[answer.status]
    : confirmedTitle;
}

/**
 * The member's submit flow of every RSVP surface (evening, concierge, dynamic form, one-click action), written
 * once: one request at a time (a double click sends one POST), the spec's toasts, tracking, and the queries the
 * answer makes stale.
 */
export function useRsvpSubmission<Body, Answer extends AnyRsvpAnswer = RsvpAnswer>(
  opts: RsvpSubmissionOptions<Body, Answer>,
) {
  // Set at the first click, before React re-renders.
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: opts.send,
    onSettled: () => {
      inFlight.current = false;
      void queryClient.invalidateQueries({ queryKey: rsvpKeys.status(opts.eventId) });
      void queryClient.invalidateQueries({ queryKey: rsvpKeys.memberBookings });
      for (const key of opts.stale ?? []) void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (answer, body) => {
      const confirmed = opts.confirmed(body);
      const title = answerTitle(answer, confirmed.title);
      toast({
        title,
        description: answer.message || confirmed.text,
        titleLang: title === confirmed.title ? confirmed.lang : undefined,
        // The server writes its message in the member's language (decision 072); the answer says which.
        descriptionLang: answer.message ? serverLang(answerLang(answer)) : confirmed.lang,
      });
      trackSubmission(opts.benefit, opts.track, opts.trackData?.(body));
      opts.onBooked?.(answer, body);
    },
    onError: (err) => {
      // The member already holds this place (another device, a stale tab): that is the done state, not a failure.
      // The page shows it at once; onSettled refetches the status for the booking's details.
      if (err instanceof ApiError && err.code === ERROR_CODE.alreadyBooked) {
        queryClient.setQueryData<StatusView>(rsvpKeys.status(opts.eventId), (old) =>
          old ? { ...old, hasRsvpd: true, hasRsvp: true } : old,
        );
        toast({ title: alreadyRsvpdTitle(), ...refusalToast(err, RSVP_MSG.alreadyBooked) });
        return;
      }
      if (opts.explain?.(err)) return;
      const { title, fallback, already = true } = opts.failure;
      if (already) toastRsvpFailure(err, opts.eventId, title, fallback);
      else toast({ title, ...refusalToast(err, fallback), variant: 'destructive' });
    },
  });
  const submit = (body: Body) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(body);
  };
  return { ...mutation, submit };
}
