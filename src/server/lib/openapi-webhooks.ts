import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { z } from 'zod';
import {
  WEBHOOK_DATA_SCHEMA,
  WEBHOOK_EVENT_LABEL,
  WEBHOOK_EVENT_TYPES,
  webhookPayloadSchema,
} from '#common/webhooks.ts';

type OpenApiOptions = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
type Webhooks = OpenApiOptions extends { webhooks?: infer W } ? W : never;

/** Standard Webhooks' three headers, sent with every delivery (decision 058). */
const SIGNATURE_HEADERS = [
  ['webhook-id', 'The event’s id: the same on every retry, so a receiver can drop repeats'],
  ['webhook-timestamp', 'Seconds since the epoch when this try was signed'],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of id.timestamp.body> with the endpoint’s secret; several during a rotation',
  ],
] as const;

/**
 * The document's `webhooks` (OpenAPI 3.1): one entry per event type an endpoint can ask for, each a POST of the one
 * payload shape with its `type` fixed, so organisers and partners read what their receiver gets beside the API.
 */
export function webhookDescriptions(): Webhooks {
  const parameters = SIGNATURE_HEADERS.map(([name, description]) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  }));
  // zod writes JSON Schema 2020-12, which is OpenAPI 3.1's own schema dialect: only the static types differ.
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => {
      const data = WEBHOOK_DATA_SCHEMA[type];
      const payload = webhookPayloadSchema.extend({ type: z.literal(type), ...(data ? { data } : {}) });
      return [
        type,
        {
          post: {
            summary: WEBHOOK_EVENT_LABEL[type],
            tags: ['webhooks'],
            parameters,
            requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(payload) } } },
            responses: { '2XX': { description: 'Received; any other answer is retried for three days' } },
          },
        },
      ];
    }),
  ) as unknown as Webhooks;
}
