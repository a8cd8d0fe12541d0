import { useQuery } from '@tanstack/react-query';
import * as exportsApi from '#common/api/exports.ts';
import { formatStamp } from '#common/event-time.ts';
import { DataTable, queryMessage } from '../../components/ui/table-frame.tsx';
import { adminCall, useOrganiserZone } from '../../lib/admin-http.ts';
import { AdminLayout } from './admin-layout.tsx';
import { adminKeys } from './api.ts';
import { RetryFailedButton } from './retry-failed-button.tsx';

const POLL_MS = 10_000;
const KIND_LABEL: Record<string, string> = { 'sheets.append': 'Google Sheets row' };

/** Submissions still on their way to Google Sheets (pending) or given up on (failed). */
export function ExportsPage() {
  const zone = useOrganiserZone();
  const jobs = useQuery({
    queryKey: adminKeys.exports,
    queryFn: () => adminCall(exportsApi.list),
    refetchInterval: POLL_MS,
  });
  const list = jobs.data?.jobs ?? [];
  const failed = list.filter((j) => j.status === 'failed').length;
  return (
    <AdminLayout
      title="Exports"
      actions={
        <RetryFailedButton route={exportsApi.retry} listKey={adminKeys.exports} failed={failed} what="exports" />
      }
    >
      <p className="mb-4 text-sm text-zinc-400">
        Every RSVP is saved in the portal first; these are the copies still on their way to the linked Google Sheet.
      </p>
      <DataTable
        label="Sheets exports"
        tableClass="w-full text-sm"
        pad="px-4"
        columns={[
          { head: 'Export' },
          { head: 'Status' },
          { head: 'Attempts' },
          { head: 'Last error' },
          { head: 'Queued' },
        ]}
        message={queryMessage(jobs, list.length, 'exports', 'All exports are delivered.')}
        error={jobs.isError}
        rows={list}
        row={(j) => (
          <tr key={j.id}>
            <td className="px-4 py-3 text-zinc-200">{KIND_LABEL[j.kind] ?? j.kind}</td>
            <td className="px-4 py-3">
              <span className={j.status === 'failed' ? 'text-red-400' : 'text-amber-300'}>{j.status}</span>
            </td>
            <td className="px-4 py-3 text-zinc-300">{j.attempts}</td>
            <td className="max-w-sm truncate px-4 py-3 text-zinc-400" title={j.lastError ?? ''}>
              {j.lastError ?? '—'}
            </td>
            <td className="px-4 py-3 text-zinc-400">{formatStamp(j.createdAt, zone)}</td>
          </tr>
        )}
      />
    </AdminLayout>
  );
}
