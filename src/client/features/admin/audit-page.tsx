import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import * as auditApi from '#common/api/audit.ts';
import { auditActionLabel } from '#common/audit-actions.ts';
import { formatStamp } from '#common/event-time.ts';
import type { auditListSchema } from '#common/route-answers.ts';
import { inputClass } from '../../components/ui/field.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { DataTable } from '../../components/ui/table-frame.tsx';
import { adminCall, serverMessageOr, useOrganiserZone } from '../../lib/admin-http.ts';
import { AdminLayout } from './admin-layout.tsx';
import { adminKeys } from './api.ts';

type AuditEntry = z.infer<typeof auditListSchema>['entries'][number];

const ALL = '';

const actionLabel = auditActionLabel;

/** `role: staff · count: 3`: the details as one line a person reads. */
function detailsText(details: AuditEntry['details']): string {
  if (!details) return '';
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' · ');
}

/** 'benefit: Yacht Brunch': the target by its name where the server knows one, else by its id. */
const target = (e: AuditEntry) =>
  e.targetName ? `${e.targetType}: ${e.targetName}` : [e.targetType, e.targetId].filter(Boolean).join(' ');

const haystack = (e: AuditEntry) =>
  [e.adminEmail, e.action, actionLabel(e.action), target(e), e.targetId ?? '', detailsText(e.details)]
    .join('\n')
    .toLowerCase();

const sortedUnique = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

const td = 'px-3 py-3 align-top';
// Admin, target and details have their own columns from 640 px; on a phone they stack under the action.
const wide = 'hidden sm:table-cell';

/** Who changed what in the admin area, newest first, filtered here in the browser. */
export function AuditPage() {
  const zone = useOrganiserZone();
  const audit = useQuery({
    queryKey: adminKeys.audit,
    queryFn: () => adminCall(auditApi.list),
  });
  const [action, setAction] = useState(ALL);
  const [admin, setAdmin] = useState(ALL);
  const [text, setText] = useState('');

  const entries = audit.data?.entries ?? [];
  const actions = useMemo(() => sortedUnique(entries.map((e) => e.action)), [entries]);
  const admins = useMemo(() => sortedUnique(entries.map((e) => e.adminEmail)), [entries]);
  const needle = text.trim().toLowerCase();
  const shown = entries.filter(
    (e) =>
      (action === ALL || e.action === action) &&
      (admin === ALL || e.adminEmail === admin) &&
      (!needle || haystack(e).includes(needle)),
  );
  const filtered = action !== ALL || admin !== ALL || needle !== '';

  const message = audit.isLoading
    ? 'Loading audit log...'
    : audit.isError
      ? serverMessageOr(audit.error, 'Failed to load the audit log. Please try refreshing.')
      : entries.length === 0
        ? 'No admin changes recorded yet'
        : shown.length === 0
          ? 'No entries match these filters'
          : null;

  return (
    <AdminLayout title="Audit">
      <p className="mb-4 text-sm text-zinc-400">
        Every change made in the admin area, newest first: who made it, when, and to what.
      </p>
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.5fr)]">
        <div className="space-y-1.5">
          <label htmlFor="audit-action" className="block text-sm font-medium text-zinc-200">
            Action
          </label>
          <select
            id="audit-action"
            className={`${inputClass} h-11`}
            value={action}
            onChange={(e) => setAction(e.target.value)}
          >
            <option value={ALL}>All actions</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {actionLabel(a)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-admin" className="block text-sm font-medium text-zinc-200">
            Admin
          </label>
          <select
            id="audit-admin"
            className={`${inputClass} h-11`}
            value={admin}
            onChange={(e) => setAdmin(e.target.value)}
          >
            <option value={ALL}>All admins</option>
            {admins.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="audit-search" className="block text-sm font-medium text-zinc-200">
            Search
          </label>
          <SearchInput
            id="audit-search"
            placeholder="Target, details, e-mail..."
            value={text}
            onChange={setText}
            className="h-11"
          />
        </div>
      </div>
      {audit.data && (
        <p className="mb-2 text-sm text-zinc-400" data-testid="audit-count" aria-live="polite">
          {filtered ? `${shown.length} of ${entries.length} entries` : `${entries.length} entries`}
        </p>
      )}
      <DataTable
        label="Audit log"
        tableClass="w-full table-fixed text-sm"
        columns={[
          { head: 'When', className: 'w-28 sm:w-40' },
          { head: 'Admin', className: wide },
          { head: 'Action', className: 'sm:w-44' },
          { head: 'Target', className: wide },
          { head: 'Details', className: wide },
        ]}
        message={message}
        error={audit.isError}
        rows={shown}
        row={(e) => (
          <tr key={e.id} data-testid="audit-row" className="hover:bg-white/[0.02]">
            <td className={`${td} text-zinc-400`}>{formatStamp(e.at, zone)}</td>
            <td className={`${td} ${wide} break-words text-zinc-200`}>{e.adminEmail}</td>
            <td className={`${td} break-words`}>
              <span className="font-medium text-white">{actionLabel(e.action)}</span>
              {/* The other columns' text, for a phone where they are hidden. */}
              <span className="mt-1 block space-y-0.5 text-xs sm:hidden">
                <span className="block break-all text-zinc-300">{e.adminEmail}</span>
                {target(e) && (
                  <span className="block text-zinc-400" title={e.targetId ?? undefined}>
                    {target(e)}
                  </span>
                )}
                {e.details && <span className="block text-zinc-500">{detailsText(e.details)}</span>}
              </span>
            </td>
            <td className={`${td} ${wide} break-words text-zinc-300`} title={e.targetId ?? undefined}>
              {target(e) || '—'}
            </td>
            <td className={`${td} ${wide} break-words text-zinc-400`}>{detailsText(e.details) || '—'}</td>
          </tr>
        )}
      />
    </AdminLayout>
  );
}
