import { PARTNER_REPORT_MSG } from '#common/partner-report.ts';
import { MemberShell } from '../../../components/layout/member-shell.tsx';
import { ApiError } from '../../../lib/api.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { DownloadLink } from '../download-link.tsx';
import { sharedPdfUrl, useSharedReport } from './api.ts';
import { ReportView } from './report-view.tsx';

/** /reports/{token}: the partner's read-only report, without signing in; an expired or revoked link says so. */
export function SharedReportPage({ token }: { token: string }) {
  const shared = useSharedReport(token);
  usePageTitle(shared.data ? `Partner report: ${shared.data.report.benefitTitle}` : 'Partner report');
  const err = shared.error;
  const refusal = err instanceof ApiError && err.status < 500 ? err.serverError || PARTNER_REPORT_MSG.invalid : null;
  return (
    <MemberShell>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
        {shared.data ? (
          <article aria-labelledby="report-title" className="space-y-6">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="text-xs font-semibold uppercase tracking-widest text-gold">Partner report</p>
                <h1 id="report-title" className="text-2xl font-bold text-white sm:text-3xl">
                  {shared.data.report.benefitTitle}
                </h1>
              </div>
              <DownloadLink href={sharedPdfUrl(token)} label="Download PDF" />
            </div>
            <ReportView report={shared.data.report} />
            <p className="text-xs text-zinc-400">This read-only link works until {shared.data.expiresAtText}.</p>
          </article>
        ) : (
          <section className="rounded-2xl border border-line bg-panel p-6 sm:p-10">
            <h1 className="text-2xl font-bold text-white">
              {refusal ? 'Partner report unavailable' : 'Partner report'}
            </h1>
            <p role={err ? 'alert' : undefined} className="mt-3 text-zinc-300">
              {refusal ?? (err ? 'The report could not be loaded. Please try again.' : 'Loading the report...')}
            </p>
          </section>
        )}
      </div>
    </MemberShell>
  );
}
