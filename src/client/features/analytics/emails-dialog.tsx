import { ANALYTICS_MSG, type BenefitReportRow } from '#common/analytics-report.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { type ReportFilters, reportFailure, useBenefitEmails } from './api.ts';
import type { EmailKind } from './benefits-report-table.tsx';

const TEXT = {
  click: { title: 'Click emails', empty: ANALYTICS_MSG.noClickEmails, field: 'clickEmails' },
  submission: { title: 'Submission emails', empty: ANALYTICS_MSG.noSubmissionEmails, field: 'submissionEmails' },
} as const;

export type EmailsTarget = {
  row: BenefitReportRow;
  kind: EmailKind;
  dates: Pick<ReportFilters, 'startDate' | 'endDate'>;
};

/**
 * The e-mail addresses behind a benefit's clicks or submissions (admins only, docs/spec/admin-and-rsvp.md §6).
 * Shows the row's preview at once, then the whole list once it has arrived.
 */
export function EmailsDialog({ value, onClose }: { value: EmailsTarget | null; onClose: () => void }) {
  const kind = value?.kind ?? 'click';
  const text = TEXT[kind];
  const full = useBenefitEmails(value?.row.benefitId ?? null, kind, value?.dates ?? { startDate: '', endDate: '' });
  const emails = full.data ?? (value ? value.row[text.field] : []);
  return (
    <Dialog open={value !== null} onOpenChange={(open) => !open && onClose()} title={text.title}>
      <p className="mt-1 text-sm text-zinc-400">
        {value?.row.benefitTitle}
        {emails.length > 0 && ` · ${emails.length} ${emails.length === 1 ? 'person' : 'people'}`}
        {full.isFetching && ' · loading the full list...'}
      </p>
      {full.isError && (
        // The row's preview stays shown; the whole list is what failed.
        <p role="alert" className="mt-2 text-sm text-red-400">
          {reportFailure(full.error, 'The full list could not be loaded; showing the first ones.').message}
        </p>
      )}
      {emails.length === 0 ? (
        <p className="mt-6 text-center text-sm text-zinc-400">{text.empty}</p>
      ) : (
        <ul
          data-testid="email-list"
          className="mt-4 max-h-80 divide-y divide-line overflow-y-auto rounded-md border border-line"
        >
          {emails.map((email) => (
            <li key={email} className="break-all px-3 py-2 text-sm text-white">
              {email}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
