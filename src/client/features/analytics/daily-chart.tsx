import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Summary } from '../../../common/analytics-report.ts';
import { ACTIVITY_STYLE } from './activity-types.ts';

// Legend names (plural, as counts per day).
const SERIES = [
  { key: 'portal_access', name: 'Portal access' },
  { key: 'benefit_click', name: 'Benefit clicks' },
  { key: 'form_submission', name: 'Form submissions' },
] as const;

// Days are calendar dates (YYYY-MM-DD): format them in UTC so no time zone shifts them.
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? day : dayLabel.format(d);
};

/** Daily counts by type as stacked bars (default export: loaded lazily with recharts). */
export default function DailyChart({ daily }: { daily: Summary['daily'] }) {
  const empty = daily.every((d) => d.portal_access + d.benefit_click + d.form_submission === 0);
  if (empty) return <p className="py-16 text-center text-sm text-zinc-400">No activity in this period</p>;
  return (
    <div data-testid="daily-chart" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={daily} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
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
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId="day" fill={ACTIVITY_STYLE[s.key].color} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
