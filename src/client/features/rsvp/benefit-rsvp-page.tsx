import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Mail } from 'lucide-react';
import { Link } from 'wouter';
import type { Benefit } from '../../../common/benefits.ts';
import { MSG } from '../../../common/messages.ts';
import { MemberShell } from '../../components/layout/member-shell.tsx';

/** A benefit's own page: image, title, description and how to reach the partner. */
export function BenefitRsvpPage({ benefitId }: { benefitId: string }) {
  const benefit = useQuery<Benefit>({ queryKey: ['/api/benefits', benefitId] });
  return (
    <MemberShell>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Link href="/benefits" className="inline-flex items-center gap-2 text-sm text-gold hover:underline">
          <ArrowLeft size={16} aria-hidden /> Back to Benefits
        </Link>
        {benefit.isLoading ? (
          <p className="mt-10 text-zinc-400">Loading...</p>
        ) : !benefit.data ? (
          <p className="mt-10 text-zinc-300">{MSG.benefitNotFound}</p>
        ) : (
          <article className="mt-6 overflow-hidden rounded-2xl border border-line bg-panel">
            {benefit.data.imageUrl && <img src={benefit.data.imageUrl} alt="" className="h-56 w-full object-cover" />}
            <div className="space-y-4 p-6">
              <h1 className="text-3xl font-bold text-white">{benefit.data.title}</h1>
              <p className="text-sm tracking-wide text-gold">{benefit.data.dateLabel}</p>
              <p className="text-zinc-300">{benefit.data.formDescription || benefit.data.description}</p>
              {benefit.data.partnerContactEmail && (
                <a
                  href={`mailto:${benefit.data.partnerContactEmail}?subject=${encodeURIComponent(benefit.data.title)}`}
                  className="inline-flex items-center gap-2 text-gold hover:underline"
                >
                  <Mail size={16} aria-hidden /> {benefit.data.partnerContactEmail}
                </a>
              )}
            </div>
          </article>
        )}
      </div>
    </MemberShell>
  );
}
