import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Benefit } from '../../../common/benefits.ts';
import { BackToBenefits } from '../../components/layout/back-to-benefits.tsx';
import { MemberShell } from '../../components/layout/member-shell.tsx';

/** Header, back link and the benefit's image, title and description around an RSVP page's form. */
export function RsvpPageFrame({
  benefitId,
  children,
}: {
  benefitId: string;
  children: (benefit: Benefit) => ReactNode;
}) {
  const benefit = useQuery<Benefit>({ queryKey: ['/api/benefits', benefitId] });
  return (
    <MemberShell>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <BackToBenefits />
        {benefit.isLoading ? (
          <p className="mt-10 text-zinc-400">Loading...</p>
        ) : !benefit.data ? (
          <p className="mt-10 text-zinc-300">Benefit not found</p>
        ) : (
          <article className="mt-6 overflow-hidden rounded-2xl border border-line bg-panel">
            {benefit.data.imageUrl && (
              <img src={benefit.data.imageUrl} alt="" className="aspect-[16/7] w-full object-cover" />
            )}
            <div className="space-y-3 p-5 sm:p-8">
              <p className="text-xs uppercase tracking-[0.3em] text-gold">{benefit.data.dateLabel}</p>
              <h1 className="text-2xl font-bold text-white sm:text-3xl">{benefit.data.title}</h1>
              <p className="text-zinc-300">{benefit.data.formDescription || benefit.data.description}</p>
              <div className="pt-4">{children(benefit.data)}</div>
            </div>
          </article>
        )}
      </div>
    </MemberShell>
  );
}
