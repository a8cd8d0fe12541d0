import type { ReactNode } from 'react';
import type { Benefit } from '#common/benefits.ts';
import { BackToBenefits } from '../../components/layout/back-to-benefits.tsx';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { PartnerPageView } from '../../components/partner-page/partner-page-view.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { EventCapacity } from '../rsvp/rsvp-action.tsx';
import { usePartnerPage } from './api.ts';

/**
 * Draws a page's RSVP button; given the page as the benefit the action is tracked against, with its buttons'
 * events' own wording (decision 033).
 */
export type RenderPageRsvp = (
  eventId: string,
  label: string,
  benefit: Pick<Benefit, 'id' | 'title' | 'bookingMode' | 'actionWording' | 'fallback'>,
  labelLang?: string,
) => ReactNode;

/** A partner information page at /{slug}, from data (decision 010); `notFound` when there is no such page. */
export function PartnerPage({
  slug,
  renderRsvp,
  notFound,
}: {
  slug: string;
  renderRsvp?: RenderPageRsvp;
  notFound: ReactNode;
}) {
  const t = useT();
  const page = usePartnerPage(slug);
  usePageTitle(page.data?.content.title);
  if (page.error instanceof ApiError && page.error.status === 404) return <>{notFound}</>;
  const data = page.data;
  return (
    <MemberShell>
      <article
        data-testid="partner-page"
        data-benefit-id={data?.benefitId ?? undefined}
        aria-busy={page.isPending}
        className="mx-auto max-w-4xl px-4 py-6 sm:py-10"
      >
        <BackToBenefits />
        {page.isPending && <p className="mt-8 text-zinc-400">{t('common.loading')}</p>}
        {page.isError && <p className="mt-8 text-zinc-300">{t('page.couldNotLoad')}</p>}
        {data && (
          <PartnerPageView
            page={data.content}
            fallback={data.fallback}
            renderCapacity={(eventId) => <EventCapacity eventId={eventId} />}
            renderRsvp={
              renderRsvp &&
              ((eventId, label, labelLang) =>
                renderRsvp(
                  eventId,
                  label,
                  {
                    id: data.benefitId ?? slug,
                    title: data.content.title,
                    bookingMode: 'INSTANT_RSVP',
                    actionWording: data.actionWording,
                    fallback: data.fallback,
                  },
                  labelLang,
                ))
            }
          />
        )}
      </article>
    </MemberShell>
  );
}
