import { lazy, Suspense } from 'react';
import { ANALYTICS_MSG, RECENT_ACTIVITY_LIMIT, type Summary } from '#common/analytics-report.ts';
import { Button } from '../../components/ui/button.tsx';
import { ACTIVITY_STYLE } from './activity-types.ts';
import { reportFailure, useAnalyticsSummary } from './api.ts';
import { RecentActivity } from './recent-activity.tsx';

// recharts is large: it loads only when the overview is shown.
const DailyChart = lazy(() => import('./daily-chart.tsx'));

const panel = 'rounded-xl border border-line bg-panel';

const STATS = [
  { key: 'totalPortalAccesses', label: 'Portal Accesses', type: 'portal_access', testId: 'stat-portal-accesses' },
  { key: 'totalBenefitClicks', label: 'Benefit Clicks', type: 'benefit_click', testId: 'stat-benefit-clicks' },
  {
    key: 'totalFormSubmissions',
    label: 'Form Submissions',
    type: 'form_submission',
    testId: 'stat-form-submissions',
  },
] as const;

function StatCards({ data }: { data: Summary }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {STATS.map(({ key, label, type, testId }) => {
        const Icon = ACTIVITY_STYLE[type].icon;
        return (
          <section key={key} data-testid={testId} aria-label={label} className={`${panel} p-5`}>
            <div className="flex items-center justify-between text-sm text-zinc-400">
              <h2>{label}</h2>
              <Icon size={18} style={{ color: ACTIVITY_STYLE[type].color }} aria-hidden />
            </div>
            <p data-testid="stat-value" className="mt-2 text-3xl font-semibold tabular-nums text-white">
              {data[key].toLocaleString()}
            </p>
          </section>
        );
      })}
    </div>
  );
}

/** Overview tab: totals, daily counts by type and the newest activity. */
export function OverviewTab() {
  const summary = useAnalyticsSummary();
  if (summary.isPending) return <p className="py-10 text-center text-zinc-400">Loading analytics...</p>;
  if (summary.isError) {
    const failure = reportFailure(summary.error, ANALYTICS_MSG.summaryFailed);
    return (
      <div role="alert" className={`${panel} space-y-4 px-4 py-10 text-center text-red-400`}>
        <p>{failure.message}</p>
        {failure.retry && (
          <Button variant="outline" onClick={() => void summary.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const data = summary.data;
  return (
    <div className="space-y-6">
      <StatCards data={data} />
      <section aria-labelledby="daily-heading" className={`${panel} p-5`}>
        <h2 id="daily-heading" className="mb-4 text-lg font-semibold text-white">
          Daily activity
        </h2>
        <Suspense fallback={<div className="h-72 animate-pulse rounded-md bg-white/[0.03]" />}>
          <DailyChart daily={data.daily} />
        </Suspense>
      </section>
      <RecentActivity items={data.recentActivity.slice(0, RECENT_ACTIVITY_LIMIT)} />
    </div>
  );
}
