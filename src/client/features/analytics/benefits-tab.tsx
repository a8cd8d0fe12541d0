import { useEffect, useState } from 'react';
import { ANALYTICS_MSG, type SortColumn } from '#common/analytics-report.ts';
import { Button } from '../../components/ui/button.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { type ReportFilters, reportCsvUrl, reportFailure, useBenefitReport } from './api.ts';
import { BenefitsReportTable } from './benefits-report-table.tsx';
import { DownloadLink } from './download-link.tsx';
import { EmailsDialog, type EmailsTarget } from './emails-dialog.tsx';
import { ReportFiltersBar } from './report-filters.tsx';

const SEARCH_DEBOUNCE_MS = 300;
type Sort = Pick<ReportFilters, 'sortBy' | 'sortDir'>;

/** Benefit Analytics tab: filters, the sortable paged report, e-mail lists and CSV exports. */
export function BenefitsTab({ active }: { active: boolean }) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [sort, setSort] = useState<Sort>({ sortBy: 'totalInteractions', sortDir: 'desc' });
  const rangeError = startDate && endDate && startDate > endDate ? 'The start date is after the end date.' : null;

  const filters: ReportFilters = { ...sort, search, startDate, endDate };
  // Any change of sort, search or dates starts again at page 1.
  const filterKey = JSON.stringify(filters);
  const [pageFor, setPageFor] = useState({ key: filterKey, page: 1 });
  const page = pageFor.key === filterKey ? pageFor.page : 1;
  const goTo = (p: number) => setPageFor({ key: filterKey, page: p });

  const report = useBenefitReport(filters, page, active && !rangeError);
  const [emails, setEmails] = useState<EmailsTarget | null>(null);

  const data = report.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  // A refresh that leaves fewer pages than the one shown steps back to the new last page.
  const lastPage = report.isPlaceholderData ? null : data?.totalPages;
  useEffect(() => {
    if (lastPage && page > lastPage) setPageFor({ key: filterKey, page: lastPage });
  }, [lastPage, page, filterKey]);

  const onSort = (column: SortColumn) =>
    setSort((s) =>
      s.sortBy === column
        ? { sortBy: column, sortDir: s.sortDir === 'desc' ? 'asc' : 'desc' }
        : { sortBy: column, sortDir: 'desc' },
    );

  const failure = report.isError ? reportFailure(report.error, ANALYTICS_MSG.benefitsFailed) : null;
  const message = failure
    ? failure.message
    : !data
      ? 'Loading benefit analytics...'
      : data.benefits.length === 0
        ? ANALYTICS_MSG.noBenefits
        : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <ReportFiltersBar
          search={searchInput}
          onSearch={setSearchInput}
          startDate={startDate}
          endDate={endDate}
          onStartDate={setStartDate}
          onEndDate={setEndDate}
          rangeError={rangeError}
        />
        <DownloadLink href={reportCsvUrl(filters)} label="Download CSV" icon="arrow" />
      </div>
      <BenefitsReportTable
        rows={message ? [] : (data?.benefits ?? [])}
        message={message}
        isError={report.isError}
        sort={sort}
        onSort={onSort}
        onShowEmails={(row, kind) => setEmails({ row, kind, dates: { startDate, endDate } })}
      />
      {failure?.retry && (
        <Button variant="outline" onClick={() => void report.refetch()}>
          Try again
        </Button>
      )}
      <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm text-zinc-300">
        <span className="text-zinc-400">
          {data ? `${data.totalBenefits} ${data.totalBenefits === 1 ? 'benefit' : 'benefits'}` : ''}
        </span>
        <div className="flex items-center gap-3">
          <Button variant="outline" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            Previous
          </Button>
          <span data-testid="page-indicator">
            Page {page} of {totalPages}
          </span>
          <Button variant="outline" disabled={page >= totalPages} onClick={() => goTo(page + 1)}>
            Next
          </Button>
        </div>
      </nav>
      <EmailsDialog value={emails} onClose={() => setEmails(null)} />
    </div>
  );
}
