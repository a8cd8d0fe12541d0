import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Summary } from '#common/analytics-report.ts';
import { ACTIVITY_STYLE } from './activity-types.ts';

// Legend names (plural, as counts per day).
const SERIES = [
  { key: 'portal_access', name: 'Portal access', color: ACTIVITY_STYLE.portal_access.color },
  { key: 'benefit_click', name: 'Benefit clicks', color: ACTIVITY_STYLE.benefit_click.color },
  { key: 'form_submission', name: 'Form submissions', color: ACTIVITY_STYLE.form_submission.color },
];

// Days are calendar dates (YYYY-MM-DD): format them in UTC so no time zone shifts them.
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayLabel.format(d);
};

export type ChartSeries = { key: string; name: string; color: string };
type Day = { day: string } & Record<string, number | string>;

/** Counts per day as bars, one per series: stacked (activity) or side by side (the partner report). */
export function SeriesChart({
  data,
  series,
  stacked,
  emptyText,
  animate = true,
}: {
  data: Day[];
  series: ChartSeries[];
  stacked: boolean;
  emptyText: string;
  /** A report (and its screenshot) shows its figures at once. */
  animate?: boolean;
}) {
  const empty = data.every((d) => series.every((s) => !d[s.key]));
  if (empty) return <p className="py-16 text-center text-sm text-zinc-400">{emptyText}</p>;
  return (
    <div data-testid="daily-chart" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="#2a2a35" vertical={false} />
          <XAxis
            dataKey="day"
            tickFormatter={formatDay}
            stroke="#71717a"
            tick={{ fontSize: 12 }}
            tickLine={false}
            minTickGap={12}
          />
          <YAxis allowDecimals={false} stroke="#71717a" tick={{ fontSize: 12 }} tickLine={false} axisLine={false} />
          <Tooltip
            labelFormatter={(label) => formatDay(String(label))}
            cursor={{ fill: 'rgba(255,255,255,0.04)' }}
            contentStyle={{ background: '#15151c', border: '1px solid #2a2a35', borderRadius: 8, color: '#fff' }}
          />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 13, paddingTop: 8 }} />
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              stackId={stacked ? 'day' : undefined}
              fill={s.color}
              isAnimationActive={animate}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** Daily counts by type as stacked bars (default export: loaded lazily with recharts). */
export default function DailyChart({ daily }: { daily: Summary['daily'] }) {
  return <SeriesChart data={daily} series={SERIES} stacked emptyText="No activity in this period" />;
}
