import { AsyncLocalStorage } from 'node:async_hooks';
import { ANALYTICS_MSG } from '#common/analytics-report.ts';
import { ERROR_CODE } from '#common/error-codes.ts';
import type { ReportSettings } from '../../config.ts';
import type { Database, Db } from '../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { sqlState } from '../../lib/pg-errors.ts';

const RETRY_AFTER_SECONDS = 5;
const PG_BACKSTOP_GRACE_MS = 2_000;

const busy = () =>
  new HttpError(503, ANALYTICS_MSG.reportBusy, ERROR_CODE.reportBusy, { retryAfterSeconds: RETRY_AFTER_SECONDS });
const tooLong = () =>
  new HttpError(503, ANALYTICS_MSG.reportTimeout, ERROR_CODE.reportTimeout, { retryAfterSeconds: RETRY_AFTER_SECONDS });

/** Runs reports on their own connections, a few at a time; see decision 020. */
export type ReportRunner = {
  /** Runs `work` on the reports' connections once a turn is free; 503 report_busy or report_timeout past the limits. */
  run: <T>(work: (db: Db) => Promise<T>) => Promise<T>;
  /** How many reports run at once. */
  slots: number;
  close: () => Promise<void>;
};

/**
 * A counting semaphore whose queue is bounded in length and in wait: a report past either is refused, never parked
 * behind minutes of others.
 */
function slotGate(slots: number, queueLimit: number, waitMs: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next)
      next(); // the turn passes straight to the next waiter
    else active--;
  };
  return async function acquire(): Promise<() => void> {
    if (active < slots) {
      active++;
      return release;
    }
    if (waiting.length >= queueLimit) throw busy();
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(grant), 1);
        reject(busy());
      }, waitMs);
      waiting.push(grant);
    });
  };
}

/**
 * PostgreSQL: a pool of `poolSize` connections apart from the main one, with a statement timeout. PGlite has one
 * connection for everything, on this thread: reports take it one at a time, so a member's query waits for one report
 * statement at most, and a report past its time stops before its next statement (one cannot be cut midway there).
 */
export function openReportRunner(database: Database, settings: ReportSettings): ReportRunner {
  // The running report's deadline (epoch ms), seen by the PGlite check before each statement.
  const deadlines = new AsyncLocalStorage<number>();
  const side = database.sidePool?.({
    max: settings.poolSize,
    statementTimeoutMs: settings.timeoutMs,
    applicationName: 'portal-reports',
  });
  const db =
    side?.db ??
    database.checkedDb?.(() => {
      const deadline = deadlines.getStore();
      if (deadline !== undefined && Date.now() > deadline) throw tooLong();
    }) ??
    database.db;
  const slots = side ? settings.poolSize : 1;
  const acquire = slotGate(slots, settings.queueLimit, settings.queueWaitMs);
  // On PostgreSQL the server's statement timeout acts first; this backstop covers a connection that hangs.
  const backstopMs = settings.timeoutMs + PG_BACKSTOP_GRACE_MS;
  return {
    slots,
    close: async () => side?.close(),
    run: async (work) => {
      const release = await acquire();
      const job = deadlines.run(Date.now() + settings.timeoutMs, () => Promise.resolve().then(() => work(db)));
      // The turn is given back only when the work has stopped, whether or not its answer was still awaited.
      job.then(release, release);
      let timer: NodeJS.Timeout | undefined;
      const backstop = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(tooLong()), backstopMs);
      });
      try {
        return await Promise.race([job, backstop]);
      } catch (err) {
        if (sqlState(err) === '57014') throw tooLong(); // query_canceled: the statement timeout
        // The PGlite check's refusal, as Drizzle wrapped it.
        const cause = (err as { cause?: unknown } | null)?.cause;
        throw cause instanceof HttpError && cause.code === ERROR_CODE.reportTimeout ? cause : err;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
