import { type PartnerReport, REPORT_FOOTNOTE, reportTiles } from '#common/partner-report.ts';
import { SeriesChart } from '../daily-chart.tsx';

const SERIES = [
  { key: 'bookings', name: 'Bookings', color: '#c9a24a' },
  { key: 'checkIns', name: 'Check-ins', color: '#3aa3ab' },
];

const CODE_SERIES = [
  { key: 'claimed', name: 'Codes claimed', color: '#c9a24a' },
  { key: 'redeemed', name: 'Codes redeemed', color: '#3aa3ab' },
];

/** An offer's codes (decision 029): claimed → redeemed, in total and per day. */
function CodesPanel({ codes }: { codes: NonNullable<PartnerReport['codes']> }) {
  return (
    <section aria-labelledby="report-codes" className="rounded-xl border border-line bg-panel p-4 sm:p-6">
      <h2 id="report-codes" className="mb-2 text-sm font-semibold text-white">
        Offer codes: claimed → redeemed per day
      </h2>
      <p className="mb-4 text-sm tabular-nums text-zinc-300" data-testid="report-codes-totals">
        {codes.claimed} of {codes.total} claimed · {codes.redeemed} redeemed
        {codes.claimed > 0 ? ` (${Math.round((100 * codes.redeemed) / codes.claimed)} %)` : ''}
      </p>
      <SeriesChart data={codes.daily} series={CODE_SERIES} stacked={false} animate={false} emptyText="No claims yet" />
    </section>
  );
}

/** The report as the admin and the partner both see it: counts and a chart, no member's name or e-mail. */
export function ReportView({ report }: { report: PartnerReport }) {
  const tiles = reportTiles(report);
  return (
    <div className="space-y-6">
      <div className="space-y-1 text-sm text-zinc-400">
        {report.when && <p>{report.when}</p>}
        {report.venue && <p>{report.venue}</p>}
        <p>Generated {report.generatedAt}</p>
      </div>
      <dl data-testid="attendance-panel" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {tiles.map(([label, value, people]) => (
          <div key={label} className="rounded-xl border border-line bg-panel p-4">
            <dt className="text-xs font-semibold uppercase tracking-wider text-zinc-400">{label}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-white">{value}</dd>
            {people && <dd className="text-sm tabular-nums text-zinc-400">{people}</dd>}
          </div>
        ))}
      </dl>
      <section aria-labelledby="report-chart" className="rounded-xl border border-line bg-panel p-4 sm:p-6">
        <h2 id="report-chart" className="mb-4 text-sm font-semibold text-white">
          Bookings and check-ins per day
        </h2>
        <SeriesChart data={report.daily} series={SERIES} stacked={false} animate={false} emptyText="No bookings yet" />
      </section>
      {report.codes && <CodesPanel codes={report.codes} />}
      <p className="text-xs text-zinc-400" data-testid="report-footnote">
        {REPORT_FOOTNOTE} Days are in the event&rsquo;s time zone ({report.timeZone}).
      </p>
    </div>
  );
}
