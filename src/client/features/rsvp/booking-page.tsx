import { useMutation } from '@tanstack/react-query';
import { type FormEvent, lazy, useState } from 'react';
import { useLocation } from 'wouter';
import { BOOKING_MSG } from '#common/booking-text.ts';
import type { BookingDetail, BookingStatus } from '#common/bookings.ts';
import { formatInstant, formatTimeRange } from '#common/event-time.ts';
import { fieldLang } from '#common/served-lang.ts';
import { formatSlot } from '#common/time-range.ts';
import { BackToBenefits } from '../../components/layout/back-to-benefits.tsx';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { OptionalPart } from '../../components/ui/optional-part.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { refusalToast, refusalWords } from '../../i18n/error-text.ts';
import { useTextLang } from '../../i18n/text-lang.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryClient } from '../../lib/query-client.ts';
import { PATHS } from '../../paths.ts';
import { cancelBooking, changeBooking, invalidateBookingQueries, rsvpKeys, useBooking } from './api.ts';
import { fromCompact, slotIsExtra } from './booked-rows.ts';
import { enteredOn, statusText } from './booking-state.tsx';
import { ManageBookingLink } from './manage-booking-link.tsx';

const ENDED: BookingStatus[] = ['cancelled', 'declined', 'not_drawn', 'transferred'];
// Handing a place on (decision 057) is its own chunk.
const GivePlace = lazy(() => import('../transfers/index.ts').then((m) => ({ default: m.GivePlace })));

/** 0, 1, ... max. */
const guestChoices = (max: number) => [...Array(max + 1).keys()];

function whenText(b: BookingDetail, locale: string): string | null {
  // The evening's slot is its tour: the evening's own time is the calendar's.
  if (b.slot && !slotIsExtra(b.eventId)) return formatSlot(b.slot.time, b.slot.date, b.timeZone, locale);
  if (!b.calendar) return null;
  return formatTimeRange(fromCompact(b.calendar.startDate), fromCompact(b.calendar.endDate), b.timeZone, locale);
}

/** /bookings/:bookingId — the member's booking, where CHANGE/CANCEL BOOKING leads while changes are open. */
export function BookingPage({ bookingId }: { bookingId: string }) {
  const booking = useBooking(bookingId);
  const t = useT();
  usePageTitle(booking.data ? `${t('booking.title')}: ${booking.data.eventTitle}` : t('booking.title'));
  return (
    <MemberShell>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <BackToBenefits />
        <article className="mt-6 space-y-6 rounded-2xl border border-line bg-panel p-5 sm:p-8">
          <h1 className="text-xs uppercase tracking-[0.3em] text-gold">{t('booking.title')}</h1>
          {booking.isLoading ? (
            <p className="text-zinc-400">{t('common.loading')}</p>
          ) : !booking.data ? (
            <NotFound error={booking.error} />
          ) : (
            <BookingDetails booking={booking.data} />
          )}
        </article>
      </div>
    </MemberShell>
  );
}

function BookingDetails({ booking: b }: { booking: BookingDetail }) {
  const t = useT();
  // The event's title: the organiser's, in English where the server says it fell back (decision 073).
  const titleLang = useTextLang()(fieldLang(b.fallback, 'eventTitle'));
  const locale = useLocale();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const ended = ENDED.includes(b.status);
  const waitlisted = b.status === 'waitlisted';
  // A fair draw's entry holds no place: it can only be withdrawn (decision 031).
  const entered = b.status === 'entered';
  const when = whenText(b, locale);
  const extra = slotIsExtra(b.eventId);

  const cancel = useMutation({
    mutationFn: () => cancelBooking(b.id),
    onSuccess: () => {
      toast({ title: t('toast.bookingCancelled'), description: t('toast.bookingCancelledText') });
      queryClient.removeQueries({ queryKey: rsvpKeys.booking(b.id) });
      void invalidateBookingQueries();
      navigate(PATHS.benefits);
    },
    onError: (err) => failed(err, b.id, t('toast.cancelFailed'), t('toast.cancelFailedText')),
  });

  return (
    <>
      <h2 className="text-2xl font-bold text-white sm:text-3xl" lang={titleLang}>
        {b.eventTitle}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-line p-4 text-sm">
        <dt className="text-zinc-400">{t('booking.status')}</dt>
        <dd className="font-semibold text-white" data-testid="booking-status">
          {statusText(b.status)}
          {waitlisted && b.waitlistPosition ? ` · #${b.waitlistPosition}` : ''}
        </dd>
        {when && (
          <>
            <dt className="text-zinc-400">{b.slot && !extra ? t('me.slot') : t('me.when')}</dt>
            <dd className="text-zinc-100" data-testid="booking-when">
              {when}
            </dd>
          </>
        )}
        {extra && (
          <>
            <dt className="text-zinc-400">{extra.label}</dt>
            <dd className="text-zinc-100" data-testid="booking-extra">
              {b.slot ? formatSlot(b.slot.time, null, b.timeZone, locale) : extra.none}
            </dd>
          </>
        )}
        {(b.manage.maxGuests > 0 || b.guestCount > 0) && (
          <>
            <dt className="text-zinc-400">{t('me.guests')}</dt>
            <dd className="text-zinc-100" data-testid="booking-guests">
              {b.guestCount}
            </dd>
          </>
        )}
      </dl>
      {b.status === 'confirmed' && (
        <OptionalPart>
          <GivePlace bookingId={b.id} timeZone={b.timeZone} />
        </OptionalPart>
      )}

      {ended ? (
        <p className="text-sm text-zinc-300">{t('booking.notChangeable')}</p>
      ) : !b.manage.canChange ? (
        <div className="space-y-3 text-sm text-zinc-300">
          <p data-testid="change-closed">
            {b.manage.changesOff
              ? b.manage.contactEmail
                ? t('booking.throughPartner', { contact: b.manage.contactEmail })
                : t('booking.throughOrganiser')
              : b.manage.contactEmail
                ? t('booking.windowClosed', { contact: b.manage.contactEmail })
                : t('booking.notChangeable')}
          </p>
          <ManageBookingLink booking={{ id: b.id, ...b.manage }} />
        </div>
      ) : (
        <>
          <p className="text-sm text-zinc-300" data-testid="change-until">
            {entered
              ? t('booking.enteredNote', { on: enteredOn(b.draw) })
              : waitlisted
                ? t('booking.waitlistNote', { position: b.waitlistPosition ?? 1 })
                : b.manage.changeUntil
                  ? t('booking.changeUntil', { at: formatInstant(new Date(b.manage.changeUntil), b.timeZone, locale) })
                  : ''}
          </p>
          {!waitlisted && !entered && (b.manage.hasSlots || b.manage.maxGuests > 0) && (
            <ChangeForm key={`${b.slot?.id}:${b.guestCount}`} booking={b} />
          )}
          <div className="border-t border-line pt-5">
            <Button
              variant="ghost"
              className="text-red-400 hover:bg-red-500/10 hover:text-red-300"
              disabled={cancel.isPending}
              onClick={() => setConfirming(true)}
            >
              {cancel.isPending ? t('booking.cancelling') : entered ? t('booking.withdraw') : t('booking.cancel')}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={entered ? t('booking.withdrawAsk') : t('booking.cancelAsk')}
        description={
          entered
            ? t('booking.withdrawText', { event: b.eventTitle })
            : waitlisted
              ? t('booking.leaveWaitlistText', { event: b.eventTitle })
              : t('booking.releaseText', { event: b.eventTitle })
        }
        confirmLabel={t('booking.yesCancel')}
        cancelLabel={t('booking.keep')}
        onConfirm={() => {
          setConfirming(false);
          cancel.mutate();
        }}
      />
    </>
  );
}

/** The server's reason as a toast; a refusal (window closed, slot gone) also reloads what the page shows. */
function failed(err: unknown, bookingId: string, title: string, fallback: string) {
  toast({ title, ...refusalToast(err, fallback), variant: 'destructive' });
  if (err instanceof ApiError && err.status < 500)
    void queryClient.invalidateQueries({ queryKey: rsvpKeys.booking(bookingId) });
}

function ChangeForm({ booking: b }: { booking: BookingDetail }) {
  const t = useT();
  const locale = useLocale();
  const [slotId, setSlotId] = useState(b.slot?.id ?? '');
  const [guests, setGuests] = useState(b.guestCount);
  // The booking's own slot may be full (it holds places there), so it is offered even when the list leaves it out.
  const options = [
    ...(b.slot && !b.slotOptions.some((o) => o.id === b.slot?.id) ? [{ ...b.slot, remainingSlots: null }] : []),
    ...b.slotOptions,
  ];
  const change = {
    ...(b.manage.hasSlots && slotId && slotId !== b.slot?.id ? { slotId } : {}),
    ...(guests !== b.guestCount ? { guestCount: guests } : {}),
  };
  const changed = Object.keys(change).length > 0;

  const save = useMutation({
    mutationFn: () => changeBooking(b.id, change),
    onSuccess: (detail) => {
      queryClient.setQueryData(rsvpKeys.booking(b.id), detail);
      void invalidateBookingQueries();
      toast({ title: t('toast.bookingUpdated'), description: t('toast.bookingUpdatedText') });
    },
    onError: (err) => failed(err, b.id, t('toast.updateFailed'), t('toast.updateFailedText')),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (changed && !save.isPending) save.mutate();
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={t('booking.change')}>
      {b.manage.hasSlots && (
        <Field id="booking-slot" label={t('booking.moveSlot')}>
          <select id="booking-slot" className={inputClass} value={slotId} onChange={(e) => setSlotId(e.target.value)}>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.id === b.slot?.id
                  ? t('booking.current', { slot: formatSlot(o.time, o.date, b.timeZone, locale) })
                  : t('form.slotLeft', {
                      slot: formatSlot(o.time, o.date, b.timeZone, locale),
                      left: o.remainingSlots ?? 0,
                    })}
              </option>
            ))}
          </select>
        </Field>
      )}
      {b.manage.maxGuests > 0 && (
        <Field id="booking-guests" label={t('me.guests')} hint={t('booking.maxGuests', { max: b.manage.maxGuests })}>
          <select
            id="booking-guests"
            className={inputClass}
            value={guests}
            onChange={(e) => setGuests(Number(e.target.value))}
          >
            {guestChoices(Math.max(b.manage.maxGuests, b.guestCount)).map((n) => (
              <option key={n} value={n}>
                {n === 0 ? t('booking.noGuests') : t('booking.guestCount', { n })}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div>
        <Button type="submit" className="w-full sm:w-auto sm:min-w-48" disabled={!changed || save.isPending}>
          {save.isPending ? t('booking.saving') : t('booking.save')}
        </Button>
      </div>
    </form>
  );
}

/** Why the booking is not shown: the server's words (in their language), else the spec's. */
function NotFound({ error }: { error: unknown }) {
  const { text, lang } = refusalWords(error, BOOKING_MSG.notFound);
  return (
    <p className="text-zinc-300" lang={lang}>
      {text}
    </p>
  );
}
