import { Trash2 } from 'lucide-react';
import type { MemberRow } from '#common/admin.ts';
import { formatStamp } from '#common/event-time.ts';
import { Button } from '../../components/ui/button.tsx';
import { DataTable, pinnedCell, SwipeHint } from '../../components/ui/table-frame.tsx';
import { useOrganiserZone } from '../../lib/admin-http.ts';
import { cn } from '../../lib/cn.ts';

const td = 'px-4 py-3';

export function MembersTable({
  rows,
  isLoading,
  error,
  onRemove,
}: {
  rows: MemberRow[];
  isLoading: boolean;
  error: string | null;
  onRemove: (row: MemberRow) => void;
}) {
  const zone = useOrganiserZone();
  const message = isLoading ? 'Loading members...' : error ? error : rows.length === 0 ? 'No members found' : null;
  return (
    <>
      <SwipeHint>Swipe the table sideways for the names; Remove stays on the right.</SwipeHint>
      <DataTable
        label="Members"
        tableClass="w-full min-w-[640px] text-sm"
        pad="px-4"
        columns={[
          { head: 'Email' },
          { head: 'First name' },
          { head: 'Last name' },
          { head: 'Last updated' },
          { head: <span className="sr-only">Actions</span>, pinned: true },
        ]}
        message={message}
        error={Boolean(error)}
        rows={rows}
        row={(row) => (
          <tr key={row.email} data-testid="member-row" className="hover:bg-white/[0.02]">
            <td className={`${td} font-medium text-white`}>{row.email}</td>
            <td className={`${td} text-zinc-300`}>{row.firstName || '—'}</td>
            <td className={`${td} text-zinc-300`}>{row.lastName || '—'}</td>
            <td className={`${td} whitespace-nowrap text-zinc-400`}>{formatStamp(row.lastUpdated, zone)}</td>
            <td className={cn(td, pinnedCell, 'text-right')}>
              <Button
                variant="ghost"
                aria-label={`Remove ${row.email}`}
                className="px-2.5 py-1.5 text-red-400 hover:bg-red-500/10 hover:text-red-300 sm:px-3"
                onClick={() => onRemove(row)}
              >
                <Trash2 size={14} aria-hidden />
                {/* A phone shows the icon only (the aria-label names the button). */}
                <span className="hidden sm:inline">Remove</span>
              </Button>
            </td>
          </tr>
        )}
      />
    </>
  );
}
