// What other parts of the server use from webhooks: its one public surface (docs/architecture.md, decision 036).

export { apiTokenRoutes, apiV1Routes } from './api-routes.ts';
export { webhookRoutes } from './routes.ts';
export {
  answersChangedEvents,
  bookingEvent,
  emitWebhookEvents,
  offerRedeemedEvent,
  type WebhookEventInput,
} from './webhook-events.ts';
export { startWebhookWorker } from './worker.ts';
