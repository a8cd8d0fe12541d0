import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { serverMessageOr } from '../../../lib/admin-http.ts';
import { DownloadLink } from '../download-link.tsx';
import { adminPdfUrl, usePartnerReport } from './api.ts';
import { ReportView } from './report-view.tsx';
import { ShareLinks } from './share-links.tsx';

/**
 * /admin/analytics/benefits/{id}/report: a benefit's attendance panel, its PDF and its share links. A partner account
 * (docs/decisions/030) reads it without the share links (the organiser's) and goes back to its own page.
 */
export function PartnerReportPage({
  benefitId,
  back = { href: '/admin/analytics', label: 'Analytics' },
  sharing = true,
}: {
  benefitId: string;
  back?: { href: string; label: string };
  sharing?: boolean;
}) {
  const report = usePartnerReport(benefitId);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link href={back.href} className="inline-flex items-center gap-1.5 text-sm text-zinc-400 hover:text-gold">
          <ArrowLeft size={14} aria-hidden />
          {back.label}
        </Link>
        <DownloadLink href={adminPdfUrl(benefitId)} label="Download PDF" />
      </div>
      {report.data ? (
        <>
          <h2 className="text-xl font-bold text-white">{report.data.benefitTitle}</h2>
          <ReportView report={report.data} />
          {sharing && <ShareLinks benefitId={benefitId} />}
        </>
      ) : (
        <p role={report.isError ? 'alert' : undefined} className={report.isError ? 'text-red-400' : 'text-zinc-400'}>
          {report.isError ? serverMessageOr(report.error, 'Failed to load the report') : 'Loading the report...'}
        </p>
      )}
    </div>
  );
}
