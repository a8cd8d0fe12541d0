import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEMBER_CSV_MAX_BYTES } from '#common/admin.ts';
import * as auditApi from '#common/api/audit.ts';
import * as membersApi from '#common/api/members.ts';
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

    app.route({
      ...fromContract(membersApi.accounts),
      handler: async () => ({
        accounts: await listAccounts(db),
      }),
    });

    app.route({
      ...fromContract(membersApi.saveAccount),
      handler: async (req, reply) => {
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
    });

    app.route({
      ...fromContract(membersApi.removeAccount),
      handler: async (req) => {
        const entry: AuditEntry = {
          action: 'account.remove',
          targetType: 'account',
          targetId: req.params.email,
          leavesPlaces: true as const,
        };
        await audited(db, req, (tx) => removeAccount(tx, req.params.email, adminOf(req).email), entry);
        return { success: true as const };
      },
    });

    app.route({ ...fromContract(membersApi.list), handler: async (req) => pageMembers(db, req.query) });

    app.route({
      ...fromContract(membersApi.add),
      handler: async (req, reply) => {
        const entry: AuditEntry = {
          action: 'member.add',
          targetType: 'member',
          targetId: req.body.email,
          leavesPlaces: true as const,
        };
        const outcome = await audited(db, req, (tx) => upsertMember(tx, req.body), entry);
        return reply.code(201).send({ outcome });
      },
    });

    app.route({
      ...fromContract(membersApi.remove),
      handler: async (req) => {
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
    });

    /** The member CSV as a JSON string: more than an admin's JSON (decision 045). */
    const csvFile = textUploadBodyLimit(MEMBER_CSV_MAX_BYTES);
    app.route({
      ...fromContract(membersApi.previewImport),
      bodyLimit: csvFile,
      handler: async (req) => previewImport(db, req.body.csv),
    });

    app.route({
      ...fromContract(membersApi.applyImport),
      bodyLimit: csvFile,
      handler: async (req) =>
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
    });
  };
