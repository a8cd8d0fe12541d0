import { type Activity, ANALYTICS_MSG, relativeTime } from '#common/analytics-report.ts';
import { formatStamp } from '#common/event-time.ts';
import { useOrganiserZone } from '../../lib/admin-http.ts';
import { cn } from '../../lib/cn.ts';
import { ACTIVITY_STYLE } from './activity-types.ts';
import { useNow } from './use-now.ts';

/** Entries have no id: type, time and e-mail, plus an occurrence number for exact repeats. */
function withKeys(items: Activity[]) {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = `${item.type}|${item.timestamp}|${item.userEmail}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { item, key: `${base}|${n}` };
  });
}

/** The newest activity entries: type badge, user e-mail, details and a relative time. */
export function RecentActivity({ items }: { items: Activity[] }) {
  const now = useNow(30_000);
  const zone = useOrganiserZone();
  return (
    <section aria-labelledby="recent-heading" className="rounded-xl border border-line bg-panel">
      <h2 id="recent-heading" className="border-b border-line px-5 py-4 text-lg font-semibold text-white">
        Recent activity
      </h2>
      {items.length === 0 ? (
        <p className="px-5 py-10 text-center text-zinc-400">{ANALYTICS_MSG.noActivity}</p>
      ) : (
        <ul className="divide-y divide-line">
          {withKeys(items).map(({ item, key }) => {
            const style = ACTIVITY_STYLE[item.type];
            const Icon = style.icon;
            return (
              <li
                key={key}
                data-testid="activity-item"
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-5 py-3 text-sm"
              >
                <span
                  className={cn(
                    'inline-flex w-36 shrink-0 items-center gap-1.5 rounded border px-2 py-0.5 text-xs font-medium',
                    style.badge,
                  )}
                >
                  <Icon size={12} aria-hidden />
                  {style.label}
                </span>
                {/* On a phone the e-mail and details take a line of their own, under the badge and the time. */}
                <span className="order-last min-w-0 basis-full sm:order-none sm:basis-0 sm:flex-1">
                  <span className="block truncate font-medium text-white">{item.userEmail || '—'}</span>
                  <span className="block truncate text-zinc-400">{item.details}</span>
                </span>
                <time
                  dateTime={item.timestamp}
                  title={formatStamp(item.timestamp, zone)}
                  className="ml-auto shrink-0 text-xs text-zinc-400"
                >
                  {relativeTime(item.timestamp, now)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
