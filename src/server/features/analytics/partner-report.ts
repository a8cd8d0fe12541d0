import { eq } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, formatInstant, formatSchedule } from '#common/event-time.ts';
import { PARTNER_REPORT_MSG, type PartnerReport } from '#common/partner-report.ts';
import type { Db, Tx } from '../../db/client.ts';
import { benefits } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { primaryEvent } from '../benefits/index.ts';
import { venueOf } from '../booking-rules/index.ts';
import { attendanceByBenefit, dailyAttendance, NO_ATTENDANCE, peopleOf } from './attendance.ts';
import { offerCodeReport } from './offer-code-report.ts';

/** The benefit a report is about, with the zone its times are read in (its primary event's). */
export async function reportSubject(db: Db | Tx, benefitId: string) {
  const [benefit] = await db
    .select({ id: benefits.id, title: benefits.title })
    .from(benefits)
    .where(eq(benefits.id, benefitId));
  if (!benefit) throw new HttpError(404, PARTNER_REPORT_MSG.notFound);
  const event = await primaryEvent(db, benefitId);
  return { benefit, event, timeZone: event?.timeZone || DEFAULT_TIME_ZONE };
}

/** A benefit's partner report: totals, attendance rate and the daily chart, counts only (no member's name or e-mail). */
export async function partnerReport(db: Db, benefitId: string, now = new Date()): Promise<PartnerReport> {
  const { benefit, event, timeZone } = await reportSubject(db, benefitId);
  const scope = { now };
  const [totals, daily, people, codes] = await Promise.all([
    attendanceByBenefit(db, [benefitId], scope),
    dailyAttendance(db, benefitId, scope),
    peopleOf(db, benefitId, scope),
    offerCodeReport(db, benefitId, timeZone),
  ]);
  return {
    benefitId: benefit.id,
    benefitTitle: benefit.title,
    when: event ? formatSchedule(event) : null,
    venue: event ? venueOf(event) || null : null,
    timeZone,
    generatedAt: formatInstant(now, timeZone),
    totals: totals.get(benefitId) ?? NO_ATTENDANCE,
    people,
    daily,
    ...(codes ? { codes } : {}),
  };
}
