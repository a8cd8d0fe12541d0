import { CalendarDays, Check } from 'lucide-react';
import { lazy, Suspense, useRef } from 'react';
import { useLocation } from 'wouter';
import { isEnded } from '#common/benefit-filters.ts';
import type { Benefit } from '#common/benefits.ts';
import { TILE_HEIGHT_PX } from '#common/constants.ts';
import { fieldLang } from '#common/served-lang.ts';
import { Button } from '../../components/ui/button.tsx';
import { useDateLabel } from '../../i18n/date-label.ts';
import { loadPageMessages } from '../../i18n/i18n.ts';
import { useTextLang } from '../../i18n/text-lang.ts';
import { useLocale, useT } from '../../i18n/use-t.ts';
import { cx } from '../../lib/cx.ts';
import { trackClick } from '../../lib/tracking.ts';
import { loadBenefitModal } from './benefit-modal-loader.ts';

// Calendar and manage links show only once a member's bookings arrive: they load after the first paint.
// With the page messages (Add To Calendar): they are not in the first paint's catalogue (decision 059).
const TileBookings = lazy(() =>
  Promise.all([import('./tile-bookings.tsx'), loadPageMessages()]).then(([m]) => ({ default: m.TileBookings })),
);

import { useDoneLabel, useSoldOutLabel } from './done-label.ts';
import { type TileBooking, type TileState, tileButton, tileDoneEvents, tileSoldOut, tileState } from './tile-state.ts';
import { useFittingLines } from './use-fitting-lines.ts';

const badgeClass =
  'rounded-full border bg-black/75 px-2 py-0.5 text-[10px] font-semibold uppercase tracking-widest backdrop-blur-sm';
const TONE: Record<TileState['tone'], string> = {
  going: 'border-emerald-500/70 text-emerald-300',
  awaiting: 'border-amber-500/70 text-amber-300',
  waitlisted: 'border-sky-500/70 text-sky-300',
  entered: 'border-violet-400/70 text-violet-200',
};

const NONE_SOLD_OUT: ReadonlySet<string> = new Set();
// Whole classes, so Tailwind finds them.
const LINE_CLAMP: Record<number, string> = { 1: 'line-clamp-1', 2: 'line-clamp-2' };

/** One tile of the grid; what its button does is data (`action`), never a guess from the title. */
export function BenefitTile({
  benefit,
  onOpen,
  bookings = [],
  soldOut = NONE_SOLD_OUT,
  eager = false,
}: {
  benefit: Benefit;
  /** Above the fold: its image loads with the page (the server preloads the same ones). */
  eager?: boolean;
  onOpen: (b: Benefit) => void;
  /** The member's active bookings of this tile's events (the gallery has two: its pass and its invitation). */
  bookings?: TileBooking[];
  /** Events that are full with no waitlist to join. */
  soldOut?: ReadonlySet<string>;
}) {
  const [, navigate] = useLocation();
  const t = useT();
  const locale = useLocale();
  const dateLabel = useDateLabel(benefit);
  // The benefit's words are the organiser's: English where the server says they fell back (decision 073).
  const lang = useTextLang();
  const words = (path: string) => lang(fieldLang(benefit.fallback, path));
  const ended = isEnded(benefit);
  const state = tileState(bookings, benefit.kind, t, locale);
  // In the order the modal offers them (the gallery's pass, then its invitation), not the order they were booked.
  const order = (eventId: string) => benefit.modal?.actions.indexOf(eventId) ?? -1;
  const calendars = bookings
    .filter((b) => b.calendar && b.status === 'confirmed')
    .sort((a, b) => order(a.eventId) - order(b.eventId));
  const several = bookings.length > 1;
  const [single] = bookings;
  const manageLine = several || Boolean(single && (single.manage.canChange || single.manage.contactEmail));
  // The booking lines take the description's room: two lines of it with none, one beside one, none beside more.
  const linkLines = calendars.length + (manageLine ? 1 : 0);
  const wordsBox = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const description = useRef<HTMLParagraphElement>(null);
  const fit = useFittingLines(wordsBox, heading, description, Math.max(0, 2 - linkLines));
  const opensPage = benefit.action === 'page' && Boolean(benefit.actionTarget);
  // The events the tile books, whatever its button opens (a page books them as a modal does).
  const actions = benefit.modal?.actions.length ? benefit.modal.actions : (benefit.eventIds ?? []);
  const doneEvents = tileDoneEvents(actions, bookings);
  // One event: its own done label; the gallery's pass and invitation both held: the first's word for it.
  const doneLabel = useDoneLabel(doneEvents?.[0] ?? null, benefit, t('button.booked'));
  const full = !ended && tileSoldOut(actions, bookings, soldOut);
  // Its first event's own word for full, as the modal says it (an offer whose codes are gone: ALL CLAIMED).
  const fullLabel = useSoldOutLabel(full ? (actions[0] ?? null) : null, benefit);
  const button = tileButton({
    doneLabel,
    full,
    ended,
    state,
    idle: benefit.bookingText || t('button.view'),
    fullLabel,
    t,
  });
  const activate = () => {
    trackClick(benefit);
    if (!opensPage || !benefit.actionTarget) onOpen(benefit);
    // An outside link (the server stores http(s) only) opens beside the portal, as the modals' outbound links do.
    else if (/^https?:\/\//i.test(benefit.actionTarget))
      window.open(benefit.actionTarget, '_blank', 'noopener,noreferrer');
    else navigate(benefit.actionTarget);
  };
  // The modal's code is on its way before the click lands (pointer over, keyboard focus, touch down).
  const preload = opensPage ? undefined : () => void loadBenefitModal();
  return (
    <article
      data-testid="benefit-tile"
      data-benefit-id={benefit.id}
      // Tiles off screen are styled, laid out and painted only as they come near: the first paint draws the first rows.
      style={{ height: TILE_HEIGHT_PX, contentVisibility: 'auto', containIntrinsicSize: `auto ${TILE_HEIGHT_PX}px` }}
      data-ended={ended || undefined}
      className={`group flex flex-col overflow-hidden rounded-xl border border-line bg-panel transition-colors hover:border-gold/50 ${ended ? 'opacity-70' : ''}`}
    >
      {/*
        The image whole, at its own 16:10 (member-portal.md §9), letterboxed in a box that leaves the 352 px tile room
        for its words: the bars beside it are the same image, blurred and dimmed (one download).
      */}
      <div className="relative flex h-36 shrink-0 items-center justify-center overflow-hidden bg-gradient-to-br from-zinc-900 to-black">
        {benefit.imageUrl && (
          <>
            <img
              src={benefit.imageUrl}
              alt=""
              className="absolute inset-0 h-full w-full scale-125 object-cover opacity-45 blur-xl"
              loading={eager ? 'eager' : 'lazy'}
            />
            <img
              src={benefit.imageUrl}
              alt=""
              data-testid="tile-image"
              className="relative aspect-[16/10] h-full max-w-full object-contain"
              // The first row is the page's largest paint: fetched at once; the rest as they scroll in.
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : 'auto'}
            />
          </>
        )}
        {/* On the artwork's corner: the date line below keeps its full width for the date. */}
        {(state || ended) && (
          <div className="absolute top-2 right-2 flex gap-1.5">
            {state && (
              <span data-testid="tile-state" className={cx(badgeClass, TONE[state.tone])}>
                {state.text}
              </span>
            )}
            {ended && (
              <span data-testid="tile-ended" className={cx(badgeClass, 'border-zinc-500 text-zinc-200')}>
                {t('tile.ended')}
              </span>
            )}
          </div>
        )}
      </div>
      <div className="flex min-h-0 flex-1 flex-col p-4">
        {/* What the tile says may be cut; the button below it never moves (the row's buttons line up). */}
        <div ref={wordsBox} data-testid="tile-words" className="min-h-0 flex-1 overflow-hidden">
          <h2
            ref={heading}
            className={cx('text-lg font-semibold leading-snug text-white', LINE_CLAMP[fit.titleLines])}
            title={benefit.title}
            lang={words('title')}
          >
            {benefit.title}
          </h2>
          {dateLabel && (
            <p className="mt-1.5 flex items-start gap-1.5 text-xs tracking-wide text-gold">
              <CalendarDays size={14} aria-hidden className="mt-px shrink-0" />
              <span className="line-clamp-2" lang={dateLabel === benefit.dateLabel ? words('dateLabel') : undefined}>
                {dateLabel}
              </span>
            </p>
          )}
          {/* Always there, at no height when there is no room: where it starts is what the fit is measured from. */}
          <p
            ref={description}
            data-testid="tile-description"
            className={cx(
              'text-sm text-zinc-400',
              fit.lines > 0 ? `mt-2 ${LINE_CLAMP[fit.lines]}` : 'h-0 overflow-hidden',
            )}
            lang={words('description')}
          >
            {benefit.description}
          </p>
          {bookings.length > 0 && (
            <Suspense fallback={null}>
              <TileBookings bookings={bookings} calendars={calendars} benefitTitle={benefit.title} />
            </Suspense>
          )}
        </div>
        {/* Done and sold out still open the modal (its details, the code, the calendar); they only stop calling. */}
        <Button
          variant={button.state === 'open' ? 'gold' : 'outline'}
          data-testid="tile-action"
          data-state={button.state}
          // Every tile's button has a border (transparent on gold) so done and open buttons are one height: rows line up.
          className={cx(
            'mt-3 w-full shrink-0 border',
            button.state === 'open' ? 'border-transparent' : 'border-zinc-600 text-zinc-300 hover:bg-white/5',
          )}
          onClick={activate}
          onPointerEnter={preload}
          onFocus={preload}
          onPointerDown={preload}
        >
          {button.state === 'done' && <Check size={16} aria-hidden className="text-emerald-400" />}
          <span
            lang={
              button.state === 'open'
                ? benefit.bookingText
                  ? words('bookingText')
                  : undefined
                : button.state === 'done' && doneEvents
                  ? // The event's own done word, or the product's in the member's language (decision 073).
                    words(`actionWording.${doneEvents[0]}.done`)
                  : button.state === 'sold-out' && fullLabel
                    ? words(`actionWording.${actions[0]}.soldOut`)
                    : undefined
            }
          >
            {button.label}
          </span>
        </Button>
      </div>
    </article>
  );
}
