import { z } from 'zod';
import { isoDate } from './dates.ts';
import { attendanceSchema } from './partner-report.ts';

export const ANALYTICS_MSG = {
  summaryFailed: 'Failed to load analytics data. Please try refreshing the page.',
  benefitsFailed: 'Failed to load benefit analytics. Please try refreshing.',
  noActivity: 'No recent activity found',
  noBenefits: 'No Benefit Analytics Found',
  noClickEmails: 'No click emails found for this benefit.',
  noSubmissionEmails: 'No submission emails found for this benefit.',
  // Reports run on a few connections of their own (decision 020): past their share they answer these, with a 503.
  reportBusy: 'Reports are busy right now (other admins are running some). Please try again in a few seconds.',
  reportTimeout: 'This report took too long to prepare. Please try again in a moment, or pick a shorter date range.',
} as const;

export const ANALYTICS_PAGE_SIZE = 25;
export const RECENT_ACTIVITY_LIMIT = 10;
export const SUMMARY_STALE_MS = 2 * 60_000;
export const BADGE = { green: 20, yellow: 10 } as const;
export const SORT_COLUMNS = [
  'benefitTitle',
  'totalClicks',
  'totalSubmissions',
  'uniqueUsers',
  'totalInteractions',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export const ACTIVITY_TYPES = ['portal_access', 'benefit_click', 'form_submission'] as const;
export const activitySchema = z.object({
  type: z.enum(ACTIVITY_TYPES),
  userEmail: z.string(),
  details: z.string(),
  timestamp: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

export const dailySchema = z.object({
  day: z.string(),
  portal_access: z.number(),
  benefit_click: z.number(),
  form_submission: z.number(),
});

export const summarySchema = z.object({
  data: z.object({
    totalPortalAccesses: z.number().int(),
    totalBenefitClicks: z.number().int(),
    totalFormSubmissions: z.number().int(),
    recentActivity: z.array(activitySchema),
    daily: z.array(dailySchema),
  }),
});
export type Summary = z.infer<typeof summarySchema>['data'];

/** Whose e-mails behind a benefit's counts: its clicks or its submissions, in the report's date window. */
export const benefitEmailsQuery = z.object({
  kind: z.enum(['click', 'submission'], { error: 'kind must be click or submission' }),
  startDate: isoDate().optional(),
  endDate: isoDate().optional(),
});
export const benefitReportQuery = z
  .object({
    page: z.coerce.number().int().min(1, 'page must be 1 or more').max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200, 'pageSize is at most 200').default(ANALYTICS_PAGE_SIZE),
    sortBy: z
      .enum(SORT_COLUMNS, { error: `sortBy must be one of ${SORT_COLUMNS.join(', ')}` })
      .default('totalInteractions'),
    sortDir: z.enum(['asc', 'desc'], { error: 'sortDir must be asc or desc' }).default('desc'),
    search: z.string().trim().max(200).optional(),
    startDate: isoDate().optional(),
    endDate: isoDate().optional(),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, 'startDate must not be after endDate');
export type BenefitReportQuery = z.output<typeof benefitReportQuery>;

export const benefitRowSchema = z.object({
  benefitId: z.string(),
  benefitTitle: z.string(),
  totalClicks: z.number().int(),
  totalSubmissions: z.number().int(),
  uniqueUsers: z.number().int(),
  totalInteractions: z.number().int(),
  clickEmails: z.array(z.string()),
  submissionEmails: z.array(z.string()),
  /** Bookings, check-ins, no-shows, releases, promotions (decision 017): bookings made in the date window. */
  attendance: attendanceSchema,
});
export type BenefitReportRow = z.infer<typeof benefitRowSchema>;

export const benefitReportSchema = z.object({
  data: z.object({
    benefits: z.array(benefitRowSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
    totalBenefits: z.number().int(),
  }),
});

/** 'Just now' under a minute, then minutes, hours, days ago (docs/spec/admin-and-rsvp.md §2). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const s = Math.max(0, Math.floor((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'Just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} minute${m === 1 ? '' : 's'} ago`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} hour${h === 1 ? '' : 's'} ago`;
  const d = Math.floor(h / 24);
  return `${d} day${d === 1 ? '' : 's'} ago`;
}

export const badgeTone = (n: number) => (n >= BADGE.green ? 'green' : n >= BADGE.yellow ? 'yellow' : 'grey');
