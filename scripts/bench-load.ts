import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig } from '../src/server/config.ts';
import type { Db } from '../src/server/db/client.ts';
import { authorizedEmails, sessions } from '../src/server/db/schema.ts';
import { memberCookieName } from '../src/server/features/auth/member-guard.ts';
import { hashToken, newToken } from '../src/server/lib/tokens.ts';
import { percentile } from './bench-support.ts';

/** Bench traffic stays on this machine. */
export const LOOPBACK = '127.0.0.1';

/** Listens on a free loopback port; returns the base URL. */
export async function listenLoopback(app: FastifyInstance) {
  await app.listen({ host: LOOPBACK, port: 0 });
  return `http://${LOOPBACK}:${(app.server.address() as AddressInfo).port}`;
}

/** The baseline: a bare Fastify answering a small JSON object, as the portal's hot reads do. */
export async function helloWorld(opts: { body?: Buffer; gzip?: Buffer } = {}) {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  // Fixed answers of a given size: what any server pays to send those bytes on this machine.
  const { body, gzip } = opts;
  if (body) app.get('/bytes', (_req, reply) => reply.type('application/json; charset=utf-8').send(body));
  if (gzip)
    app.get('/bytes-gzip', (_req, reply) =>
      reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(gzip),
    );
  const url = await listenLoopback(app);
  return { url, close: () => app.close() };
}

/**
 * `count` members with a live session each, written in bulk rather than by `count` logins. Tokens
 * are stored hashed, as sign-in stores them; returns the cookie header each member's browser sends.
 */
export async function benchMembers(db: Db, count: number, prefix: string) {
  const cookieName = memberCookieName(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).cookieSecure);
  const members = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}-${i}@bench.example`,
    firstName: 'Bench',
    lastName: `Member ${i}`,
    token: newToken(),
  }));
  const expiresAt = new Date(Date.now() + 7 * 86_400_000);
  for (let i = 0; i < members.length; i += 1000) {
    const chunk = members.slice(i, i + 1000);
    await db
      .insert(authorizedEmails)
      .values(chunk.map(({ email, firstName, lastName }) => ({ email, firstName, lastName })));
    await db.insert(sessions).values(
      chunk.map(({ email, firstName, lastName, token }) => ({
        tokenHash: hashToken(token),
        email,
        firstName,
        lastName,
        expiresAt,
      })),
    );
  }
  return members.map(({ email, token }) => ({ email, cookie: `${cookieName}=${token}` }));
}

/** p50 / p99 / max of latencies in milliseconds. */
export function latencySummary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}
