import { useMutation } from '@tanstack/react-query';
import { CalendarSync, CheckCircle2, MapPin } from 'lucide-react';
import { lazy, useEffect } from 'react';
import { Link } from 'wouter';
import type { MyBooking, Wallets } from '#common/bookings.ts';
import { formatInstant } from '#common/event-time.ts';
import { fieldLang } from '#common/served-lang.ts';
import { formatSlot } from '#common/time-range.ts';
import { BackToBenefits } from '../../components/layout/back-to-benefits.tsx';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { OptionalPart } from '../../components/ui/optional-part.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { t as say } from '../../i18n/i18n.ts';
import { drawOnText } from '../../i18n/schedule-formatter.ts';
import { useTextLang } from '../../i18n/text-lang.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { useWhenText } from '../../i18n/when-text.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { queryClient } from '../../lib/query-client.ts';
import { AddToCalendar } from './add-to-calendar.tsx';
import { renewCalendarFeed, rsvpKeys, useCalendarFeed, useMyBookings } from './api.ts';
import { byWhenItHappens } from './booking-order.ts';
import { statusText } from './booking-state.tsx';
import { ManageBookingLink } from './manage-booking-link.tsx';
import { OfferCodes } from './offer-code.tsx';
import { OfflineNotice, useOfflinePasses } from './offline.tsx';
import { PassCode } from './pass-code.tsx';
import { WalletButtons } from './wallet-buttons.tsx';

// Handing a place on (decision 057) is its own chunk, fetched once the list shows.
const GivePlace = lazy(() => import('../transfers/index.ts').then((m) => ({ default: m.GivePlace })));
// The member's passkeys (decision 060): the auth feature's own chunk, after the bookings.
const PasskeysPanel = lazy(() => import('../auth/index.ts').then((m) => ({ default: m.PasskeysPanel })));

const GONE: MyBooking['status'][] = ['cancelled', 'declined', 'not_drawn', 'transferred'];

/** /me, "My bookings": every booking with when and where in its own zone, and the pass of an admitted one. */
export function MyBookingsPage() {
  const t = useT();
  usePageTitle(t('me.title'));
  const list = useMyBookings();
  useOfflinePasses();
  const offlineAsOf = list.data?.offlineAsOf;
  // Back online after answers from the cache: fetch the bookings as they are now (the notice goes with them).
  useEffect(() => {
    if (!offlineAsOf) return;
    const refresh = () => void list.refetch();
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [offlineAsOf, list.refetch]);
  const bookings = byWhenItHappens(list.data?.data ?? []);
  const current = bookings.filter((b) => !GONE.includes(b.status));
  const past = bookings.filter((b) => GONE.includes(b.status));
  return (
    <MemberShell>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <BackToBenefits />
        <h1 className="mt-6 text-3xl font-bold text-white">{t('me.title')}</h1>
        <OfflineNotice asOf={offlineAsOf} />
        <CalendarFeedPanel />
        {list.data && !offlineAsOf && (
          // Online only: offline its chunk may never have been stored, and a failed chunk would blank the passes.
          <OptionalPart>
            <PasskeysPanel />
          </OptionalPart>
        )}
        {list.isPending ? (
          <p className="py-12 text-center text-zinc-400">{t('me.loading')}</p>
        ) : list.isError ? (
          <div className="py-12 text-center">
            <p className="text-zinc-300">{t('me.failed')}</p>
            <Button className="mt-4" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : bookings.length === 0 ? (
          <p className="py-12 text-center text-zinc-400" data-testid="no-bookings">
            {t('me.none')}
          </p>
        ) : (
          <div className="mt-6 space-y-5">
            {current.map((b) => (
              <BookingCard key={b.id} booking={b} wallets={list.data?.wallets} />
            ))}
            {past.length > 0 && (
              <>
                <h2 className="pt-4 text-sm font-semibold tracking-widest text-zinc-400">{t('me.cancelled')}</h2>
                {past.map((b) => (
                  <BookingCard key={b.id} booking={b} />
                ))}
              </>
            )}
          </div>
        )}
      </div>
    </MemberShell>
  );
}

function BookingCard({ booking: b, wallets }: { booking: MyBooking; wallets?: Wallets }) {
  const t = useT();
  const lang = useTextLang();
  const en = lang(); // where: the organiser's English, not translated
  const locale = useLocale();
  const when = useWhenText()(b.when, b.schedule);
  const gone = GONE.includes(b.status);
  const status =
    b.status === 'waitlisted' && b.waitlistPosition
      ? `${statusText('waitlisted')} · #${b.waitlistPosition}`
      : statusText(b.status);
  return (
    <article
      // A cancelled card is set apart by its dashed edge, not by fading: faded labels fell below AA contrast.
      className={`space-y-4 rounded-2xl border border-line p-5 sm:p-6 ${gone ? 'border-dashed bg-transparent' : 'bg-panel'}`}
      data-testid="my-booking"
      aria-labelledby={`booking-${b.id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={`booking-${b.id}`} className="text-xl font-bold text-white" lang={lang(fieldLang(b.fallback, 'title'))}>
          {b.title}
        </h3>
        <span
          className={`rounded-full border px-3 py-1 text-xs font-semibold tracking-wide ${
            b.status === 'confirmed' ? 'border-gold text-gold' : 'border-line text-zinc-300'
          }`}
          data-testid="my-booking-status"
        >
          {status}
        </span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-5 gap-y-1.5 text-sm">
        {when.text && (
          <>
            <dt className="text-zinc-400">{t('me.when')}</dt>
            <dd className="text-zinc-100" data-testid="my-booking-when" lang={when.lang}>
              {when.text}
            </dd>
          </>
        )}
        {b.slot && (
          <>
            <dt className="text-zinc-400">{t('me.slot')}</dt>
            <dd className="text-zinc-100">{formatSlot(b.slot.time, b.slot.date, b.timeZone, locale)}</dd>
          </>
        )}
        {b.venue && (
          <>
            <dt className="text-zinc-400">{t('me.where')}</dt>
            <dd className="text-zinc-100">
              <span lang={en}>{b.venue}</span>
              {b.mapUrl && (
                <a
                  href={b.mapUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="ml-2 inline-flex items-center gap-1 text-gold underline-offset-4 hover:underline"
                >
                  <MapPin size={14} aria-hidden /> {t('me.map')}
                </a>
              )}
            </dd>
          </>
        )}
        {/* An offer, an interest list or an event without guests has no guest line (no "Guests 0"). */}
        {(b.guestCount > 0 || b.manage.maxGuests > 0) && (
          <>
            <dt className="text-zinc-400">{t('me.guests')}</dt>
            <dd className="text-zinc-100">{b.guestCount}</dd>
          </>
        )}
        {b.draw && (
          // A fair draw's entry: when it is drawn, and the opaque id the public draw lists (decision 031).
          <>
            <dt className="text-zinc-400">{t('me.draw')}</dt>
            <dd className="text-zinc-100" data-testid="my-booking-draw">
              {drawOnText(b.draw, locale)} ·{' '}
              <Link href={b.draw.path} className="text-gold underline underline-offset-4">
                {t('state.checkDraw')}
              </Link>
            </dd>
            <dt className="text-zinc-400">{t('me.entry')}</dt>
            <dd className="break-all font-mono text-xs text-zinc-300" data-testid="my-booking-entry">
              {b.id}
            </dd>
          </>
        )}
      </dl>
      {b.checkedInAt && (
        <p className="inline-flex items-center gap-2 text-sm text-emerald-400">
          <CheckCircle2 size={16} aria-hidden />{' '}
          {t('me.checkedIn', { at: formatInstant(new Date(b.checkedInAt), b.timeZone, locale) })}
        </p>
      )}
      {b.offerCodes && b.status === 'confirmed' && <OfferCodes codes={b.offerCodes} />}
      {b.passCode && !b.checkedInAt && (
        <>
          <PassCode code={b.passCode} title={b.title} />
          <WalletButtons bookingId={b.id} wallets={wallets} />
        </>
      )}
      {!gone && (
        <div className="flex flex-wrap items-center gap-x-6 gap-y-3 border-t border-line pt-4">
          {b.calendar && b.status === 'confirmed' && <AddToCalendar calendar={b.calendar} eventId={b.eventId} />}
          <ManageBookingLink booking={{ id: b.id, ...b.manage }} />
          {b.releasePath && (
            // The same signed page as the reminder's link: it asks before releasing (decision 016).
            <Link
              href={b.releasePath}
              className="text-xs font-semibold tracking-wider text-zinc-300 underline underline-offset-4 hover:text-gold"
              data-testid="release-link"
            >
              {t('me.release')}
            </Link>
          )}
          {b.status === 'confirmed' && (
            <OptionalPart>
              <GivePlace bookingId={b.id} timeZone={b.timeZone} />
            </OptionalPart>
          )}
        </div>
      )}
    </article>
  );
}

/** The member's calendar subscription: calendar apps poll it, so bookings, changes and cancellations follow. */
function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const renew = useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: (next) => {
      queryClient.setQueryData(rsvpKeys.calendarFeed, next);
      toast({ title: say('me.renewedTitle'), description: say('me.renewedText') });
    },
    onError: () => toast({ title: say('me.errorTitle'), description: say('me.renewFailed'), variant: 'destructive' }),
  });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: say('me.copiedTitle'), description: say('me.copiedText') });
    } catch {
      toast({ title: say('me.copyFailed'), description: url, variant: 'destructive' });
    }
  };
  const t = useT();
  if (!feed.data) return null;
  return (
    <section
      aria-labelledby="calendar-feed"
      className="mt-6 flex flex-wrap items-center gap-x-5 gap-y-3 rounded-xl border border-line p-4 text-sm"
    >
      <h2 id="calendar-feed" className="inline-flex w-full items-center gap-2 font-semibold text-white sm:w-auto">
        <CalendarSync size={16} aria-hidden className="text-gold" /> {t('me.feedTitle')}
      </h2>
      <a
        href={feed.data.webcalUrl}
        className="text-gold underline-offset-4 hover:underline"
        data-testid="calendar-subscribe"
      >
        {t('me.subscribe')}
      </a>
      <button type="button" className="text-zinc-300 hover:text-white" onClick={() => void copy(feed.data.url)}>
        {t('me.copyLink')}
      </button>
      <button
        type="button"
        className="text-zinc-400 hover:text-white disabled:opacity-60"
        disabled={renew.isPending}
        onClick={() => renew.mutate()}
        data-testid="calendar-renew"
      >
        {renew.isPending ? t('me.renewing') : t('me.renew')}
      </button>
    </section>
  );
}
