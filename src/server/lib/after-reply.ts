import type { FastifyReply } from 'fastify';

const running = new Set<Promise<void>>();

/**
 * Runs `work` once the answer has gone out (or the client went away), so how long it takes, or whether it runs at
 * all, cannot be read from the answer's timing (decision 044). A failure is logged; the caller's answer stands.
 */
export function afterReply(reply: FastifyReply, work: () => Promise<void>) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // A turn of the event loop later: a server in the same process as its client (tests) answers first there too.
    const done: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => reply.log.error({ err }, 'work after the reply failed'))
      .finally(() => running.delete(done));
    running.add(done);
  };
  reply.raw.once('finish', start);
  reply.raw.once('close', start);
}

/** Resolves once every piece of work started after a reply has finished (shutdown, tests). */
export async function afterReplySettled() {
  // A reply written a moment ago may not have registered its work yet.
  await new Promise((resolve) => setImmediate(resolve));
  while (running.size > 0) await Promise.all([...running]);
}
