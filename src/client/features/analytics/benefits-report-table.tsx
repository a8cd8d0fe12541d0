import { ArrowDown, ArrowUp, ArrowUpDown, FileDown, FileText, Users } from 'lucide-react';
import { Link } from 'wouter';
import { type BenefitReportRow, badgeTone, type SortColumn } from '#common/analytics-report.ts';
import { type Column, DataTable } from '../../components/ui/table-frame.tsx';
import { cn } from '../../lib/cn.ts';
import { benefitAttendeesPath, partnerReportAdminPath } from '../../paths.ts';
import { type ReportFilters, rsvpCsvUrl } from './api.ts';

export type EmailKind = 'click' | 'submission';
type Sort = Pick<ReportFilters, 'sortBy' | 'sortDir'>;

// Tight and wrapping: all eleven columns fit a 1280 px laptop; a phone scrolls inside the frame.
const th = 'align-bottom leading-tight tracking-wide';
const td = 'px-2 py-3';
const COLUMNS: { key: SortColumn; label: string; numeric: boolean }[] = [
  { key: 'benefitTitle', label: 'Benefit', numeric: false },
  { key: 'totalClicks', label: 'Clicks', numeric: true },
  { key: 'totalSubmissions', label: 'Submissions', numeric: true },
  { key: 'uniqueUsers', label: 'Unique Users', numeric: true },
  { key: 'totalInteractions', label: 'Total Interactions', numeric: true },
];
// Attendance of the benefit's bookings (decision 017): counted on the server over bookings, not sortable.
const ATTENDANCE: { key: keyof Omit<BenefitReportRow['attendance'], 'attendanceRate'>; label: string }[] = [
  { key: 'bookings', label: 'Bookings' },
  { key: 'checkIns', label: 'Check-ins' },
  { key: 'noShows', label: 'No-shows' },
  { key: 'releases', label: 'Releases' },
  { key: 'promotions', label: 'Promoted' },
];
// Fair draws (decision 031): shown only on a page that holds a benefit with draw entries, so the table fits a laptop.
const DRAW: typeof ATTENDANCE = [
  { key: 'drawEntries', label: 'Draw entries' },
  { key: 'drawWinners', label: 'Drawn' },
];
const TONE = {
  green: 'border-emerald-400/40 bg-emerald-500/15 text-emerald-300',
  yellow: 'border-amber-400/40 bg-amber-500/15 text-amber-300',
  grey: 'border-zinc-500/40 bg-zinc-500/15 text-zinc-300',
} as const;

/** A sortable column's head: a button that sorts by it, its arrow, and the aria-sort of its header cell. */
function sortColumn(column: (typeof COLUMNS)[number], sort: Sort, onSort: (c: SortColumn) => void): Column {
  const active = sort.sortBy === column.key;
  const Arrow = !active ? ArrowUpDown : sort.sortDir === 'desc' ? ArrowDown : ArrowUp;
  return {
    key: column.key,
    sort: active ? (sort.sortDir === 'desc' ? 'descending' : 'ascending') : 'none',
    className: cn(th, column.numeric && 'text-right', column.key === 'benefitTitle' && 'pl-4'),
    head: (
      <button
        type="button"
        onClick={() => onSort(column.key)}
        className={cn('inline-flex items-end gap-1 uppercase hover:text-white', active && 'text-gold')}
      >
        <span className={cn(column.numeric && 'text-right')}>{column.label}</span>
        <Arrow
          size={14}
          aria-hidden
          data-testid={active ? `sort-${sort.sortDir}` : undefined}
          className={cn(!active && 'opacity-40')}
        />
      </button>
    ),
  };
}

function CountButton({ n, label, onClick }: { n: number; label: string; onClick: () => void }) {
  if (n === 0) return <span className="text-zinc-400">0</span>;
  return (
    <button
      type="button"
      aria-label={`${n.toLocaleString()}, ${label}`}
      title={label}
      onClick={onClick}
      className="rounded px-1.5 font-medium text-gold underline decoration-gold/40 underline-offset-4 hover:bg-gold/10"
    >
      {n.toLocaleString()}
    </button>
  );
}

/** The per-benefit report: sortable headers, clickable counts, interaction badge and RSVP list link. */
export function BenefitsReportTable({
  rows,
  message,
  isError,
  sort,
  onSort,
  onShowEmails,
}: {
  rows: BenefitReportRow[];
  message: string | null;
  isError: boolean;
  sort: Sort;
  onSort: (column: SortColumn) => void;
  onShowEmails: (row: BenefitReportRow, kind: EmailKind) => void;
}) {
  const attendance = rows.some((r) => (r.attendance.drawEntries ?? 0) > 0) ? [...ATTENDANCE, ...DRAW] : ATTENDANCE;
  return (
    <DataTable
      label="Benefits report"
      tableClass="w-full min-w-[760px] text-sm"
      testId="analytics-table"
      pad="px-2"
      columns={[
        ...COLUMNS.map((c) => sortColumn(c, sort, onSort)),
        ...attendance.map((c) => ({ key: c.key, head: c.label, className: cn(th, 'text-right') })),
        { key: 'rsvp', head: <span className="sr-only">RSVP list</span>, className: cn(th, 'pr-4 text-right') },
      ]}
      message={message}
      error={isError}
      rows={rows}
      row={(row) => (
        <tr key={row.benefitId} data-testid="analytics-row" className="hover:bg-white/[0.02]">
          <td className={`${td} min-w-36 break-words pl-4 font-medium text-white`}>
            <span data-testid="benefit-title">{row.benefitTitle}</span>
            {/* In view without scrolling the wide table sideways. */}
            <Link
              href={partnerReportAdminPath(row.benefitId)}
              title={`Partner report for ${row.benefitTitle}`}
              className="mt-1 flex items-center gap-1 text-xs font-normal text-zinc-400 hover:text-gold"
            >
              <FileText size={13} aria-hidden />
              Partner report
            </Link>
          </td>
          <td className={`${td} text-right tabular-nums`}>
            <CountButton
              n={row.totalClicks}
              label={`Show click emails for ${row.benefitTitle}`}
              onClick={() => onShowEmails(row, 'click')}
            />
          </td>
          <td className={`${td} text-right tabular-nums`}>
            <CountButton
              n={row.totalSubmissions}
              label={`Show submission emails for ${row.benefitTitle}`}
              onClick={() => onShowEmails(row, 'submission')}
            />
          </td>
          <td className={`${td} text-right tabular-nums text-zinc-300`}>{row.uniqueUsers.toLocaleString()}</td>
          <td className={`${td} text-right`}>
            <span
              data-testid="interactions-badge"
              data-tone={badgeTone(row.totalInteractions)}
              className={cn(
                'inline-block min-w-10 rounded-full border px-2.5 py-0.5 text-center text-xs font-semibold tabular-nums',
                TONE[badgeTone(row.totalInteractions)],
              )}
            >
              {row.totalInteractions.toLocaleString()}
            </span>
          </td>
          {attendance.map((c) => (
            <td
              key={c.key}
              data-testid={`attendance-${c.key}`}
              className={`${td} text-right tabular-nums text-zinc-300`}
            >
              {(row.attendance[c.key] ?? 0).toLocaleString()}
            </td>
          ))}
          <td className={`${td} whitespace-nowrap pr-4 text-right`}>
            {/* The list as a file, and the attendees page of its primary event (decision 017). */}
            <div className="flex flex-col items-end gap-1.5">
              <a
                href={rsvpCsvUrl(row.benefitId)}
                download
                title={`RSVP list for ${row.benefitTitle} (CSV)`}
                className="inline-flex items-center gap-1 text-xs text-zinc-400 hover:text-gold"
              >
                <FileDown size={13} aria-hidden />
                RSVP list
              </a>
              <Link
                href={benefitAttendeesPath(row.benefitId)}
                title={`Attendees of ${row.benefitTitle}`}
                className="inline-flex items-center gap-1 text-xs text-zinc-400 hover:text-gold"
              >
                <Users size={13} aria-hidden />
                Attendees
              </Link>
            </div>
          </td>
        </tr>
      )}
    />
  );
}
