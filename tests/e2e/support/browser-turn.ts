import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

// Browser files run beside API files (vitest.config.ts), but never two at once: Chromium and a portal share one core.
const TURN_FILE = path.join(os.tmpdir(), `portal-e2e-turn-${createKey()}`);

function createKey() {
  return Buffer.from(path.resolve(import.meta.dirname, '../../..'))
    .toString('base64url')
    .slice(-24);
}

/** Waits for the one browser turn of this checkout; the returned function gives it back. */
export async function takeBrowserTurn(): Promise<() => Promise<void>> {
  await fs.writeFile(TURN_FILE, '', { flag: 'a' });
  // A worker that dies holding the turn leaves a lock that goes stale after 10 s and is taken over.
  return lockfile.lock(TURN_FILE, {
    stale: 10_000,
    update: 2_000,
    retries: { retries: 1_000, minTimeout: 100, maxTimeout: 250 },
  });
}
