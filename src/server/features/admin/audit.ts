import { desc } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { adminAudit } from '../../db/schema.ts';

/** What each state-changing admin route does, in words an auditor reads. */
const ACTIONS: Record<string, [action: string, target: string]> = {
  'POST /api/admin/benefits': ['benefit.create', 'benefit'],
  'PUT /api/admin/benefits/:id': ['benefit.update', 'benefit'],
  'DELETE /api/admin/benefits/:id': ['benefit.delete', 'benefit'],
  'POST /api/upload-image': ['image.upload', 'image'],
  'POST /api/admin/rsvp-config': ['config.create', 'rsvp-config'],
  'PUT /api/admin/rsvp-config/:id': ['config.update', 'rsvp-config'],
  'POST /api/admin/rsvp-config/:id/deploy': ['config.deploy', 'rsvp-config'],
  'POST /api/admin/members': ['member.add', 'member'],
  'DELETE /api/admin/members/:email': ['member.remove', 'member'],
  'POST /api/admin/members/import': ['member.import', 'member-list'],
  'POST /api/admin/exports/retry': ['exports.retry', 'outbox'],
  'POST /api/admin/mail/retry': ['mail.retry', 'outbox'],
  'POST /api/admin/bookings/:bookingId/approve': ['booking.approve', 'booking'],
  'POST /api/admin/bookings/:bookingId/decline': ['booking.decline', 'booking'],
};

/** Records every successful state change an admin makes, after the answer is sent. */
export function registerAudit(app: FastifyInstance, db: Db) {
  // Callback style: every request passes here, and most (not admin, or reads) leave at once without a promise.
  app.addHook('onResponse', (req, reply, done) => {
    if (!req.admin || req.method === 'GET' || reply.statusCode >= 400) return done();
    const known = ACTIONS[`${req.method} ${req.routeOptions.url}`];
    if (!known) return done();
    recordAudit(db, req, known).then(
      () => done(),
      (err: unknown) => {
        req.log.error({ err }, 'audit entry not written');
        done();
      },
    );
  });
}

async function recordAudit(db: Db, req: FastifyRequest, [action, targetType]: [string, string]) {
  const params = (req.params ?? {}) as Record<string, string>;
  const body = (req.body ?? {}) as Record<string, unknown>;
  const targetId =
    params.id ??
    params.bookingId ??
    params.email ??
    (typeof body.email === 'string' ? body.email : null) ??
    (typeof body.benefitId === 'string' ? body.benefitId : null);
  const details: Record<string, unknown> = {};
  for (const key of ['benefitName', 'configName', 'benefitId'])
    if (typeof body[key] === 'string') details[key] = body[key];
  await db.insert(adminAudit).values({ adminEmail: req.admin?.email ?? '', action, targetType, targetId, details });
}

export const listAudit = (db: Db, limit = 200) =>
  db.select().from(adminAudit).orderBy(desc(adminAudit.at)).limit(limit);
