import { Trash2 } from 'lucide-react';
import type { MemberRow } from '#common/admin.ts';
import { formatStamp } from '#common/event-time.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  pinnedCell,
  pinnedHeadCell,
  SwipeHint,
  TableFrame,
  TableMessageRow,
} from '../../components/ui/table-frame.tsx';
import { useOrganiserZone } from '../../lib/admin-http.ts';
import { cn } from '../../lib/cn.ts';

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wider text-zinc-400';
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
      <TableFrame label="Members" className="bg-panel">
        <table className="w-full min-w-[640px] text-sm">
          <thead className="border-b border-line bg-black/30">
            <tr>
              <th className={th}>Email</th>
              <th className={th}>First name</th>
              <th className={th}>Last name</th>
              <th className={th}>Last updated</th>
              <th className={cn(th, pinnedHeadCell, 'text-right')}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {message ? (
              <TableMessageRow colSpan={5} error={Boolean(error)}>
                {message}
              </TableMessageRow>
            ) : (
              rows.map((row) => (
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
              ))
            )}
          </tbody>
        </table>
      </TableFrame>
    </>
  );
}
