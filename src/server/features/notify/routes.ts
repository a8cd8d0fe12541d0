import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as mailApi from '#common/api/mail.ts';
import { MAIL_MSG } from '#common/mail.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audited } from '../../lib/audited.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireAdmin } from '../auth/index.ts';
import { listMail, mailFile, retryFailedMail } from './mail-admin.ts';

/** The admin Outbox: what mail the portal queued, its .eml copies (file mode), and retrying failures. */
export const mailAdminRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's: the guard is registered once, for this plugin's own scope (decision 032).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));

    app.route({
      ...fromContract(mailApi.list),
      handler: async (req) => ({
        ...(await listMail(db, config.mail, req.query)),
        mode: config.mail.smtpUrl ? ('smtp' as const) : ('file' as const),
      }),
    });

    app.route({
      ...fromContract(mailApi.eml),
      handler: async (req, reply) => {
        if (config.mail.smtpUrl) throw new HttpError(404, MAIL_MSG.noFiles);
        const file = await mailFile(config.mail, req.params.id);
        if (!file) throw new HttpError(404, MAIL_MSG.notFound);
        return reply
          .type('message/rfc822')
          .header('content-disposition', `attachment; filename="${path.basename(file)}"`)
          .header('cache-control', 'no-store')
          .send(fs.createReadStream(file));
      },
    });

    app.route({
      ...fromContract(mailApi.retry),
      handler: async (req) => ({
        retried: await audited(db, req, (tx) => retryFailedMail(tx), {
          action: 'mail.retry',
          targetType: 'outbox',
          leavesPlaces: true,
        }),
      }),
    });
  };
