import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../src/common/webhooks.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Document = {
  openapi: string;
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
    // The app's onRoute list: routes defined in src/common/api/ and routes registered the older way alike.
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const route of api) {
      const label = `${route.method} ${route.url}`;
      const op = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!op) {
        problems.push(`${label}: missing`);
        continue;
      }
      const schema = route.schema ?? {};
      const named = (where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      if (schema.params && keysOf(jsonOf(schema.params)).some((k) => !named('path').includes(k)))
        problems.push(`${label}: path parameters`);
      if (schema.querystring && named('query').length === 0) problems.push(`${label}: query parameters`);
      if (schema.body && !op.requestBody?.content?.['application/json']?.schema) problems.push(`${label}: body`);
      for (const status of Object.keys(schema.response ?? {}))
        if (!op.responses?.[status]) problems.push(`${label}: response ${status}`);
    }
    expect(problems).toEqual([]);
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

/** A route's params schema (zod, or JSON Schema) as JSON Schema, to read its property names. */
const jsonOf = (schema: unknown) =>
  schema instanceof z.ZodType ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : schema;
