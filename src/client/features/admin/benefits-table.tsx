import { ExternalLink, FileX, Pencil, Trash2, Users } from 'lucide-react';
import { Link } from 'wouter';
import type { AdminBenefitRow, BenefitFormState } from '#common/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, pinnedCell, SwipeHint } from '../../components/ui/table-frame.tsx';
import { cn } from '../../lib/cn.ts';
import { attendeesPath } from '../../paths.ts';
import { hasSheet } from './fallback-benefits.ts';
import { ADMIN_PATHS } from './paths.ts';
import { MissingBadges } from './translations/missing-badge.tsx';
import { useMissingWords } from './translations/words-api.ts';

/** What members find on a benefit with its own RSVP form (decision 023), in the words of the dashboard. */
export const FORM_STATE_TEXT: Record<BenefitFormState, string> = {
  live: 'Form live',
  'one-click': 'Form not set up: members book in one click',
  unavailable: 'Form not set up: members cannot book',
};

function FormStateBadge({ row }: { row: AdminBenefitRow }) {
  if (!row.formState) return null;
  const live = row.formState === 'live';
  return (
    <Link
      href={`${ADMIN_PATHS.rsvpConfig}?benefit=${encodeURIComponent(row.id)}`}
      data-testid="form-state"
      data-state={row.formState}
      className={cn(
        'mt-1.5 block w-fit max-w-[11rem] rounded border px-1.5 py-0.5 text-[11px] font-semibold leading-snug hover:underline',
        live ? 'border-emerald-500/50 text-emerald-300' : 'border-amber-400/60 text-amber-200',
      )}
    >
      {FORM_STATE_TEXT[row.formState]}
    </Link>
  );
}

// Baseline: the name, the description's first line, Open Sheet / No Sheet and Edit / Delete read as one line.
const td = 'px-4 py-3 align-baseline';
// A control's baseline is its words', not its icon's bottom edge (the icon stays centred beside them).
const onRowBaseline = 'items-baseline [&>svg]:self-center';

export function BenefitsTable({
  rows,
  isLoading,
  onEdit,
  onDelete,
}: {
  rows: AdminBenefitRow[];
  isLoading: boolean;
  onEdit: (row: AdminBenefitRow) => void;
  onDelete: (row: AdminBenefitRow) => void;
}) {
  const message = isLoading ? 'Loading benefits...' : rows.length === 0 ? 'No benefits found' : null;
  const missing = useMissingWords().data?.data;
  return (
    <>
      <SwipeHint>
        Swipe the table sideways for the description and sheet; Attendees, Edit and Delete stay on the right.
      </SwipeHint>
      <DataTable
        label="Benefits"
        tableClass="w-full min-w-[720px] text-sm"
        pad="px-4"
        columns={[
          { head: 'Benefit Name' },
          { head: 'Description' },
          { head: 'Google Sheet' },
          { head: 'Actions', pinned: true },
        ]}
        message={message}
        rows={rows}
        row={(row) => (
          <tr key={row.id} data-testid="admin-benefit-row" className="hover:bg-white/[0.02]">
            <td className={`${td} font-medium text-white`}>{row.name}</td>
            <td className={`${td} max-w-md text-zinc-400`}>
              <p className="line-clamp-2">{row.description}</p>
            </td>
            <td className={td}>
              {hasSheet(row.sheetUrl) ? (
                <a
                  href={row.sheetUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={cn('inline-flex gap-1.5 whitespace-nowrap text-gold hover:underline', onRowBaseline)}
                >
                  <ExternalLink size={14} aria-hidden />
                  Open Sheet
                </a>
              ) : (
                // Drawn like Open Sheet (same size, gap and weight), only greyed: the two sit on one baseline.
                <button
                  type="button"
                  disabled
                  className={cn(
                    'inline-flex cursor-not-allowed gap-1.5 whitespace-nowrap text-zinc-500',
                    onRowBaseline,
                  )}
                >
                  <FileX size={14} aria-hidden />
                  No Sheet
                </button>
              )}
              <FormStateBadge row={row} />
              {/* A language begun and not finished: "zh-Hans: 3 missing" (decision 062). */}
              <MissingBadges missing={missing?.[row.id]} />
            </td>
            <td className={cn(td, pinnedCell, 'whitespace-nowrap text-right')}>
              {/* On a phone the pinned column holds just the icons (the words stay for screen readers). */}
              {row.eventId && (
                <Link
                  href={attendeesPath(row.eventId)}
                  className={cn(
                    'mr-1 inline-flex gap-2 rounded-md border border-gold/60 px-2.5 py-1.5 text-sm font-semibold tracking-wider text-gold hover:bg-gold/10 sm:mr-2 sm:px-3',
                    onRowBaseline,
                  )}
                >
                  <Users size={14} aria-hidden />
                  <span className="sr-only sm:not-sr-only">Attendees</span>
                  <span className="sr-only"> of {row.name}</span>
                </Link>
              )}
              <Button
                variant="outline"
                className={cn('px-2.5 py-1.5 sm:px-3', onRowBaseline)}
                onClick={() => onEdit(row)}
              >
                <Pencil size={14} aria-hidden />
                <span className="sr-only sm:not-sr-only">Edit</span>
              </Button>
              <Button
                variant="ghost"
                className={cn(
                  'ml-1 px-2.5 py-1.5 text-red-400 hover:bg-red-500/10 hover:text-red-300 sm:ml-2 sm:px-3',
                  onRowBaseline,
                )}
                onClick={() => onDelete(row)}
              >
                <Trash2 size={14} aria-hidden />
                <span className="sr-only sm:not-sr-only">Delete</span>
              </Button>
            </td>
          </tr>
        )}
      />
    </>
  );
}
