import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TOKEN_SCOPES } from '#common/api-tokens.ts';
import { API_TOKEN_SCHEME } from './contract-route.ts';
import type { ZodApp } from './guarded-scope.ts';
import { webhookDescriptions } from './openapi-webhooks.ts';

/** Where the reference page for organisers and partners is served (docs/api.md). */
export const API_DOCS_PREFIX = '/api/docs';

// Swagger UI's page: its own scripts and styles from node_modules (no CDN), inline styles for its widgets.
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const openApiDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

/** The reference page's group of a route: its feature's segment (`/api/rsvp/…` is rsvp, `/api/admin/members` admin/members). */
const tagOf = (url: string) => {
  const [, , first, second] = url.split('/');
  return first === 'admin' && second && !second.startsWith(':') ? `admin/${second}` : (first ?? 'api');
};

/**
 * The OpenAPI 3.1 document of every `/api/` route as registered, with its zod schemas as JSON Schema
 * (docs/decisions/054): at `/api/openapi.json`, readable at `/api/docs`. Registered before the routes, whose
 * registration it watches; pages and static files are not the API, so they stay out of it.
 */
export async function registerOpenApi(app: ZodApp) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Members portal API',
        version: '1',
        description: 'Errors are JSON `{error, code}` with a stable code (docs/spec/member-portal.md §7).',
      },
      webhooks: webhookDescriptions(),
      components: {
        securitySchemes: {
          [API_TOKEN_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description: `A \`ppt_…\` token from Admin → API tokens (decision 058). Each route names the scope it needs: ${API_TOKEN_SCOPES.join(', ')}. Limited per token a minute: over it, 429 \`rate_limited\` with \`Retry-After\`.`,
          },
        },
      },
    },
    transform: (args) => {
      const transformed = jsonSchemaTransform(args);
      if (!args.url.startsWith('/api/')) return { ...transformed, schema: { ...transformed.schema, hide: true } };
      return { ...transformed, schema: { tags: [tagOf(args.url)], ...transformed.schema } };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  const schema = { summary: 'This document: the API in OpenAPI 3.1', response: { 200: openApiDocument } };
  app.get('/api/openapi.json', { schema }, () => app.swagger() as z.infer<typeof openApiDocument>);
}
