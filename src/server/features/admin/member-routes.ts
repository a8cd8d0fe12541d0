import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountEmailParams,
  adminAccountRowSchema,
  adminAccountSchema,
  adminAccountsSchema,
  importPreviewSchema,
  importReportSchema,
  MEMBER_CSV_MAX_BYTES,
  memberCsvSchema,
  memberInputSchema,
  memberListQuery,
  memberListSchema,
} from '#common/admin.ts';
import * as auditApi from '#common/api/audit.ts';
import { okSchema } from '#common/auth.ts';
import { memberSavedSchema } from '#common/route-answers.ts';
import type { AppDeps } from '../../app-deps.ts';
import { adminOf } from '../../lib/admin-of.ts';
import { type AuditEntry, audited } from '../../lib/audited.ts';
import { textUploadBodyLimit } from '../../lib/body-limits.ts';
import { fromContract } from '../../lib/contract-route.ts';
import { HttpError } from '../../lib/http-error.ts';
import {
  importMembers,
  listAccounts,
  pageMembers,
  previewImport,
  removeAccount,
  removeMember,
  requireAdmin,
  upsertAdmin,
  upsertMember,
} from '../auth/index.ts';
import { listAudit } from './audit.ts';

/** The member allow-list, on the same service as the CLI. */
export const adminMemberRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route here is an admin's: the guard is registered once for this plugin's scope (Fastify encapsulation).
    app.addHook('preValidation', requireAdmin(db, config.cookieSecure));

    app.route({
      ...fromContract(auditApi.list),
      handler: async () => ({ entries: (await listAudit(db)).map((e) => ({ ...e, at: e.at.toISOString() })) }),
    });

    app.get('/api/admin/accounts', { schema: { response: { 200: adminAccountsSchema } } }, async () => ({
      accounts: await listAccounts(db),
    }));

    app.post(
      '/api/admin/accounts',
      { schema: { body: adminAccountSchema, response: { 201: adminAccountRowSchema } } },
      async (req, reply) => {
        const { email, password, role, benefitIds } = req.body;
        const entry: AuditEntry = {
          action: 'account.save',
          targetType: 'account',
          targetId: email,
          details: role === 'partner' ? { role, benefitIds } : { role },
          leavesPlaces: true as const,
        };
        await audited(db, req, (tx) => upsertAdmin(tx, { email, password, role, benefitIds }), entry);
        const saved = (await listAccounts(db)).find((a) => a.email === email);
        return reply.code(201).send(saved ?? { email, role, createdAt: new Date().toISOString() });
      },
    );

    app.delete(
      '/api/admin/accounts/:email',
      { schema: { params: accountEmailParams, response: { 200: okSchema } } },
      async (req) => {
        const entry: AuditEntry = {
          action: 'account.remove',
          targetType: 'account',
          targetId: req.params.email,
          leavesPlaces: true as const,
        };
        await audited(db, req, (tx) => removeAccount(tx, req.params.email, adminOf(req).email), entry);
        return { success: true as const };
      },
    );

    app.get(
      '/api/admin/members',
      { schema: { querystring: memberListQuery, response: { 200: memberListSchema } } },
      async (req) => pageMembers(db, req.query),
    );

    app.post(
      '/api/admin/members',
      { schema: { body: memberInputSchema, response: { 201: memberSavedSchema } } },
      async (req, reply) => {
        const entry: AuditEntry = {
          action: 'member.add',
          targetType: 'member',
          targetId: req.body.email,
          leavesPlaces: true as const,
        };
        const outcome = await audited(db, req, (tx) => upsertMember(tx, req.body), entry);
        return reply.code(201).send({ outcome });
      },
    );

    app.delete(
      '/api/admin/members/:email',
      {
        schema: { params: z.object({ email: z.string().min(3).max(320) }), response: { 200: okSchema } },
      },
      async (req) => {
        const entry: AuditEntry = { action: 'member.remove', targetType: 'member', targetId: req.params.email };
        await audited(
          db,
          req,
          async (tx) => {
            if (!(await removeMember(tx, req.params.email))) throw new HttpError(404, 'No member with that e-mail');
          },
          entry,
        );
        return { success: true as const };
      },
    );

    /** The member CSV as a JSON string: more than an admin's JSON (decision 045). */
    const csvFile = textUploadBodyLimit(MEMBER_CSV_MAX_BYTES);
    app.post(
      '/api/admin/members/import/preview',
      { bodyLimit: csvFile, schema: { body: memberCsvSchema, response: { 200: importPreviewSchema } } },
      async (req) => previewImport(db, req.body.csv),
    );

    app.post(
      '/api/admin/members/import',
      { bodyLimit: csvFile, schema: { body: memberCsvSchema, response: { 200: importReportSchema } } },
      async (req) =>
        audited(
          db,
          req,
          (tx) => importMembers(tx, req.body.csv),
          (report) => ({
            action: 'member.import',
            targetType: 'member-list',
            details: { added: report.added, updated: report.updated, rejected: report.rejected.length },
          }),
        ),
    );
  };
