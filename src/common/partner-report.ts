import { z } from 'zod';
import { isoDate } from './dates.ts';

export { partnerReportPath } from './constants.ts';

export const REPORT_LINK_DEFAULT_DAYS = 30;
export const REPORT_LINK_MAX_DAYS = 366;

export const PARTNER_REPORT_MSG = {
  expired: 'This link has expired.',
  revoked: 'This link has been revoked.',
  invalid: 'This report link is not valid.',
  notFound: 'Benefit not found',
  expiryPast: 'The expiry date must be today or later.',
  expiryTooFar: `The expiry date must be within ${REPORT_LINK_MAX_DAYS} days.`,
  linkNotFound: 'Report link not found',
} as const;

/**
 * Attendance of a benefit's bookings (decision 017): bookings that got a place; check-ins; no-shows (confirmed, not
 * checked in, their event or slot over); releases through the link; promotions from the waitlist. The rate is
 * check-ins over check-ins plus no-shows, among bookings whose event or slot is over; null before any is over.
 */
export const attendanceSchema = z.object({
  bookings: z.number().int(),
  checkIns: z.number().int(),
  noShows: z.number().int(),
  releases: z.number().int(),
  promotions: z.number().int(),
  attendanceRate: z.number().nullable(),
  /** Fair draws (decision 031): entries made (withdrawn ones left out) and entries the draw gave a place. */
  drawEntries: z.number().int().optional(),
  drawWinners: z.number().int().optional(),
  /** Places a member handed on to someone else (decision 057): counted once, as the holder's booking. */
  transfers: z.number().int().optional(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/** The same bookings counted in people (each one's member and guests): places taken and people checked in. */
export const peopleSchema = z.object({ places: z.number().int(), checkedIn: z.number().int() });
export type People = z.infer<typeof peopleSchema>;

export const reportDaySchema = z.object({ day: z.string(), bookings: z.number().int(), checkIns: z.number().int() });
export type ReportDay = z.infer<typeof reportDaySchema>;

/** What a partner sees: counts only, never a member's e-mail or name. */
export const partnerReportSchema = z.object({
  benefitId: z.string(),
  benefitTitle: z.string(),
  /** The primary event's when and venue, in its own zone (common/event-time.ts); null when it has none. */
  when: z.string().nullable(),
  venue: z.string().nullable(),
  timeZone: z.string(),
  generatedAt: z.string(),
  totals: attendanceSchema,
  /** Bookings and check-ins in people; optional for reports made before it existed. */
  people: peopleSchema.optional(),
  /** Days in the event's zone, first to last booking or check-in (at most the last REPORT_MAX_DAYS). */
  daily: z.array(reportDaySchema),
  /** An offer with a code pool (decision 029): codes claimed and redeemed, in total and per day. */
  codes: z
    .object({
      total: z.number().int(),
      claimed: z.number().int(),
      redeemed: z.number().int(),
      daily: z.array(z.object({ day: z.string(), claimed: z.number().int(), redeemed: z.number().int() })),
    })
    .optional(),
});
export type PartnerReport = z.infer<typeof partnerReportSchema>;
export const REPORT_MAX_DAYS = 92;

export const benefitParams = z.object({ id: z.string().min(1).max(200) });
export const linkParams = z.object({ linkId: z.uuid('Report link not found') });
export const tokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{40,60}$/, PARTNER_REPORT_MSG.invalid),
});

export const createReportLinkBody = z
  .object({ expiresOn: isoDate().optional() })
  .optional()
  .transform((b) => b ?? {});

export const LINK_STATES = ['active', 'expired', 'revoked'] as const;
export const reportLinkSchema = z.object({
  id: z.string(),
  state: z.enum(LINK_STATES),
  createdBy: z.string(),
  createdAt: z.string(),
  /** The last day it works, and the instant it stops, both in the benefit's zone. */
  expiresOn: z.string(),
  expiresAtText: z.string(),
  revokedAt: z.string().nullable(),
});
export type ReportLink = z.infer<typeof reportLinkSchema>;
export const reportLinksSchema = z.object({ links: z.array(reportLinkSchema) });
/** The created link carries its address once: only a hash of the token is kept. */
export const createdReportLinkSchema = reportLinkSchema.extend({ path: z.string() });

export const sharedReportSchema = z.object({ report: partnerReportSchema, expiresAtText: z.string() });
export type SharedReport = z.infer<typeof sharedReportSchema>;

/** 0.875 -> '88%'; no figure yet -> '–'. */
export const rateText = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`);

/** What the report's figures mean, the same words on the page and in the PDF. */
export const REPORT_FOOTNOTE =
  'Bookings: bookings that got a place, including those later cancelled; places: their members and guests. ' +
  'Check-ins: bookings checked in at the door; people: their members and guests. No-shows: confirmed bookings not ' +
  'checked in once their event or slot was over. Attendance rate: check-ins over check-ins plus no-shows, for what ' +
  'is over.';

/** The report's tiles, the same on the page and in the PDF: label, figure, and for bookings the people they are. */
export function reportTiles(report: PartnerReport): [label: string, value: string, people?: string][] {
  const t = report.totals;
  const n = (v: number) => v.toLocaleString('en-GB');
  return [
    ['Bookings', n(t.bookings), report.people && `${n(report.people.places)} places`],
    ['Check-ins', n(t.checkIns), report.people && `${n(report.people.checkedIn)} people`],
    ['Attendance rate', rateText(t.attendanceRate)],
    ['No-shows', n(t.noShows)],
    ['Releases', n(t.releases)],
    ['Waitlist promotions', n(t.promotions)],
    ...(t.transfers ? ([['Places handed on', n(t.transfers)]] as [string, string][]) : []),
    ...(t.drawEntries
      ? ([
          ['Draw entries', n(t.drawEntries)],
          ['Drawn', n(t.drawWinners ?? 0)],
        ] as [string, string][])
      : []),
  ];
}
