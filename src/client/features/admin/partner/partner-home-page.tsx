import { BarChart3, ScanLine, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { PARTNER_FIELD_LABEL, PARTNER_MSG, type PartnerBenefit } from '#common/partners.ts';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { partnerReportAdminPath } from '../../../paths.ts';
import { AdminLayout } from '../admin-layout.tsx';
import { ADMIN_PATHS, partnerAttendeesPath } from '../paths.ts';
import { usePartnerBenefits } from './api.ts';

const linkClass =
  'inline-flex min-h-11 items-center gap-2 rounded-md border border-gold/60 px-3 py-2 text-sm font-semibold text-gold hover:bg-gold/10';

function ActionLink({ href, icon, children }: { href: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link href={href} className={linkClass}>
      {icon}
      {children}
    </Link>
  );
}

function BenefitCard({ benefit }: { benefit: PartnerBenefit }) {
  const door = benefit.events.some((e) => e.hasDoor);
  return (
    <li className="space-y-4 rounded-xl border border-line bg-panel p-5" data-testid="partner-benefit">
      <div>
        <h2 className="text-lg font-semibold text-white">{benefit.title}</h2>
        <p className="mt-1 text-sm text-zinc-400">
          Shared with you: {benefit.fields.map((f) => PARTNER_FIELD_LABEL[f]).join(', ') || 'counts only'}
        </p>
      </div>
      <ul className="space-y-3">
        {benefit.events.map((e) => (
          <li key={e.id} className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-3">
            <span className="min-w-0">
              <span className="block text-zinc-100">{e.title}</span>
              {e.when && <span className="block text-sm text-zinc-400">{e.when}</span>}
            </span>
            <ActionLink href={partnerAttendeesPath(e.id)} icon={<Users size={16} aria-hidden />}>
              Attendees
            </ActionLink>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        {door && (
          <ActionLink href={ADMIN_PATHS.checkIn} icon={<ScanLine size={16} aria-hidden />}>
            Check-in
          </ActionLink>
        )}
        <ActionLink href={partnerReportAdminPath(benefit.id)} icon={<BarChart3 size={16} aria-hidden />}>
          Partner report
        </ActionLink>
      </div>
    </li>
  );
}

/** /admin/partner: where a partner account lands; the benefits assigned to it and what they may open. */
export function PartnerHomePage() {
  const list = usePartnerBenefits();
  const benefits = list.data?.benefits ?? [];
  return (
    <AdminLayout title="Your partner benefits">
      {list.isLoading ? (
        <p className="text-zinc-400">Loading your benefits...</p>
      ) : list.isError ? (
        <p role="alert" className="text-red-400">
          {serverMessageOr(list.error, 'Failed to load your benefits')}
        </p>
      ) : benefits.length === 0 ? (
        <p className="text-zinc-400">{PARTNER_MSG.noBenefits}</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {benefits.map((b) => (
            <BenefitCard key={b.id} benefit={b} />
          ))}
        </ul>
      )}
    </AdminLayout>
  );
}
