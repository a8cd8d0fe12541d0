import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { StaffRole } from '#common/passes.ts';
import {
  WEBHOOK_LOG_LIMIT,
  WEBHOOK_MSG,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointBody,
  type webhookEndpointPatch,
} from '#common/webhooks.ts';
import type { Db, Tx } from '../../db/client.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Who is asking: an admin manages every endpoint, a partner only their own (decision 030). */
export type Viewer = { userId: string; email: string; role: StaffRole };

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64, the format its libraries read. */
export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** Partners reach the routes of webhooks and tokens for their own only (decision 030: 'own'; services scope by owner). */
export const OWN = { partner: 'own' } as const;

/** Who asks, from a request the admin guard let in. */
export async function viewerOf(db: Db, req: { admin: { email: string; role: StaffRole } | null }): Promise<Viewer> {
  const [row] = req.admin
    ? await db.select({ id: users.id }).from(users).where(eq(users.username, req.admin.email))
    : [];
  if (!req.admin || !row) throw new HttpError(401, WEBHOOK_MSG.notFound, ERROR_CODE.notSignedIn);
  return { userId: row.id, email: req.admin.email, role: req.admin.role };
}

/** An admin sees every row; anyone else only their own. */
export const ownedBy = (owner: PgColumn, viewer: Viewer) =>
  viewer.role === 'admin' ? undefined : eq(owner, viewer.userId);

type EndpointRow = typeof webhookEndpoints.$inferSelect;
const view = (row: EndpointRow, owner: string): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.eventTypes,
  secret: row.secret,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  owner,
  createdAt: row.createdAt.toISOString(),
});

const visibleTo = (viewer: Viewer) =>
  viewer.role === 'admin' ? undefined : eq(webhookEndpoints.ownerId, viewer.userId);

export async function listEndpoints(db: Db, viewer: Viewer): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select({ endpoint: webhookEndpoints, owner: users.username })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.ownerId))
    .where(visibleTo(viewer))
    .orderBy(webhookEndpoints.createdAt);
  return rows.map((r) => view(r.endpoint, r.owner));
}

/** The endpoint, if this viewer may manage it; else 404 (a partner learns nothing of others' endpoints). */
export async function endpointFor(db: Db | Tx, viewer: Viewer, id: string): Promise<WebhookEndpoint> {
  const [row] = await db
    .select({ endpoint: webhookEndpoints, owner: users.username })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.ownerId))
    .where(and(eq(webhookEndpoints.id, id), visibleTo(viewer)));
  if (!row) throw new HttpError(404, WEBHOOK_MSG.notFound, ERROR_CODE.notFound);
  return view(row.endpoint, row.owner);
}

export async function createEndpoint(tx: Tx, viewer: Viewer, body: Required<WebhookEndpointBody>) {
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({ ...body, secret: newSecret(), ownerId: viewer.userId })
    .returning();
  if (!row) throw new Error('insert returned nothing');
  return view(row, viewer.email);
}

export async function updateEndpoint(tx: Tx, viewer: Viewer, id: string, patch: z.output<typeof webhookEndpointPatch>) {
  const before = await endpointFor(tx, viewer, id);
  // Turned back on: its failures start counting afresh.
  const reenabled = patch.enabled === true ? { disabledReason: null, failingSince: null } : {};
  await tx
    .update(webhookEndpoints)
    .set({ ...patch, ...reenabled })
    .where(eq(webhookEndpoints.id, id));
  return endpointFor(tx, viewer, before.id);
}

/** A new secret; the old one still signs for a day beside it (Standard Webhooks: several signatures per header). */
export async function rotateSecret(tx: Tx, viewer: Viewer, id: string) {
  const before = await endpointFor(tx, viewer, id);
  await tx
    .update(webhookEndpoints)
    .set({ secret: newSecret(), previousSecret: before.secret, rotatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id));
  return endpointFor(tx, viewer, id);
}

export async function deleteEndpoint(tx: Tx, viewer: Viewer, id: string) {
  await endpointFor(tx, viewer, id);
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

/** "Send test event": an event for this endpoint alone, delivered like any other. */
export async function queueTestEvent(tx: Tx, viewer: Viewer, id: string) {
  const endpoint = await endpointFor(tx, viewer, id);
  await tx.insert(webhookEvents).values({
    type: WEBHOOK_TEST_EVENT,
    orderingKey: `test:${endpoint.id}`,
    benefitId: null,
    onlyEndpointId: endpoint.id,
    data: { message: 'A test event from the portal', endpointId: endpoint.id },
  });
}

/** The endpoint's newest deliveries, each with its tries (the log, kept WEBHOOK_LOG_DAYS). */
export async function listDeliveries(db: Db, viewer: Viewer, id: string): Promise<WebhookDelivery[]> {
  await endpointFor(db, viewer, id);
  const rows = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.seq, webhookDeliveries.eventSeq))
    .where(eq(webhookDeliveries.endpointId, id))
    .orderBy(desc(webhookDeliveries.eventSeq))
    .limit(WEBHOOK_LOG_LIMIT);
  const ids = rows.map((r) => r.delivery.id);
  const tries =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(desc(webhookAttempts.at));
  return rows.map(({ delivery, type }) => {
    const own = tries.filter((t) => t.deliveryId === delivery.id);
    return {
      id: delivery.id,
      type,
      status: delivery.status as WebhookDelivery['status'],
      attempts: delivery.attempts,
      nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISOString() : null,
      createdAt: delivery.createdAt.toISOString(),
      request: own[0]?.request ?? '',
      tries: own.map((t) => ({
        at: t.at.toISOString(),
        responseStatus: t.responseStatus,
        responseBody: t.responseBody,
        error: t.error,
        durationMs: t.durationMs,
      })),
    };
  });
}

/** Resend: the delivery goes again now, with a fresh retry window; the same webhook-id, so a receiver may dedupe. */
export async function resendDelivery(tx: Tx, viewer: Viewer, id: string, deliveryId: string) {
  await endpointFor(tx, viewer, id);
  const rows = await tx
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date(), createdAt: new Date(), doneAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, id)))
    .returning({ id: webhookDeliveries.id });
  if (rows.length === 0) throw new HttpError(404, WEBHOOK_MSG.deliveryNotFound, ERROR_CODE.notFound);
}
