import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDef } from '../../src/common/route-contract.ts';
import { WEBHOOK_EVENT_TYPES } from '../../src/common/webhooks.ts';
import { API_TOKEN_SCHEME } from '../../src/server/lib/contract-route.ts';
import { ROUTES_OUTSIDE_CONTRACT } from '../../src/server/lib/outside-contract.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Document = {
  openapi: string;
  components?: { securitySchemes?: Record<string, { type?: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post?: Operation & { parameters?: { in: string; name: string }[] } }>;
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.get('/api/openapi.json');
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

// Fastify's `/api/rsvp/:eventId` is OpenAPI's `/api/rsvp/{eventId}`.
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const keysOf = (schema: unknown) => Object.keys((schema as { properties?: object })?.properties ?? {});

describe('the OpenAPI document (docs/decisions/054)', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(doc as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every API route the app registers, with its schemas', () => {
    // The app's onRoute list: what the server registered, whatever it was registered from.
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(100);
    const problems = api.flatMap(({ method, url, schema = {} }) =>
      problemsOf(method, url, {
        pathParams: schema.params ? keysOf(jsonOf(schema.params)) : [],
        query: Boolean(schema.querystring),
        body: Boolean(schema.body),
        responses: Object.keys(schema.response ?? {}),
      }),
    );
    expect(problems).toEqual([]);
  });

  it('registers every route from the contract, but for the infrastructure listed as outside it', () => {
    const key = (method: string, url: string) => `${method} ${url}`;
    const defined = new Set(contractRoutes.map((d) => key(d.method, d.path)));
    const outside = new Set<string>(ROUTES_OUTSIDE_CONTRACT.map((r) => key(r.method, r.url)));
    const registered = t.app.routeList.map((r) => key(r.method, r.url));
    expect(registered.filter((r) => !defined.has(r) && !outside.has(r))).toEqual([]);
    expect([...defined].filter((d) => !registered.includes(d))).toEqual([]);
    expect([...outside].filter((o) => !registered.includes(o))).toEqual([]); // the list holds nothing stale
  });

  it('describes every contract route with its parameters, body, answers and, for a token, its scope', () => {
    expect(contractRoutes.length).toBeGreaterThan(100);
    const problems = contractRoutes.flatMap((def) =>
      problemsOf(def.method, def.path, {
        pathParams: [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
        query: Boolean(def.query),
        body: Boolean(def.body),
        responses: Object.keys(def.responses ?? {}),
        withContent: true,
        security: def.tokenScope ? [{ [API_TOKEN_SCHEME]: [def.tokenScope] }] : undefined,
      }),
    );
    expect(problems).toEqual([]);
    expect(doc.components?.securitySchemes?.[API_TOKEN_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    const tokenRoutes = contractRoutes.filter((d) => d.tokenScope).map((d) => d.path);
    expect(tokenRoutes.sort()).toEqual(['/api/v1/attendees', '/api/v1/bookings', '/api/v1/check-ins', '/api/v1/codes']);
  });

  it('describes every webhook an endpoint can ask for: its signed headers and its payload with the type fixed', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    const confirmed = doc.webhooks?.['booking.confirmed']?.post;
    expect(confirmed?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'header:webhook-id',
      'header:webhook-timestamp',
      'header:webhook-signature',
    ]);
    const body = confirmed?.requestBody?.content?.['application/json']?.schema as {
      properties?: { type?: { const?: string }; data?: object };
      required?: string[];
    };
    expect(body.properties?.type?.const).toBe('booking.confirmed');
    expect(body.required).toEqual(expect.arrayContaining(['type', 'timestamp', 'data']));
    // A form-answers change names the answers that changed (keys), beside the booking as it is now.
    const changed = doc.webhooks?.['booking.answers_changed']?.post?.requestBody?.content?.['application/json']
      ?.schema as { properties?: { data?: { properties?: object; required?: string[] } } };
    expect(changed.properties?.data?.required).toEqual(
      expect.arrayContaining(['bookingId', 'status', 'changedAnswers', 'changedBy']),
    );
  });

  it('serves a reference page from the app itself, with a CSP that lets its own scripts run', async () => {
    const page = await t.get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const script = await t.get('/api/docs/static/swagger-ui-bundle.js');
    expect(script.statusCode).toBe(200);
  });
});

type Parts = {
  pathParams: string[];
  query: boolean;
  body: boolean;
  responses: string[];
  /** Each answer's JSON schema too (a 204 has no body to describe), not only its status. */
  withContent?: boolean;
  security?: Operation['security'];
};

/** What the document's operation for a route lacks of what the route declares. */
function problemsOf(method: string, url: string, parts: Parts): string[] {
  const label = `${method} ${url}`;
  const op = doc.paths[openApiPath(url)]?.[method.toLowerCase()];
  if (!op) return [`${label}: missing`];
  const named = (where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
  const problems: string[] = [];
  if (parts.pathParams.some((k) => !named('path').includes(k))) problems.push(`${label}: path parameters`);
  if (parts.query && named('query').length === 0) problems.push(`${label}: query parameters`);
  if (parts.body && !op.requestBody?.content?.['application/json']?.schema) problems.push(`${label}: body`);
  for (const status of parts.responses) {
    const answer = op.responses?.[status];
    const described = !parts.withContent || status === '204' || answer?.content?.['application/json']?.schema;
    if (!answer || !described) problems.push(`${label}: response ${status}`);
  }
  if ('security' in parts && JSON.stringify(op.security) !== JSON.stringify(parts.security))
    problems.push(`${label}: security`);
  return problems;
}

/** Every route definition in src/common/api/, a map of routes by name (`attendeesApi.actions`) walked into. */
const contractRoutes: RouteDef[] = (() => {
  const modules = import.meta.glob<Record<string, unknown>>(
    ['../../src/common/api/*.ts', '!**/*.test.ts', '!**/schemas.ts'],
    { eager: true },
  );
  const found = new Set<RouteDef>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    const v = value as Partial<RouteDef>;
    if (typeof v.method === 'string' && typeof v.path === 'string') found.add(value as RouteDef);
    else for (const inner of Object.values(value)) walk(inner);
  };
  walk(Object.values(modules));
  return [...found];
})();

/** A route's params schema (zod, or JSON Schema) as JSON Schema, to read its property names. */
const jsonOf = (schema: unknown) =>
  schema instanceof z.ZodType ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : schema;
