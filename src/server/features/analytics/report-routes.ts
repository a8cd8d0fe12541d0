import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as analyticsApi from '#common/api/analytics.ts';
import type { AppDeps } from '../../app-deps.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { downloadName } from '../../lib/download.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireAdmin } from '../auth/index.ts';
import { countDaysIn } from './analytics-zone.ts';
import { benefitReportCsv, benefitTitle, rsvpListCsv } from './exports.ts';
import { partnerReportRoutes } from './partner-report-routes.ts';
import type { ReportRunner } from './report-runner.ts';
import { benefitEmails, benefitReport, summary } from './reports.ts';

/**
 * Admin analytics (docs/spec/admin-and-rsvp.md §2, §7) and its CSV exports; admins only. Every read runs through `reports` (its own
 * connections, decision 020); sign-in checks stay on the main pool.
 */
export const analyticsReportRoutes =
  (deps: AppDeps, { run }: ReportRunner): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    await countDaysIn(db, config.organiserTimeZone);
    await app.register(partnerReportRoutes(deps, run)); // attendance and the partner report (decision 017)

    // The admin's reports and exports: one guard for the scope (decision 032); the partner report's routes above
    // guard themselves, as its shared link is public.
    await guardedScope(app, requireAdmin(db, config.cookieSecure), (app) => {
      app.route({
        ...fromContract(analyticsApi.summary),
        handler: async () => ({
          data: await run(summary),
        }),
      });

      app.route({
        ...fromContract(analyticsApi.benefits),
        handler: async (req) => ({
          data: await run((rdb) => benefitReport(rdb, req.query)),
        }),
      });

      app.route({
        ...fromContract(analyticsApi.emails),
        handler: async (req) => ({
          data: { emails: await run((rdb) => benefitEmails(rdb, req.params.id, req.query.kind, req.query)) },
        }),
      });

      app.route({
        ...fromContract(analyticsApi.benefitsCsv),
        handler: async (req, reply) =>
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="benefit-analytics.csv"')
            .send(await benefitReportCsv(run, req.query)),
      });

      app.route({
        ...fromContract(analyticsApi.rsvpsCsv),
        handler: async (req, reply) => {
          const title = await run((rdb) => benefitTitle(rdb, req.params.id));
          if (!title) throw new HttpError(404, 'Benefit not found');
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="rsvps-${downloadName(title)}.csv"`)
            .send(await rsvpListCsv(run, req.params.id));
        },
      });
    });
  };
