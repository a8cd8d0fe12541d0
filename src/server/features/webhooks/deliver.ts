import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_LOG_DAYS, WEBHOOK_RETRY_WINDOW_MS } from '#common/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/client.ts';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.ts';
import { type OutboundAnswer, type OutboundRules, postOutbound } from '../../lib/safe-request.ts';
import { sharedFields } from '../auth/index.ts';
import { enqueueMail } from '../outbox/index.ts';

const BATCH = 20;
/**
 * A claimed delivery is hidden this long: if its process dies (kill -9), another run takes it up after. A batch's
 * tries run at once, so one request's bound and a margin cover it.
 */
export const leaseMs = (rules: Pick<OutboundRules, 'timeoutMs'>) => 2 * rules.timeoutMs + 10_000;
/** Standard Webhooks' suggested schedule, its last step repeated until the retry window ends. */
const SCHEDULE_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
export const webhookBackoffMs = (attempt: number) =>
  SCHEDULE_MS[Math.min(attempt, SCHEDULE_MS.length) - 1] ?? (SCHEDULE_MS[0] as number);
/** The answer kept in the log, and the most of it read. */
export const LOG_BODY_BYTES = 2048;
// After a rotation the old secret signs too for this long, so a receiver can switch without losing a delivery.
const ROTATION_OVERLAP_MS = 24 * 3600_000;

type Claimed = { id: string; endpointId: string; eventSeq: number; attempts: number; createdAt: Date };

/** Writes a delivery for every event not yet fanned out and every enabled endpoint that wants it (and may see it). */
export async function fanOut(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const events = rowsOf<{ seq: number }>(
      await tx.execute(sql`
        select seq from webhook_events where fanned_out_at is null
        order by seq limit 500 for update skip locked`),
    );
    if (events.length === 0) return 0;
    const seqs = JSON.stringify(events.map((e) => Number(e.seq)));
    await tx.execute(sql`
      insert into webhook_deliveries (endpoint_id, event_seq, ordering_key)
      select ep.id, ev.seq, ev.ordering_key
      from webhook_events ev
      join webhook_endpoints ep on (
        ev.only_endpoint_id = ep.id
        or (ev.only_endpoint_id is null and ep.enabled and ep.event_types ? ev.type and (
          (select role from users u where u.id = ep.owner_id) = 'admin'
          or exists (select 1 from partner_benefits pb where pb.user_id = ep.owner_id and pb.benefit_id = ev.benefit_id))))
      where ev.seq in (select (jsonb_array_elements_text(${seqs}::jsonb))::bigint)
      on conflict do nothing`);
    await tx.execute(sql`
      update webhook_events set fanned_out_at = now()
      where seq in (select (jsonb_array_elements_text(${seqs}::jsonb))::bigint)`);
    return events.length;
  });
}

/** Claims due deliveries, each the first pending one of its booking for its endpoint: a booking's events go in order. */
async function claim(db: Db, now: Date, lease: number): Promise<Claimed[]> {
  const rows = rowsOf<{ id: string; endpoint_id: string; event_seq: string; attempts: number; created_at: string }>(
    await db.execute(sql`
      with due as (
        select d.id from webhook_deliveries d
        join webhook_endpoints ep on ep.id = d.endpoint_id and ep.enabled
        where d.status = 'pending' and d.next_attempt_at <= ${now.toISOString()}::timestamptz
          and not exists (
            select 1 from webhook_deliveries p
            where p.endpoint_id = d.endpoint_id and p.ordering_key = d.ordering_key
              and p.status = 'pending' and p.event_seq < d.event_seq)
        order by d.event_seq
        limit ${BATCH}
        for update of d skip locked)
      update webhook_deliveries w
      set attempts = w.attempts + 1,
          next_attempt_at = ${new Date(now.getTime() + lease).toISOString()}::timestamptz
      from due where w.id = due.id
      returning w.id, w.endpoint_id, w.event_seq, w.attempts, w.created_at`),
  );
  return rows
    .map((r) => ({
      id: r.id,
      endpointId: r.endpoint_id,
      eventSeq: Number(r.event_seq),
      attempts: r.attempts,
      createdAt: new Date(r.created_at),
    }))
    .sort((a, b) => a.eventSeq - b.eventSeq);
}

/** A partner's endpoint hears of an attendee only what the organiser shares with partners (decision 046). */
async function forOwner(db: Db, role: string, benefitId: string | null, data: Record<string, unknown>) {
  const attendee = data.attendee as Record<string, unknown> | undefined;
  if (role === 'admin' || !attendee) return data;
  const fields = new Set(await sharedFields(db, benefitId));
  const kept = {
    ...(fields.has('name')
      ? { firstName: attendee.firstName, lastName: attendee.lastName, fullName: attendee.fullName }
      : {}),
    ...(fields.has('email') ? { email: attendee.email } : {}),
    ...(fields.has('phone') ? { phone: attendee.phone } : {}),
  };
  // A transfer's recipient is an attendee too: their address goes only where e-mails are shared.
  const { toEmail, ...rest } = data;
  return { ...rest, ...(fields.has('email') && toEmail !== undefined ? { toEmail } : {}), attendee: kept };
}

/** The signature header: the current secret's, and the previous one's for a day after a rotation. */
function signatures(endpoint: typeof webhookEndpoints.$inferSelect, id: string, at: Date, body: string, now: Date) {
  const secrets = [endpoint.secret];
  if (
    endpoint.previousSecret &&
    endpoint.rotatedAt &&
    now.getTime() - endpoint.rotatedAt.getTime() < ROTATION_OVERLAP_MS
  )
    secrets.push(endpoint.previousSecret);
  return secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' ');
}

/** One try of one delivery: signed, sent through the safe client, logged, and its outcome recorded. */
async function attempt(db: Db, rules: OutboundRules, job: Claimed, now: Date) {
  const [row] = await db
    .select({ endpoint: webhookEndpoints, event: webhookEvents, owner: users })
    .from(webhookEndpoints)
    .innerJoin(users, eq(users.id, webhookEndpoints.ownerId))
    .innerJoin(webhookEvents, eq(webhookEvents.seq, job.eventSeq))
    .where(eq(webhookEndpoints.id, job.endpointId));
  if (!row) return; // the endpoint was deleted meanwhile: its deliveries went with it
  const { endpoint, event, owner } = row;
  if (!endpoint.enabled) {
    // Turned off by a try before it in this batch: it waits, untried, for the endpoint to be turned back on.
    await db
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} - 1`, nextAttemptAt: now })
      .where(eq(webhookDeliveries.id, job.id));
    return;
  }
  const data = await forOwner(db, owner.role, event.benefitId, event.data);
  const body = JSON.stringify({ type: event.type, timestamp: event.createdAt.toISOString(), data });
  const msgId = `msg_${job.id}`;
  const headers = {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': signatures(endpoint, msgId, now, body, now),
    'user-agent': 'PassPortal-Webhooks/1',
  };
  let answer: OutboundAnswer | null = null;
  let error: string | null = null;
  const started = performance.now();
  try {
    answer = await postOutbound(endpoint.url, body, headers, { ...rules, maxBodyBytes: LOG_BODY_BYTES });
  } catch (err) {
    error = String((err as Error).message ?? err).slice(0, 500);
  }
  const ok = answer !== null && answer.status >= 200 && answer.status < 300;
  await recordOutcome(db, { job, endpoint, owner: owner.username, answer, error, ok, body, now, started });
}

type Outcome = {
  job: Claimed;
  endpoint: typeof webhookEndpoints.$inferSelect;
  owner: string;
  answer: OutboundAnswer | null;
  error: string | null;
  ok: boolean;
  body: string;
  now: Date;
  started: number;
};

/** The try's log row, the delivery's new state and, after a 410 or a whole window of failures, the endpoint off. */
async function recordOutcome(db: Db, o: Outcome) {
  const { job, endpoint, answer, ok, now } = o;
  const gone = answer?.status === 410;
  const windowOver = now.getTime() - job.createdAt.getTime() > WEBHOOK_RETRY_WINDOW_MS;
  const failingSince = endpoint.failingSince ?? now;
  const longFailing = !ok && now.getTime() - failingSince.getTime() > WEBHOOK_RETRY_WINDOW_MS;
  await db.transaction(async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: job.id,
      at: now,
      request: o.body,
      responseStatus: answer?.status ?? null,
      responseBody: answer ? answer.body : null,
      error: o.error,
      durationMs: answer?.durationMs ?? Math.round(performance.now() - o.started),
    });
    await tx
      .update(webhookDeliveries)
      .set(
        ok
          ? { status: 'delivered', doneAt: now, lastStatus: answer?.status ?? null, lastError: null }
          : {
              status: gone || windowOver ? 'failed' : 'pending',
              doneAt: gone || windowOver ? now : null,
              nextAttemptAt: new Date(now.getTime() + webhookBackoffMs(job.attempts)),
              lastStatus: answer?.status ?? null,
              lastError: o.error ?? `HTTP ${answer?.status}`,
            },
      )
      .where(eq(webhookDeliveries.id, job.id));
    if (ok) {
      if (endpoint.failingSince)
        await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    const reason = gone
      ? 'The receiver answered 410 Gone'
      : longFailing
        ? 'Every delivery failed for three days'
        : null;
    if (!reason) {
      await tx.update(webhookEndpoints).set({ failingSince }).where(eq(webhookEndpoints.id, endpoint.id));
      return;
    }
    // Conditional: of several tries that fail at once, one turns it off and mails.
    const [turnedOff] = await tx
      .update(webhookEndpoints)
      .set({ failingSince, enabled: false, disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (turnedOff)
      await enqueueMail(tx, {
        purpose: 'webhook-disabled',
        to: o.owner,
        subject: 'A webhook endpoint was turned off',
        text: `${reason}, so the portal stopped sending events to ${endpoint.url}.\n\nIts deliveries wait: turn the endpoint back on from the Webhooks page once the receiver is ready, and they go out in order.`,
      });
  });
}

/** Fans out new events, then sends every due delivery (each booking's in order); answers how many were tried. */
export async function runWebhooksOnce(db: Db, rules: OutboundRules, clock = () => new Date()): Promise<number> {
  await fanOut(db);
  let tried = 0;
  // A booking's next event becomes due only when the one before it is done: a few rounds send a burst in one run.
  for (let round = 0; round < 5; round++) {
    const claimed = await claim(db, clock(), leaseMs(rules));
    if (claimed.length === 0) break;
    // Each is the head of its own booking's line, so they may go at once: one slow receiver holds up no other.
    await Promise.all(claimed.map((job) => attempt(db, rules, job, clock())));
    tried += claimed.length;
  }
  return tried;
}

/** The log keeps WEBHOOK_LOG_DAYS: older events go, with their finished deliveries and tries. */
export async function pruneWebhookLog(db: Db, now = new Date()) {
  const before = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 24 * 3600_000).toISOString();
  await db.execute(sql`
    delete from webhook_events ev where ev.created_at < ${before}::timestamptz and ev.fanned_out_at is not null
      and not exists (select 1 from webhook_deliveries d where d.event_seq = ev.seq and d.status = 'pending')`);
}
