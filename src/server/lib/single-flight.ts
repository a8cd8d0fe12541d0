/**
 * Runs one call per key at a time in this process: callers that arrive while it runs share its
 * result instead of queueing their own (100 members pressing "refresh" cost one database round).
 */
export function singleFlight() {
  const running = new Map<string, Promise<unknown>>();
  return <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const current = running.get(key);
    if (current) return current as Promise<T>;
    const started = work().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}
