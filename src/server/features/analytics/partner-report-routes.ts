import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as reportApi from '#common/api/partner-report.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { downloadName } from '../../lib/download.ts';
import { guardedScope } from '../../lib/guarded-scope.ts';
import { HttpError } from '../../lib/http-error.ts';
import { perIpLimit } from '../../lib/member-write-limits.ts';
import { requireAdmin } from '../auth/index.ts';
import { partnerReport } from './partner-report.ts';
import { partnerReportPdf } from './partner-report-pdf.ts';
import { createReportLink, lastMinute, listReportLinks, openReportLink, revokeReportLink } from './report-links.ts';
import type { ReportRunner } from './report-runner.ts';

// Tokens are 256 random bits, so this only stops floods of the public report.
const SHARED_CALLS_PER_IP = 60;

const sendPdf = (reply: FastifyReply, title: string, pdf: Buffer) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="partner-report-${downloadName(title)}.pdf"`)
    .send(pdf);

/** A benefit's partner report (decision 017): admins read, download and share it; a link reads it alone. */
export const partnerReportRoutes =
  ({ db, config }: AppDeps, run: ReportRunner['run']): FastifyPluginAsyncZod =>
  async (app) => {
    // The admin's (and, where a route declares `partner`, the benefit's partner's): one guard for the scope
    // (decision 032).
    await guardedScope(app, requireAdmin(db, config.cookieSecure), (app) => {
      app.route({
        ...fromContract(reportApi.report),
        config: { partner: 'benefit' },
        handler: async (req) => run((rdb) => partnerReport(rdb, req.params.id)),
      });

      app.route({
        ...fromContract(reportApi.reportPdf),
        config: { partner: 'benefit' },
        handler: async (req, reply) => {
          const report = await run((rdb) => partnerReport(rdb, req.params.id));
          const pdf = await partnerReportPdf(report);
          await audited(db, req, async () => null, {
            action: 'partner_report.download',
            targetType: 'benefit',
            targetId: report.benefitId,
            leavesPlaces: true,
          });
          return sendPdf(reply, report.benefitTitle, pdf);
        },
      });

      app.route({ ...fromContract(reportApi.links), handler: async (req) => listReportLinks(db, req.params.id) });

      app.route({
        ...fromContract(reportApi.createLink),
        handler: async (req, reply) => {
          const benefitId = req.params.id;
          const input = { benefitId, expiresOn: req.body.expiresOn, createdBy: adminOf(req).email };
          const link = await audited(
            db,
            req,
            (tx) => createReportLink(tx, input),
            (l) => ({
              action: 'partner_report.link_create',
              targetType: 'benefit',
              targetId: benefitId,
              leavesPlaces: true,
              details: { linkId: l.id, expiresOn: l.expiresOn },
            }),
          );
          return reply.code(201).send(link);
        },
      });

      app.route({
        ...fromContract(reportApi.revokeLink),
        handler: async (req) => {
          const row = await audited(
            db,
            req,
            (tx) => revokeReportLink(tx, req.params.linkId),
            (r) => ({
              action: 'partner_report.link_revoke',
              targetType: 'benefit',
              targetId: r.benefitId,
              leavesPlaces: true,
              details: { linkId: r.id },
            }),
          );
          const { links } = await listReportLinks(db, row.benefitId);
          const link = links.find((l) => l.id === row.id);
          if (!link) throw new HttpError(404, 'Report link not found');
          return link;
        },
      });
    });

    // ---- the shared, read-only report: no sign-in, the token is the authority ----

    const limit = perIpLimit(app, 'partner-report', SHARED_CALLS_PER_IP);
    // The token is in the path: no cache (shared or not) keeps the report past its link.
    const noStore = async (_req: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
    };

    app.route({
      ...fromContract(reportApi.shared),
      onRequest: [limit, noStore],
      handler: async (req) => {
        const link = await openReportLink(db, req.params.token);
        const report = await run((rdb) => partnerReport(rdb, link.benefitId));
        return { report, expiresAtText: lastMinute(link.expiresAt, report.timeZone) };
      },
    });

    app.route({
      ...fromContract(reportApi.sharedPdf),
      onRequest: [limit, noStore],
      handler: async (req, reply) => {
        const link = await openReportLink(db, req.params.token);
        const report = await run((rdb) => partnerReport(rdb, link.benefitId));
        return sendPdf(reply, report.benefitTitle, await partnerReportPdf(report));
      },
    });
  };
