import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { type BenefitReportQuery, SORT_COLUMNS } from '#common/analytics-report.ts';
import type { Db } from '../../db/client.ts';
import { benefitClickLogs, benefits, bookings, eventSlots, events, formSubmissionLogs } from '../../db/schema.ts';
import { safeCsvLine } from '../../lib/csv.ts';
import { answerColumns, answerFields, answerText } from '../configurations/index.ts';
import type { ReportRunner } from './report-runner.ts';
import { benefitReport } from './reports.ts';

const PAGE = 200;

/**
 * The benefit report as CSV, streamed page by page so a large report never sits in memory. Each page is its own turn
 * on the reports' connections; the first is read before answering, so a busy or slow report answers a clean 503.
 */
export async function benefitReportCsv(
  run: ReportRunner['run'],
  q: Omit<BenefitReportQuery, 'page' | 'pageSize'>,
): Promise<Readable> {
  const pageOf = (page: number) =>
    run((db) => benefitReport(db, { ...q, page, pageSize: PAGE, sortBy: q.sortBy ?? SORT_COLUMNS[4] }));
  const first = await pageOf(1);
  async function* lines() {
    yield safeCsvLine(['Benefit ID', 'Benefit', 'Clicks', 'Submissions', 'Unique users', 'Total interactions']);
    for (let page = 1, r = first; ; r = await pageOf(++page)) {
      for (const b of r.benefits)
        yield safeCsvLine([
          b.benefitId,
          b.benefitTitle,
          b.totalClicks,
          b.totalSubmissions,
          b.uniqueUsers,
          b.totalInteractions,
        ]);
      if (page >= r.totalPages) break;
    }
  }
  return Readable.from(lines());
}

/**
 * Everyone booked on a benefit's events (RSVP list), streamed in pages: the booking's facts, then one column per
 * field of the benefit's live form with the answers as typed (decision 012). Pages run as the report above.
 */
export async function rsvpListCsv(run: ReportRunner['run'], benefitId: string): Promise<Readable> {
  const pageAt = (db: Db, offset: number) =>
    db
      .select({ b: bookings, e: events, s: eventSlots })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .leftJoin(eventSlots, eq(eventSlots.id, bookings.slotId))
      .where(eq(events.benefitId, benefitId))
      .orderBy(asc(bookings.createdAt), asc(bookings.id))
      .limit(PAGE)
      .offset(offset);
  const { fields, first } = await run(async (db) => ({
    fields: await liveFields(db, benefitId),
    first: await pageAt(db, 0),
  }));
  async function* lines() {
    yield safeCsvLine([
      'Event',
      'Email',
      'First name',
      'Last name',
      'Full name',
      'Phone',
      'Date',
      'Time slot',
      'Guests',
      'Total attendees',
      'Status',
      'Booked at',
      ...fields.map((f) => f.label),
    ]);
    let rows = first;
    for (let offset = PAGE; ; offset += PAGE) {
      for (const { b, e, s } of rows) {
        yield safeCsvLine([
          e.title,
          b.email,
          b.firstName,
          b.lastName,
          b.fullName,
          b.phoneNumber,
          s?.slotDate,
          s?.slotTime,
          b.guestCount,
          b.places,
          b.status,
          b.createdAt,
          ...fields.map((f) => answerText(b.data?.[f.key])),
        ]);
      }
      if (rows.length < PAGE) break;
      const at = offset;
      rows = await run((db) => pageAt(db, at));
    }
  }
  return Readable.from(lines());
}

/** The live form's fields in order, less the timestamp and what the list's own columns show. */
async function liveFields(db: Db, benefitId: string) {
  const { labels, shown } = await answerFields(db, benefitId);
  return answerColumns([], labels, shown);
}

/** The benefit's title; for one that only the logs remember (its row is gone), the title they recorded. */
export async function benefitTitle(db: Db, benefitId: string) {
  const [row] = await db.select({ title: benefits.title }).from(benefits).where(eq(benefits.id, benefitId));
  if (row) return row.title;
  const [clicked] = await db
    .select({ title: benefitClickLogs.benefitTitle })
    .from(benefitClickLogs)
    .where(eq(benefitClickLogs.benefitId, benefitId))
    .limit(1);
  if (clicked) return clicked.title;
  const [submitted] = await db
    .select({ title: formSubmissionLogs.benefitTitle })
    .from(formSubmissionLogs)
    .where(eq(formSubmissionLogs.benefitId, benefitId))
    .limit(1);
  return submitted?.title ?? null;
}
