import type { ImportRow } from '#common/admin.ts';
import { DataTable } from '../../components/ui/table-frame.tsx';
import { cn } from '../../lib/cn.ts';

const badge = {
  add: 'border-emerald-600 text-emerald-300',
  update: 'border-sky-600 text-sky-300',
  reject: 'border-red-700 text-red-300',
} as const;

/** What applying the CSV would do, row by row. */
export function ImportPreviewTable({ rows }: { rows: ImportRow[] }) {
  const count = (o: ImportRow['outcome']) => rows.filter((r) => r.outcome === o).length;
  return (
    <div className="mt-4 space-y-2">
      <p className="text-sm text-zinc-300" data-testid="import-summary">
        {rows.length} rows: {count('add')} to add, {count('update')} to update, {count('reject')} rejected.
      </p>
      {/* A long file scrolls inside its box, not the page. */}
      <DataTable
        label="Import preview"
        tableClass="w-full min-w-[600px] text-sm"
        frameClass="max-h-80 overflow-y-auto"
        columns={[
          { head: 'Line' },
          { head: 'Email' },
          { head: 'First name' },
          { head: 'Last name' },
          { head: 'Outcome' },
        ]}
        message={null}
        rows={rows}
        row={(r) => (
          <tr key={r.line} data-testid="import-row">
            <td className="px-3 py-2 text-zinc-400">{r.line}</td>
            <td className="px-3 py-2 text-white">{r.email}</td>
            <td className="px-3 py-2 text-zinc-300">{r.firstName}</td>
            <td className="px-3 py-2 text-zinc-300">{r.lastName}</td>
            <td className="px-3 py-2">
              <span className={cn('rounded border px-2 py-0.5 text-xs font-semibold uppercase', badge[r.outcome])}>
                {r.outcome}
              </span>
              {r.error && <span className="ml-2 text-xs text-red-300">{r.error}</span>}
            </td>
          </tr>
        )}
      />
    </div>
  );
}
