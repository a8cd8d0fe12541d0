import { ExternalLink, FileX, Pencil, Trash2 } from 'lucide-react';
import type { AdminBenefitRow } from '../../../common/admin.ts';
import { Button } from '../../components/ui/button.tsx';
import { TableFrame, TableMessageRow } from '../../components/ui/table-frame.tsx';
import { hasSheet } from './fallback-benefits.ts';

const th = 'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wider text-zinc-400';
const td = 'px-4 py-3 align-top';

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
  return (
    <TableFrame label="Benefits" className="bg-panel">
      <table className="w-full min-w-[720px] text-sm">
        <thead className="border-b border-line bg-black/30">
          <tr>
            <th className={th}>Benefit Name</th>
            <th className={th}>Description</th>
            <th className={th}>Google Sheet</th>
            <th className={`${th} text-right`}>Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {message ? (
            <TableMessageRow colSpan={4}>{message}</TableMessageRow>
          ) : (
            rows.map((row) => (
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
                      className="inline-flex items-center gap-1.5 whitespace-nowrap text-gold hover:underline"
                    >
                      <ExternalLink size={14} aria-hidden />
                      Open Sheet
                    </a>
                  ) : (
                    <Button variant="ghost" disabled className="px-0 py-0 text-zinc-500">
                      <FileX size={14} aria-hidden />
                      No Sheet
                    </Button>
                  )}
                </td>
                <td className={`${td} whitespace-nowrap text-right`}>
                  <Button variant="outline" className="px-3 py-1.5" onClick={() => onEdit(row)}>
                    <Pencil size={14} aria-hidden />
                    Edit
                  </Button>
                  <Button
                    variant="ghost"
                    className="ml-2 px-3 py-1.5 text-red-400 hover:bg-red-500/10 hover:text-red-300"
                    onClick={() => onDelete(row)}
                  >
                    <Trash2 size={14} aria-hidden />
                    Delete
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableFrame>
  );
}
