import fs from 'node:fs';
import path from 'node:path';
import { perDatabase } from './per-database.ts';
import { sqlState } from './pg-errors.ts';

/**
 * A full disk while running (decision 048): the errors it shows as, from PostgreSQL, PGlite and the portal's own file
 * writes, and the readiness it takes away for a while.
 */

/** How long /readyz answers not ready after a disk-full error (each new one starts it again). */
export const STORAGE_FULL_HOLD_MS = 30_000;
/** Sent as Retry-After with a storage_full answer. */
export const STORAGE_FULL_RETRY_SECONDS = 30;
/** The probe write past the hold, in each folder the portal writes itself (PGlite's, the .eml mail). */
const PROBE_BYTES = 64 * 1024;

// Node's codes, and Emscripten's numbers for them (PGlite's file system throws `ErrnoError errno 51`).
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
const FULL_EMSCRIPTEN_ERRNOS = new Set([51, 19]);

type Failure = 'full' | 'resources';

/**
 * 'full' for a full disk or quota, 'resources' for PostgreSQL's other class-53 errors, else null; looks through
 * `cause`. Codes only, never message text: a failed query's message carries the request's own values.
 */
export function storageFailure(err: unknown): Failure | null {
  let e = err as { code?: unknown; errno?: unknown; name?: unknown; cause?: unknown } | null;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const state = sqlState(e);
    if (state === '53100') return 'full';
    if (typeof e.code === 'string' && FULL_CODES.has(e.code)) return 'full';
    if (e.name === 'ErrnoError' && typeof e.errno === 'number' && FULL_EMSCRIPTEN_ERRNOS.has(e.errno)) return 'full';
    if (state?.startsWith('53')) return 'resources';
    e = e.cause as typeof e;
  }
  return null;
}

/** Whether a small file can be written in `dir` now: false only when the disk says it is full. */
function probeWrite(dir: string): boolean {
  const file = path.join(dir, `.portal-space-check-${process.pid}`);
  try {
    fs.writeFileSync(file, Buffer.alloc(PROBE_BYTES));
    return true;
  } catch (err) {
    return storageFailure(err) !== 'full'; // a missing folder is not a full disk
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The last disk-full error this process saw for one database handle, and what /readyz makes of it. */
export class StorageHealth {
  #fullAt: number | null = null;
  /** Folders on disks the portal can see (PGlite's data, the .eml mail); a probe write there ends or extends the hold. */
  folders: string[] = [];

  noteFull(now = Date.now()) {
    this.#fullAt = now;
  }

  /** True during the hold after a disk-full error, and past it while a probe write in a local folder still fails. */
  isFull(now = Date.now()): boolean {
    if (this.#fullAt === null) return false;
    if (now - this.#fullAt < STORAGE_FULL_HOLD_MS) return true;
    if (this.folders.every(probeWrite)) {
      this.#fullAt = null;
      return false;
    }
    this.#fullAt = now;
    return true;
  }
}

export const storageHealth = perDatabase(() => new StorageHealth());

/** Records a disk-full error against the database handle's health; answers whether it was one. */
export function noteIfStorageFull(db: object, err: unknown): boolean {
  if (storageFailure(err) !== 'full') return false;
  storageHealth(db).noteFull();
  return true;
}
