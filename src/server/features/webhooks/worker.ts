import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { LOG_BODY_BYTES, pruneWebhookLog, runWebhooksOnce } from './deliver.ts';

const PRUNE_MS = 3600_000;

/** The rules every outbound webhook request keeps (lib/safe-request.ts), from the settings. */
export const outboundRules = (c: Config['webhooks']) => ({
  allowPrivate: c.allowPrivate,
  httpsOnly: c.httpsOnly,
  timeoutMs: c.timeoutMs,
  maxBodyBytes: LOG_BODY_BYTES,
});

/** Sends due deliveries every intervalMs, and prunes the log hourly; stop() waits for the run in flight. */
export function startWebhookWorker(db: Db, settings: Config['webhooks'], log: (err: unknown) => void) {
  const stopSend = startPeriodic(() => runWebhooksOnce(db, outboundRules(settings)), settings.intervalMs, log);
  const stopPrune = startPeriodic(() => pruneWebhookLog(db), PRUNE_MS, log);
  return async () => {
    await stopSend();
    await stopPrune();
  };
}
