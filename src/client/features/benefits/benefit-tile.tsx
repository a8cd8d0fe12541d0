import { CalendarDays } from 'lucide-react';
import { useLocation } from 'wouter';
import { isEnded } from '../../../common/benefit-filters.ts';
import type { Benefit } from '../../../common/benefits.ts';
import type { MemberBooking } from '../../../common/bookings.ts';
import { TILE_HEIGHT_PX } from '../../../common/constants.ts';
import { Button } from '../../components/ui/button.tsx';
import { trackClick } from '../../lib/tracking.ts';
import { AddToCalendar, ManageBookingLink } from '../rsvp/index.ts';

/** One tile of the grid; what its button does is data (`action`), never a guess from the title. */
export function BenefitTile({
  benefit,
  onOpen,
  booked,
  eager = false,
}: {
  benefit: Benefit;
  /** Above the fold: its image loads with the page (the server preloads the same ones). */
  eager?: boolean;
  onOpen: (b: Benefit) => void;
  /** The member's booking for this tile, once they have RSVP'd (or joined its waitlist). */
  booked?: Pick<MemberBooking, 'id' | 'eventId' | 'status' | 'calendar' | 'manage'>;
}) {
  const [, navigate] = useLocation();
  const ended = isEnded(benefit);
  const activate = () => {
    trackClick(benefit);
    if (benefit.action === 'page' && benefit.actionTarget) navigate(benefit.actionTarget);
    else onOpen(benefit);
  };
  return (
    <article
      data-testid="benefit-tile"
      data-benefit-id={benefit.id}
      style={{ height: TILE_HEIGHT_PX }}
      data-ended={ended || undefined}
      className={`group flex flex-col overflow-hidden rounded-xl border border-line bg-panel transition-colors hover:border-gold/50 ${ended ? 'opacity-70' : ''}`}
    >
      <div className="flex h-28 shrink-0 items-center justify-center bg-gradient-to-br from-zinc-900 to-black">
        {benefit.imageUrl && (
          <img
            src={benefit.imageUrl}
            alt=""
            className="h-full w-full object-cover"
            // The first row is the page's largest paint: fetched at once; the rest as they scroll in.
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
          />
        )}
      </div>
      <div className="flex min-h-0 flex-1 flex-col p-4">
        <h2 className="line-clamp-1 text-lg font-semibold text-white" title={benefit.title}>
          {benefit.title}
        </h2>
        {(benefit.dateLabel || ended) && (
          <p className="mt-1 flex items-center gap-1.5 text-xs tracking-wide text-gold">
            <CalendarDays size={14} aria-hidden className="shrink-0" />
            <span className="truncate">{benefit.dateLabel}</span>
            {ended && (
              <span
                data-testid="tile-ended"
                className="ml-auto shrink-0 rounded-full border border-zinc-600 px-2 py-0.5 text-[10px] uppercase tracking-widest text-zinc-300"
              >
                Ended
              </span>
            )}
          </p>
        )}
        <p className="mt-2 line-clamp-2 text-sm text-zinc-400">{benefit.description}</p>
        <div className="mt-auto space-y-2 pt-3">
          <Button className="w-full" onClick={activate}>
            {benefit.bookingText || 'VIEW'}
          </Button>
          {booked?.calendar && booked.status === 'confirmed' && (
            <AddToCalendar calendar={booked.calendar} eventId={booked.eventId} />
          )}
          {booked && (
            <ManageBookingLink
              booking={{ id: booked.id, canChange: booked.manage.canChange, contactEmail: booked.manage.contactEmail }}
            />
          )}
        </div>
      </div>
    </article>
  );
}
