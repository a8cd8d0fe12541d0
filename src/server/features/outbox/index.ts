// What other parts of the server use from outbox: its one public surface (docs/architecture.md, decision 036).

export type { MailPayload, MailPurpose } from './mail-outbox.ts';
export { enqueueMail, enqueueMails, MAIL_SEND } from './mail-outbox.ts';
export type { OutboxHandler } from './outbox.ts';
export {
  dropHeld,
  enqueue,
  enqueueAll,
  listOutbox,
  releaseHeld,
  retryFailed,
  rewriteHeld,
  startOutboxWorker,
} from './outbox.ts';
