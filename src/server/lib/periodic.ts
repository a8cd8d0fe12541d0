/**
 * Runs `run` every intervalMs (and once soon after start), one run at a time: a tick that finds the last run still
 * going is dropped. stop() waits for the run in flight, for a graceful shutdown.
 */
export function startPeriodic(
  run: () => Promise<unknown>,
  intervalMs: number,
  log: (err: unknown) => void,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const tick = () => {
    if (stopped || running) return;
    running = run()
      .then(
        () => undefined,
        (err) => log(err),
      )
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(tick, Math.min(intervalMs, 1000));
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
