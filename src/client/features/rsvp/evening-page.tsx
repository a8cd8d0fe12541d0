import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { Benefit } from '#common/benefits.ts';
import { ACTIVE_STATUSES } from '#common/bookings.ts';
import { type EveningRsvpInput, eveningRsvpSchema } from '#common/evening.ts';
import { localDate } from '#common/event-time.ts';
import { POLL } from '#common/polling.ts';
import { formatSlotClock } from '#common/time-range.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass, YesNo } from '../../components/ui/field.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { useSession } from '../../lib/session.ts';
import { AddToCalendar } from './add-to-calendar.tsx';
import {
  bookEvening,
  rsvpKeys,
  SPEC_EVENING,
  useEveningCount,
  useEveningSlots,
  useRsvpStatus,
  useSlotRefresh,
  useUserName,
} from './api.ts';
import { BookedSummary } from './booked-summary.tsx';
import { rsvpState, STATE_LABEL, StateNote, say, stateLabel } from './booking-state.tsx';
import { ManageBookingLink } from './manage-booking-link.tsx';
import { useMemberBookings } from './member-bookings.ts';
import { useDropStaleChoice } from './page-hooks.ts';
import { RsvpPageFrame } from './rsvp-page-frame.tsx';
import { useRsvpSubmission } from './use-rsvp-submission.ts';

/** The evening form of the spec's SAP Night, or of any benefit booked through it (decision 064). */
export function EveningPage({ benefitId = SPEC_EVENING }: { benefitId?: string }) {
  return <RsvpPageFrame benefitId={benefitId}>{(benefit) => <EveningForm benefit={benefit} />}</RsvpPageFrame>;
}

function EveningForm({ benefit }: { benefit: Benefit }) {
  const EVENT = benefit.eventIds?.[0] ?? benefit.id;
  // Slots are clock times in the event's zone (an organiser's tour in New York reads EDT, not SGT).
  const zone = benefit.schedule?.timeZone;
  // An evening's slots have no day of their own: the evening's, for the zone's label in force then (EDT in June).
  const starts = benefit.schedule?.startsAt;
  const day = starts && zone ? localDate(new Date(starts), zone) : null;
  const t = useT();
  const locale = useLocale();
  const { user } = useSession();
  const [, navigate] = useLocation();
  const status = useRsvpStatus(EVENT, Boolean(user), POLL.pageStatusMs, POLL.pageStatusStaleMs);
  const count = useEveningCount(EVENT);
  const slots = useEveningSlots(EVENT);
  const userName = useUserName();
  const refresh = useSlotRefresh(EVENT, rsvpKeys.eveningSlots(EVENT));

  const form = useForm<EveningRsvpInput>({
    resolver: zodResolver(eveningRsvpSchema),
    defaultValues: {
      fullName: '',
      email: user?.email ?? '',
      rsvpStatus: 'yes',
      tourRequested: undefined,
      timeSlot: '',
    },
  });
  const tour = form.watch('tourRequested');
  useEffect(() => {
    if (userName.data) form.setValue('fullName', userName.data.fullName || user?.email || '');
  }, [userName.data, user?.email, form]);
  useEffect(() => {
    if (tour === 'no') form.setValue('timeSlot', ''); // choosing no clears the slot (docs/spec/admin-and-rsvp.md §2)
  }, [tour, form]);

  const submit = useRsvpSubmission<EveningRsvpInput>({
    eventId: EVENT,
    benefit,
    send: (body) => bookEvening(EVENT, body),
    confirmed: () => ({
      title: t('toast.rsvpConfirmed'),
      text: t('toast.seeYou', { event: EVENT === SPEC_EVENING ? 'SAP Night' : benefit.title }),
    }),
    track: 'form',
    trackData: (body) => ({
      formType: EVENT,
      submissionData: { tourRequested: body.tourRequested, timeSlot: body.timeSlot },
    }),
    failure: { title: t('toast.rsvpFailed'), fallback: t('toast.tryLater') },
    stale: [rsvpKeys.eveningSlots(EVENT)],
    onBooked: () => navigate('/benefits'),
  });

  const bookings = useMemberBookings(Boolean(user));
  const booked = bookings.data?.data.find((b) => b.eventId === EVENT && ACTIVE_STATUSES.includes(b.status));
  const state = rsvpState(status.data);
  const done = Boolean(status.data?.hasRsvpd) || state.own !== null;
  const joinWaitlist = state.waitlistOpen;
  const full = !done && Boolean(count.data?.isFull) && !joinWaitlist;
  const open = slots.data?.slots ?? [];
  useDropStaleChoice(
    form.watch('timeSlot'),
    open.map((s) => s.slotTime),
    () => form.setValue('timeSlot', ''),
    slots.isSuccess,
  );
  const errors = form.formState.errors;
  const label =
    stateLabel(state, 'SUBMIT') ??
    (done
      ? t('form.submitted')
      : full
        ? t('form.slotsFull')
        : submit.isPending
          ? t('form.submitting')
          : joinWaitlist
            ? say('SUBMIT', STATE_LABEL.joinWaitlist)
            : t('form.submit'));

  return (
    <form noValidate onSubmit={form.handleSubmit((body) => submit.submit(body))} className="space-y-6">
      <input type="hidden" {...form.register('fullName')} />
      <input type="hidden" {...form.register('email')} />
      <input type="hidden" {...form.register('rsvpStatus')} />
      {/* Booked: what the member holds, not the empty question again. */}
      {done ? (
        booked && <BookedSummary booking={booked} />
      ) : (
        <>
          <Controller
            control={form.control}
            name="tourRequested"
            render={({ field }) => (
              <YesNo
                name="tourRequested"
                legend={t('form.tourQuestion')}
                value={field.value}
                onChange={field.onChange}
                error={fieldError(errors.tourRequested?.message ?? errors.fullName?.message ?? errors.email?.message)}
              />
            )}
          />
          {tour === 'yes' && (
            <Field id="timeSlot" label={t('form.selectSlot')} error={fieldError(errors.timeSlot?.message)}>
              {open.length === 0 ? (
                <p className="text-sm text-zinc-400">{t('form.noSlots')}</p>
              ) : (
                <select id="timeSlot" className={inputClass} {...form.register('timeSlot')}>
                  <option value="">{t('form.chooseTime')}</option>
                  {open.map((s) => (
                    <option key={s.id} value={s.slotTime}>
                      {t('form.slotLeft', {
                        slot: formatSlotClock(s.slotTime, day, zone, locale),
                        left: s.remainingSlots,
                      })}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          className="sm:min-w-48"
          disabled={done || full || state.shut !== null || submit.isPending || submit.isSuccess}
        >
          {label}
        </Button>
        {!done && (
          <Button variant="ghost" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
            <RefreshCw size={14} aria-hidden /> {t('form.refresh')}
          </Button>
        )}
      </div>
      <StateNote state={state} />
      {/* Before the member's bookings are in, the status's calendar stands in for the summary's. */}
      {done &&
        !booked &&
        state.own?.status !== 'waitlisted' &&
        state.own?.status !== 'pending' &&
        status.data?.calendar && <AddToCalendar calendar={status.data.calendar} eventId={EVENT} />}
      <ManageBookingLink booking={status.data?.booking} />
    </form>
  );
}
