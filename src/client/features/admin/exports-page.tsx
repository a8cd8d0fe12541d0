import { useMutation, useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { TableFrame } from '../../components/ui/table-frame.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { queryClient } from '../../lib/query-client.ts';
import { AdminLayout } from './admin-layout.tsx';
import { adminRequest, serverMessageOr } from './http.ts';

type Job = {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string;
};
const KEY = ['/api/admin/exports'] as const;
const POLL_MS = 10_000;
const KIND_LABEL: Record<string, string> = { 'sheets.append': 'Google Sheets row' };

/** Submissions still on their way to Google Sheets (pending) or given up on (failed). */
export function ExportsPage() {
  const jobs = useQuery({
    queryKey: KEY,
    queryFn: () => adminRequest<{ jobs: Job[] }>('GET', KEY[0]),
    refetchInterval: POLL_MS,
  });
  const retry = useMutation({
    mutationFn: () => adminRequest('POST', '/api/admin/exports/retry'),
    onSuccess: () => {
      toast({ title: 'Retrying', description: 'Failed exports will be sent again shortly.' });
      void queryClient.invalidateQueries({ queryKey: KEY });
    },
    onError: (err) =>
      toast({ title: 'Error', description: serverMessageOr(err, 'Failed to retry exports'), variant: 'destructive' }),
  });
  const list = jobs.data?.jobs ?? [];
  const failed = list.filter((j) => j.status === 'failed').length;
  return (
    <AdminLayout
      title="Exports"
      actions={
        <Button variant="outline" disabled={failed === 0 || retry.isPending} onClick={() => retry.mutate()}>
          <RefreshCw size={14} aria-hidden /> Retry failed ({failed})
        </Button>
      }
    >
      <p className="mb-4 text-sm text-zinc-400">
        Every RSVP is saved in the portal first; these are the copies still on their way to the linked Google Sheet.
      </p>
      <TableFrame label="Sheets exports">
        <table className="w-full text-left text-sm">
          <thead className="bg-panel text-xs uppercase tracking-wider text-zinc-400">
            <tr>
              <th className="px-4 py-3">Export</th>
              <th className="px-4 py-3">Status</th>
              <th className="px-4 py-3">Attempts</th>
              <th className="px-4 py-3">Last error</th>
              <th className="px-4 py-3">Queued</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {jobs.isLoading ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-zinc-400">
                  Loading exports...
                </td>
              </tr>
            ) : jobs.isError ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-red-400">
                  Failed to load exports. Please try refreshing.
                </td>
              </tr>
            ) : list.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-zinc-400">
                  All exports are delivered.
                </td>
              </tr>
            ) : (
              list.map((j) => (
                <tr key={j.id}>
                  <td className="px-4 py-3 text-zinc-200">{KIND_LABEL[j.kind] ?? j.kind}</td>
                  <td className="px-4 py-3">
                    <span className={j.status === 'failed' ? 'text-red-400' : 'text-amber-300'}>{j.status}</span>
                  </td>
                  <td className="px-4 py-3 text-zinc-300">{j.attempts}</td>
                  <td className="max-w-sm truncate px-4 py-3 text-zinc-400" title={j.lastError ?? ''}>
                    {j.lastError ?? '—'}
                  </td>
                  <td className="px-4 py-3 text-zinc-400">{new Date(j.createdAt).toLocaleString()}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableFrame>
    </AdminLayout>
  );
}
