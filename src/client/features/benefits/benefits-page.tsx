import { lazy, Suspense, useEffect, useState } from 'react';
import { type Filter, filterBenefits } from '#common/benefit-filters.ts';
import type { Benefit } from '#common/benefits.ts';
import { EAGER_TILE_IMAGES } from '#common/constants.ts';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Trans } from '../../i18n/trans.tsx';
import { useT } from '../../i18n/use-t.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { useMemberBookings } from '../rsvp/index.ts';
import { useBenefits, useSoldOutEvents } from './api.ts';
import { loadBenefitModal } from './benefit-modal-loader.ts';
import { BenefitTile } from './benefit-tile.tsx';
import { FilterBar } from './filter-bar.tsx';
import { catalogueYear } from './tile-state.ts';

// The modal (a Radix Dialog with its focus and scroll locks) is its own chunk: fetched when the page is idle, or
// as soon as a tile is hovered, focused or pressed, so a click still opens it at once (decision 015).
const BenefitModal = lazy(() => loadBenefitModal().then((m) => ({ default: m.BenefitModal })));

export function BenefitsPage() {
  const t = useT();
  usePageTitle(t('page.benefits'));
  const { user } = useSession();
  const [filter, setFilter] = useState<Filter>('ALL');
  const [open, setOpen] = useState<Benefit | null>(null);
  // Mounted from the first opening on and kept, as the dialog always was: closing returns focus to the tile.
  const [modalMounted, setModalMounted] = useState(false);
  if (open && !modalMounted) setModalMounted(true);
  useEffect(() => whenIdle(() => void loadBenefitModal()), []);
  const benefits = useBenefits();
  const bookings = useMemberBookings(Boolean(user?.email));
  const soldOut = useSoldOutEvents(Boolean(user?.email));
  // Every booking of the tile's events: the gallery's pass and invitation are two events of one benefit.
  const bookingsFor = (benefitId: string) => bookings.data?.data.filter((b) => b.benefitId === benefitId) ?? [];

  return (
    <MemberShell>
      <section className="bg-[radial-gradient(ellipse_at_top,_#2a2410_0%,_#0b0b0f_70%)] px-4 py-14 text-center">
        {/* Two unbreakable halves: on a phone the second takes its own line and the dot goes with the first. */}
        <p className="text-xs tracking-[0.4em] text-gold">
          <span className="whitespace-nowrap">SPECIAL ACCESS PASS</span>
          <span className="sr-only sm:not-sr-only"> · </span>
          <span className="block whitespace-nowrap sm:inline">
            {t('dashboard.city', { year: catalogueYear(benefits.data) })}
          </span>
        </p>
        <h1 className="mt-4 text-3xl font-bold tracking-wide text-white sm:text-5xl">
          <Trans
            id="dashboard.welcome"
            values={{ name: (user?.firstName || t('dashboard.guest')).toUpperCase() }}
            components={{ 0: <span data-testid="welcome-name" /> }}
          />
        </h1>
        <p className="mx-auto mt-4 max-w-xl text-sm text-zinc-400">{t('dashboard.intro')}</p>
      </section>
      <div className="mx-auto max-w-6xl px-4">
        <FilterBar value={filter} onChange={setFilter} />
        <div className="mt-8">
          {benefits.isLoading ? (
            <p className="py-16 text-center text-zinc-400">{t('msg.loadingBenefits')}</p>
          ) : benefits.isError ? (
            <div className="py-16 text-center">
              <p className="text-red-400">{t('msg.benefitsFailed')}</p>
              <Button variant="outline" className="mt-4" onClick={() => window.location.reload()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : (
            <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
              {filterBenefits(benefits.data ?? [], filter).map((b, i) => (
                <BenefitTile
                  key={b.id}
                  benefit={b}
                  onOpen={setOpen}
                  bookings={bookingsFor(b.id)}
                  soldOut={soldOut}
                  eager={i < EAGER_TILE_IMAGES}
                />
              ))}
            </div>
          )}
        </div>
      </div>
      {modalMounted && (
        <Suspense fallback={null}>
          <BenefitModal benefit={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </MemberShell>
  );
}
