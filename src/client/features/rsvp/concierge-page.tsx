import { zodResolver } from '@hookform/resolvers/zod';
import { RefreshCw } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Benefit } from '#common/benefits.ts';
import { CONCIERGE_MAX_GUESTS, type ConciergeRsvpInput, conciergeRsvpSchema } from '#common/concierge.ts';
import { POLL } from '#common/polling.ts';
import { dayShortMonth, formatSlot, formatSlotClock, longDate } from '#common/time-range.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass, readOnlyInputClass, YesNo } from '../../components/ui/field.tsx';
import { GuestStepper } from '../../components/ui/guest-stepper.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { Trans } from '../../i18n/trans.tsx';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { useSession } from '../../lib/session.ts';
import { AddToCalendar } from './add-to-calendar.tsx';
import {
  bookConcierge,
  rsvpKeys,
  SPEC_TOURS,
  useConciergeSlots,
  useRsvpStatus,
  useSlotRefresh,
  useUserName,
} from './api.ts';
import { rsvpState, STATE_LABEL, StateNote, say, stateLabel } from './booking-state.tsx';
import { ManageBookingLink } from './manage-booking-link.tsx';
import { useMemberBookings } from './member-bookings.ts';
import { useDelayedNavigate, useDropStaleChoice } from './page-hooks.ts';
import { RsvpPageFrame } from './rsvp-page-frame.tsx';
import { useRsvpSubmission } from './use-rsvp-submission.ts';

/** The tour form of the spec's AP House, or of any benefit booked through it (decision 064). */
export function ConciergePage({ benefitId = SPEC_TOURS }: { benefitId?: string }) {
  return <RsvpPageFrame benefitId={benefitId}>{(benefit) => <ConciergeForm benefit={benefit} />}</RsvpPageFrame>;
}

function ConciergeForm({ benefit }: { benefit: Benefit }) {
  const EVENT = benefit.eventIds?.[0] ?? benefit.id;
  // Slots are clock times in the event's zone (an organiser's tour in New York reads EDT, not SGT).
  const zone = benefit.schedule?.timeZone;
  const t = useT();
  const locale = useLocale();
  const { user } = useSession();
  const redirect = useDelayedNavigate();
  const status = useRsvpStatus(EVENT, Boolean(user), POLL.pageStatusMs, POLL.pageStatusStaleMs);
  const slots = useConciergeSlots(EVENT);
  const userName = useUserName();
  const refresh = useSlotRefresh(EVENT, rsvpKeys.conciergeSlots(EVENT));
  // The concierge status answers the spec's bookingDetails; the member's bookings say what they may do with theirs.
  const bookings = useMemberBookings(Boolean(user));
  const listed = bookings.data?.data.find((b) => b.eventId === EVENT);
  const manage = status.data?.booking ?? (listed && { id: listed.id, ...listed.manage });
  const state = rsvpState(status.data, listed ?? null);

  const form = useForm<ConciergeRsvpInput>({
    resolver: zodResolver(conciergeRsvpSchema),
    defaultValues: {
      fullName: '',
      email: user?.email ?? '',
      phoneNumber: '',
      selectedDate: '',
      timeSlot: '',
      guestCount: 0,
    },
  });
  const [date, guests] = [form.watch('selectedDate'), form.watch('bringingGuests')];
  useEffect(() => {
    if (userName.data && !form.getValues('fullName')) form.setValue('fullName', userName.data.fullName);
  }, [userName.data, form]);

  const dates = useMemo(() => [...new Set((slots.data ?? []).map((s) => s.date))], [slots.data]);
  const times = (slots.data ?? []).filter((s) => s.date === date);
  useDropStaleChoice(
    form.watch('timeSlot'),
    times.map((s) => s.timeSlot),
    () => form.setValue('timeSlot', ''),
    slots.isSuccess,
  );

  const submit = useRsvpSubmission<ConciergeRsvpInput>({
    eventId: EVENT,
    benefit,
    send: (body) =>
      bookConcierge(EVENT, {
        ...body,
        totalAttendees: 1 + Number(body.bringingGuests === 'yes' ? body.guestCount : 0),
      }),
    confirmed: (body) => ({
      title: t('toast.tourBooked'),
      text: t('toast.tourBookedText', { slot: formatSlot(body.timeSlot, String(body.selectedDate), zone, locale) }),
    }),
    track: 'form',
    trackData: (body) => ({
      formType: EVENT,
      submissionData: { selectedDate: body.selectedDate, timeSlot: body.timeSlot },
    }),
    failure: { title: t('toast.unableRsvp'), fallback: t('toast.rsvpProblem') },
    stale: [rsvpKeys.conciergeSlots(EVENT)],
    onBooked: () => redirect('/benefits', POLL.conciergeRedirectMs),
  });

  const errors = form.formState.errors;
  const errorOf = (field: keyof typeof errors) => fieldError(errors[field]?.message, { max: CONCIERGE_MAX_GUESTS });
  const done = Boolean(status.data?.hasRsvpd) || state.own !== null;
  if (done) {
    const d = status.data?.bookingDetails;
    const held = state.own?.status === 'waitlisted' || state.own?.status === 'pending';
    // The status's day is the server's English ('29 Sep'): the booked slot's date says it in the member's language.
    const day = listed?.slot?.date;
    return (
      <div className="space-y-4 rounded-xl border border-gold/40 bg-gold/5 p-5">
        <p className="font-semibold text-white">
          {/* The date and the slot each stay whole: '2:00pm-3:00pm' must not break at its hyphen. */}
          {d ? (
            <Trans
              id={held ? 'form.conciergeRequestAt' : 'form.conciergeBookedAt'}
              values={{
                date: locale !== 'en' && day ? dayShortMonth(day, locale) : d.selectedDate,
                slot: formatSlotClock(d.timeSlot, day ?? null, zone, locale),
              }}
              components={{ 0: <span className="whitespace-nowrap" />, 1: <span className="whitespace-nowrap" /> }}
            />
          ) : (
            t(held ? 'form.conciergeRequest' : 'form.conciergeBooked')
          )}
        </p>
        <StateNote state={state} />
        {!held && status.data?.calendar && <AddToCalendar calendar={status.data.calendar} eventId={EVENT} />}
        <div className="flex flex-col items-start gap-3">
          <Button disabled>{stateLabel(state, 'SUBMIT') ?? t('form.submitted')}</Button>
          <ManageBookingLink booking={manage} />
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit((body) => submit.submit(body))} className="grid gap-5">
      <Field id="fullName" label={t('form.fullName')} error={errorOf('fullName')}>
        <input id="fullName" className={inputClass} autoComplete="name" {...form.register('fullName')} />
      </Field>
      <Field id="email" label={t('form.email')} hint={t('form.emailHint')} error={errorOf('email')}>
        <input id="email" type="email" className={readOnlyInputClass} readOnly {...form.register('email')} />
      </Field>
      <Field id="phoneNumber" label={t('form.phone')}>
        <input
          id="phoneNumber"
          type="tel"
          className={inputClass}
          autoComplete="tel"
          {...form.register('phoneNumber')}
        />
      </Field>
      <Field id="selectedDate" label={t('form.selectDate')} error={errorOf('selectedDate')}>
        {dates.length === 0 ? (
          <p className="text-sm text-zinc-400">{t('form.noDates')}</p>
        ) : (
          <select
            id="selectedDate"
            className={inputClass}
            {...form.register('selectedDate', { onChange: () => form.setValue('timeSlot', '') })}
          >
            <option value="">{t('form.chooseDate')}</option>
            {dates.map((d) => (
              <option key={d} value={d}>
                {longDate(d, locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="timeSlot" label={t('form.selectSlot')} error={errorOf('timeSlot')}>
        {date && times.length === 0 ? (
          <p className="text-sm text-zinc-400">{t('form.noSlots')}</p>
        ) : (
          <select id="timeSlot" className={inputClass} disabled={!date} {...form.register('timeSlot')}>
            <option value="">{date ? t('form.chooseTime') : t('form.chooseDateFirst')}</option>
            {times.map((s) => (
              <option key={s.timeSlot} value={s.timeSlot}>
                {t('form.slotLeft', { slot: formatSlotClock(s.timeSlot, date, zone, locale), left: s.remainingSlots })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Controller
        control={form.control}
        name="bringingGuests"
        render={({ field }) => (
          <YesNo
            name="bringingGuests"
            legend={t('form.bringingGuests')}
            value={field.value}
            onChange={(answer) => {
              // Set with the answer, not in an effect after the render: the stepper must mount at 1, or a guest
              // count typed in its first moments was overwritten.
              form.setValue('guestCount', answer === 'yes' ? 1 : 0);
              field.onChange(answer);
            }}
            error={errorOf('bringingGuests')}
          />
        )}
      />
      {guests === 'yes' && (
        <Field
          id="guestCount"
          label={t('form.howManyGuests')}
          hint={t('booking.maxGuests', { max: CONCIERGE_MAX_GUESTS })}
          error={errorOf('guestCount')}
        >
          <Controller
            control={form.control}
            name="guestCount"
            render={({ field }) => (
              <GuestStepper
                id="guestCount"
                min={1}
                max={CONCIERGE_MAX_GUESTS}
                value={Number(field.value)}
                onChange={field.onChange}
                invalid={Boolean(errors.guestCount)}
                describedBy={errors.guestCount ? 'guestCount-error' : undefined}
              />
            )}
          />
        </Field>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          className="sm:min-w-48"
          disabled={submit.isPending || submit.isSuccess || state.shut !== null}
        >
          {stateLabel(state, 'SUBMIT') ??
            (submit.isPending
              ? t('form.submitting')
              : state.waitlistOpen
                ? say('SUBMIT', STATE_LABEL.joinWaitlist)
                : t('form.submit'))}
        </Button>
        <Button variant="ghost" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
          <RefreshCw size={14} aria-hidden /> {t('form.refresh')}
        </Button>
      </div>
      <StateNote state={state} />
    </form>
  );
}
