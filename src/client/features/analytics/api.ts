import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ANALYTICS_MSG, ANALYTICS_PAGE_SIZE, type SortColumn, SUMMARY_STALE_MS } from '#common/analytics-report.ts';
import * as analyticsApi from '#common/api/analytics.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import { pathOf } from '#common/route-contract.ts';
import { adminCall } from '../../lib/admin-http.ts';
import { ApiError } from '../../lib/api.ts';

/**
 * The analytics feature's query keys (decision 037): names, never URLs. They start with 'admin', as every admin-area
 * query does, so an admin's sign-out drops them (`isAdminQuery`, lib/admin-http.ts); a shared report's does not.
 */
export const analyticsKeys = {
  summary: ['admin', 'analytics-summary'] as const,
  /** Prefix of every page of the per-benefit report and of its e-mail lists: Refresh reloads them all. */
  benefits: ['admin', 'analytics-benefits'] as const,
  partnerReport: (benefitId: string) => ['admin', 'partner-report', benefitId] as const,
  reportLinks: (benefitId: string) => ['admin', 'report-links', benefitId] as const,
  sharedReport: (token: string) => ['shared-report', token] as const,
};

/** What the table asks for; the CSV export takes the same filters (without paging). */
export type ReportFilters = {
  sortBy: SortColumn;
  sortDir: 'asc' | 'desc';
  search: string;
  startDate: string;
  endDate: string;
};

/** Only what narrows the report is sent; the empty ones are left out. */
const filterParams = (f: ReportFilters) => ({
  sortBy: f.sortBy,
  sortDir: f.sortDir,
  ...(f.search ? { search: f.search } : {}),
  ...dateParams(f),
});
const dateParams = (f: Pick<ReportFilters, 'startDate' | 'endDate'>) => ({
  ...(f.startDate ? { startDate: f.startDate } : {}),
  ...(f.endDate ? { endDate: f.endDate } : {}),
});

/**
 * What a failed report says: reports busy or too slow (decision 020) are passing states worth a retry, so they get
 * their own words; anything else the fallback.
 */
export function reportFailure(err: unknown, fallback: string): { message: string; retry: boolean } {
  const code = err instanceof ApiError ? err.code : null;
  if (code === ERROR_CODE.reportBusy) return { message: ANALYTICS_MSG.reportBusy, retry: true };
  if (code === ERROR_CODE.reportTimeout) return { message: ANALYTICS_MSG.reportTimeout, retry: true };
  return { message: fallback, retry: false };
}

/** docs/spec/admin-and-rsvp.md §7: totals, recent activity and daily counts, cached 2 minutes. */
export function useAnalyticsSummary() {
  return useQuery({
    queryKey: analyticsKeys.summary,
    queryFn: async () => (await adminCall(analyticsApi.summary)).data,
    staleTime: SUMMARY_STALE_MS,
  });
}

/** One page of the per-benefit report; only mounted (so only fetched) on the Benefit Analytics tab. */
export function useBenefitReport(filters: ReportFilters, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...analyticsKeys.benefits, filters, page],
    queryFn: async () =>
      (
        await adminCall(analyticsApi.benefits, {
          query: { ...filterParams(filters), page, pageSize: ANALYTICS_PAGE_SIZE },
        })
      ).data,
    enabled,
    staleTime: SUMMARY_STALE_MS,
    placeholderData: keepPreviousData, // sorting, paging and typing keep the old rows until the new ones arrive
  });
}

export const reportCsvUrl = (f: ReportFilters) => pathOf(analyticsApi.benefitsCsv, { query: filterParams(f) });
export const rsvpCsvUrl = (benefitId: string) => pathOf(analyticsApi.rsvpsCsv, { params: { id: benefitId } });

/**
 * The whole e-mail list behind one benefit's clicks or submissions, for the dialog (the report's
 * rows carry only a preview of each list). Same date window as the table.
 */
export function useBenefitEmails(
  benefitId: string | null,
  kind: 'click' | 'submission',
  dates: Pick<ReportFilters, 'startDate' | 'endDate'>,
) {
  return useQuery({
    queryKey: [...analyticsKeys.benefits, benefitId, 'emails', kind, dates],
    queryFn: async () =>
      (await adminCall(analyticsApi.emails, { params: { id: benefitId ?? '' }, query: { kind, ...dateParams(dates) } }))
        .data.emails,
    enabled: benefitId !== null,
    staleTime: SUMMARY_STALE_MS,
  });
}
