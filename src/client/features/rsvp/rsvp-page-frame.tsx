import type { ReactNode } from 'react';
import type { Benefit } from '#common/benefits.ts';
import { BackToBenefits } from '../../components/layout/back-to-benefits.tsx';
import { MemberShell } from '../../components/layout/member-shell.tsx';
import { RsvpArticle } from '../../components/rsvp-form/rsvp-article.tsx';
import { useT } from '../../i18n/use-t.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useBenefit } from './api.ts';

/** Header, back link and the benefit's image, title and description around an RSVP page's form. */
export function RsvpPageFrame({
  benefitId,
  children,
}: {
  benefitId: string;
  children: (benefit: Benefit) => ReactNode;
}) {
  const benefit = useBenefit(benefitId);
  const t = useT();
  usePageTitle(benefit.data?.title ?? (benefit.isLoading ? null : t('msg.benefitNotFound')));
  return (
    <MemberShell>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <BackToBenefits />
        {benefit.isLoading ? (
          <p className="mt-10 text-zinc-400">{t('common.loading')}</p>
        ) : !benefit.data ? (
          <p className="mt-10 text-zinc-300">{t('msg.benefitNotFound')}</p>
        ) : (
          <div className="mt-6">
            <RsvpArticle benefit={benefit.data}>{children(benefit.data)}</RsvpArticle>
          </div>
        )}
      </div>
    </MemberShell>
  );
}
