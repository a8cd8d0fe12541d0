import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifySchema } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { codeForStatus, ERROR_CODE } from '#common/error-codes.ts';
import { MSG } from '#common/messages.ts';
import type { AppDeps } from './app-deps.ts';
import { adminBenefitRoutes, adminMemberRoutes, partnerRoutes } from './features/admin/index.ts';
import {
  analyticsReportRoutes,
  openReportRunner,
  type ReportRunner,
  trackingRoutes,
} from './features/analytics/index.ts';
import { attendeeRoutes, bookingRoutes } from './features/attendees/index.ts';
import {
  adminAuthRoutes,
  adminPasskeyRoutes,
  loadAdmin,
  memberAuthRoutes,
  memberPasskeyRoutes,
  securityRoutes,
  setPasswordHashMemory,
} from './features/auth/index.ts';
import { benefitRoutes, memberBootData, partnerPageRoutes } from './features/benefits/index.ts';
import { checkInRoutes } from './features/check-in/index.ts';
import { configVersionRoutes } from './features/configurations/index.ts';
import { drawRoutes } from './features/draws/index.ts';
import { attendeeMessageRoutes } from './features/messages/index.ts';
import { mailAdminRoutes } from './features/notify/index.ts';
import { offerCodeRoutes } from './features/offers/index.ts';
import { releaseRoutes } from './features/release/index.ts';
import { dynamicRsvpRoutes, formRsvpRoutes, rsvpRoutes, sheetsRoutes } from './features/rsvp/index.ts';
import { transferRoutes } from './features/transfers/index.ts';
import { walletRoutes } from './features/wallet/index.ts';
import { apiTokenRoutes, apiV1Routes, webhookRoutes } from './features/webhooks/index.ts';
import { largeBodiesOnlyFor, MEMBER_BODY_MAX_BYTES, routeBodyLimits } from './lib/body-limits.ts';
import { syncHotCache } from './lib/cache-sync.ts';
import { HttpError } from './lib/http-error.ts';
import { imageInliner } from './lib/inline-image.ts';
import { speak, speakOr, words } from './lib/member-words.ts';
import { registerMemberWriteLimits } from './lib/member-write-limits.ts';
import { registerOpenApi } from './lib/openapi.ts';
import { isDataError } from './lib/pg-errors.ts';
import { fromRoot } from './lib/project-root.ts';
import { parseStorableJson, registerSafeInput } from './lib/safe-input.ts';
import { registerSecurity } from './lib/security.ts';
import { createSpaShell } from './lib/spa-shell.ts';
import { STORAGE_FULL_RETRY_SECONDS, storageFailure, storageHealth } from './lib/storage-full.ts';

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RegisteredRoute[];
    /** Reports' own connections and turns (decision 020). */
    reports: ReportRunner;
  }
}

/** A route as registered, with its schema (request and response): what the sweep and fuzz tests walk. */
export type RegisteredRoute = {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  /** How the route opens to partner accounts, if it does (decision 030): what the partner-view walk visits. */
  partner?: string;
};

const builtClientDir = fromRoot('dist/client');

export async function buildApp(deps: AppDeps) {
  setPasswordHashMemory(deps.config.passwordHashMemoryKib);
  const app = Fastify({
    logger: deps.config.logLevel === 'silent' ? false : { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    // Every route takes a member's largest body; admin routes and uploads more, from admins only (decision 045).
    bodyLimit: MEMBER_BODY_MAX_BYTES,
  }).withTypeProvider<ZodTypeProvider>();

  // Every route, as registered: the bad-input sweep and fuzz tests walk this list.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (r) => {
    // The API reference page's own files (hidden from the OpenAPI document, decision 054) are not API routes.
    if ((r.schema as { hide?: boolean } | undefined)?.hide) return;
    for (const method of [r.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: r.url, schema: r.schema, partner: r.config?.partner });
  });
  app.decorate('routeList', routes);
  app.addHook(
    'onRoute',
    routeBodyLimits(largeBodiesOnlyFor((req) => loadAdmin(deps.db, req, deps.config.cookieSecure))),
  );

  // Instances on one PostgreSQL hear each other's cache invalidations (docs/decisions/014).
  const stopCacheSync = await syncHotCache(deps.database, deps.db);
  app.addHook('onClose', stopCacheSync);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);

  registerSecurity(app, { hsts: deps.config.cookieSecure });
  registerSafeInput(app);
  // Only JSON bodies (and multipart on the admin's image upload): a cross-site <form> (urlencoded or text/plain) cannot post here.
  app.removeContentTypeParser('text/plain');

  // An empty JSON body is as good as {} for POSTs that carry no data (docs/spec/DESIGN.md §4).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, parseStorableJson(text));
    } catch (err) {
      if (err instanceof HttpError) return done(err, undefined);
      // Includes a RangeError from nesting too deep for the parser: still the sender's mistake.
      done(new HttpError(400, 'The request body is not valid JSON', ERROR_CODE.invalidJson), undefined);
    }
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ error: err.validation[0]?.message ?? MSG.badRequest, code: ERROR_CODE.badRequest });
    }
    if (isDataError(err)) return reply.code(400).send({ error: MSG.badRequest, code: ERROR_CODE.badRequest });
    const status = err.statusCode ?? 500;
    if (err instanceof HttpError && err.retryAfterSeconds) reply.header('retry-after', err.retryAfterSeconds);
    // A member's sentence is written in their language here, once the guard has read their profile (decision 072).
    const message = err instanceof HttpError && err.words ? speakOr(req, reply, err.words, err.message) : err.message;
    if (status >= 400 && status < 500) {
      const code = err instanceof HttpError ? err.code : codeForStatus(status);
      const extra = err instanceof HttpError ? err.extra : undefined;
      return reply.code(status).send({ ...extra, error: message || MSG.badRequest, code });
    }
    if (err instanceof HttpError) return reply.code(status).send({ error: message, code: err.code });
    req.log.error(err);
    // A full disk, or PostgreSQL short of another resource: the transaction rolled back, so try later (decision 048).
    const storage = storageFailure(err);
    if (storage === 'full') {
      storageHealth(deps.db).noteFull();
      reply.header('retry-after', STORAGE_FULL_RETRY_SECONDS);
      return reply.code(503).send({ error: MSG.storageFull, code: ERROR_CODE.storageFull });
    }
    if (storage === 'resources') {
      reply.header('retry-after', 5);
      return reply.code(503).send({ error: MSG.resourcesExhausted, code: ERROR_CODE.unavailable });
    }
    return reply.code(500).send({ error: speak(req, reply, words('srv.internal')), code: ERROR_CODE.internal });
  });

  // The folders on disks this process writes itself: a probe write there tells when a full disk has room again.
  storageHealth(deps.db).folders = [
    ...(deps.database.kind === 'pglite' ? [deps.config.dataDir] : []),
    ...(deps.config.mail.smtpUrl ? [] : [deps.config.mail.dir]),
  ];
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    // A disk-full error seen lately: writes would fail, so send traffic elsewhere for a while (decision 048).
    if (storageHealth(deps.db).isFull()) return reply.code(503).send({ status: 'unavailable', reason: 'storage_full' });
    try {
      await deps.db.execute(sql`select 1`);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(cookie);
  await registerMemberWriteLimits(app, deps.config.memberWriteLimits);
  await app.register(memberAuthRoutes(deps));
  await app.register(memberPasskeyRoutes(deps));
  await app.register(benefitRoutes(deps));
  await app.register(partnerPageRoutes(deps));
  await app.register(checkInRoutes(deps));
  await app.register(formRsvpRoutes(deps));
  await app.register(rsvpRoutes(deps));
  await app.register(bookingRoutes(deps));
  await app.register(walletRoutes(deps));
  await app.register(attendeeRoutes(deps));
  await app.register(offerCodeRoutes(deps));
  await app.register(drawRoutes(deps));
  await app.register(attendeeMessageRoutes(deps));
  await app.register(releaseRoutes(deps));
  await app.register(transferRoutes(deps));
  await app.register(trackingRoutes(deps));
  await app.register(adminAuthRoutes(deps));
  await app.register(securityRoutes(deps));
  await app.register(adminPasskeyRoutes(deps));
  await app.register(adminBenefitRoutes(deps));
  await app.register(adminMemberRoutes(deps));
  await app.register(partnerRoutes(deps));
  await app.register(dynamicRsvpRoutes(deps));
  await app.register(sheetsRoutes(deps));
  await app.register(configVersionRoutes(deps));
  // Reports run on connections and turns of their own, so members keep theirs whatever admins ask (DESIGN §7).
  const reports = openReportRunner(deps.database, deps.config.reports);
  app.decorate('reports', reports);
  app.addHook('onClose', reports.close);
  await app.register(analyticsReportRoutes(deps, reports));
  await app.register(mailAdminRoutes(deps));
  await app.register(webhookRoutes(deps));
  await app.register(apiTokenRoutes(deps));
  await app.register(apiV1Routes(deps));

  const clientDir = deps.clientDir ?? builtClientDir;
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  // Brotli / gzip copies are written at build time (scripts/compress-dist.ts); pages go through the shell below.
  if (hasClient) await app.register(fastifyStatic, { root: clientDir, preCompressed: true, index: false });
  const shell = hasClient ? createSpaShell(fs.readFileSync(indexFile, 'utf8'), clientDir) : null;
  const inlineImage = imageInliner(clientDir);
  // Every page is the SPA, with what its first paint needs inside the HTML.
  const page = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!shell) return reply.code(404).send({ error: 'Not found', code: ERROR_CODE.notFound });
    const pathname = req.url.split('?')[0] ?? '/';
    const boot = await memberBootData(deps.db, req, deps.config.cookieSecure, pathname, inlineImage).catch(
      (err: unknown) => {
        req.log.warn({ err }, 'page served without boot data'); // the client asks the API instead
        return { json: '{}', images: [] };
      },
    );
    return shell(req, reply, boot);
  };
  app.get('/', page);

  app.setNotFoundHandler((req, reply) => {
    // API paths and missing files (anything with an extension) are real 404s, not the SPA.
    const isFile = /\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    if (req.url.startsWith('/api/') || isFile || !hasClient || req.method !== 'GET') {
      return reply.code(404).send({ error: 'Not found', code: ERROR_CODE.notFound });
    }
    return page(req, reply); // the SPA's router answers the rest
  });

  return app;
}
