import fs from 'node:fs';
import path from 'node:path';

/**
 * Start-up checks of the folders the portal writes to (DATA_DIR and what lies in it), run before the database is
 * opened, migrated or seeded: a folder that cannot be written stops the start with a message naming it and the
 * fix, and nothing is written first (no database rows, no folders, no files).
 */

/** Space the embedded database needs to start (a fresh one takes ~40 MB) and to take bookings for a while. */
export const PGLITE_MIN_FREE_BYTES = 64 * 1024 * 1024;

export type DataFolder = { dir: string; what: string; minFreeBytes?: number };

const FIX = 'Set DATA_DIR to a folder the portal may write to (or make this one writable)';

/** The nearest folder of `dir` (itself or an ancestor) that exists, or the file that stands in its way. */
function nearestExisting(dir: string): { at: string; isDir: boolean } {
  let at = path.resolve(dir);
  for (;;) {
    try {
      return { at, isDir: fs.statSync(at).isDirectory() };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const up = path.dirname(at);
      if (up === at) return { at, isDir: false };
      at = up;
    }
  }
}

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'it is on a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'part of the path is a file, not a folder',
  EIO: 'the disk reported an input/output error',
};

/** A file-system error's code in words ("permission denied"), or the code itself. */
export const reasonFor = (code: string) => REASONS[code] ?? (code || 'unknown error');

/** What stops `folder` from being written, or null; it writes one empty probe folder and removes it at once. */
export function folderProblem(folder: DataFolder): string | null {
  const dir = path.resolve(folder.dir);
  const name = `${folder.what} at ${dir}`;
  const found = nearestExisting(dir);
  if (!found.isDir) return `${name} cannot be created: ${found.at} is a file, not a folder. ${FIX}.`;
  try {
    // access() answers "yes" to root wherever the mode bits say no, and misses ACLs: a real write is the test.
    fs.rmdirSync(fs.mkdtempSync(path.join(found.at, '.portal-write-check-')));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    return `${name} cannot be written: ${REASONS[code] ?? code} (${found.at}). ${FIX}.`;
  }
  if (folder.minFreeBytes) {
    const { bavail, bsize } = fs.statfsSync(found.at);
    const free = Number(bavail) * Number(bsize);
    if (free < folder.minFreeBytes) {
      const mb = (n: number) => `${Math.floor(n / 1024 / 1024)} MB`;
      return `${name} has ${mb(free)} free; it needs at least ${mb(folder.minFreeBytes)}. Free some space on that disk, or set DATA_DIR to a folder on another.`;
    }
  }
  return null;
}

/** Throws one error listing every folder that cannot be written. */
export function assertWritableFolders(folders: DataFolder[]) {
  const problems = folders.map(folderProblem).filter((p): p is string => p !== null);
  if (problems.length > 0) throw new Error(`The portal cannot start:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}

// Emscripten's errno numbers (PGlite's file system reports them as `ErrnoError errno 51`).
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  51: 'ENOSPC',
  19: 'EDQUOT',
  69: 'EROFS',
  2: 'EACCES',
  63: 'EPERM',
  54: 'ENOTDIR',
  29: 'EIO',
};

/** A clear error for a file-system failure of the embedded database (Node's or PGlite's own), else the error itself. */
export function storageError(err: unknown, dir: string): unknown {
  const e = err as { code?: unknown; errno?: unknown; name?: unknown };
  const code =
    typeof e?.code === 'string' && REASONS[e.code]
      ? e.code
      : e?.name === 'ErrnoError' && typeof e.errno === 'number'
        ? EMSCRIPTEN_ERRNO[e.errno]
        : undefined;
  if (!code) return err;
  const reason = REASONS[code] ?? code;
  const fix =
    code === 'ENOSPC' || code === 'EDQUOT'
      ? 'Free some space on that disk, or set DATA_DIR to a folder on another'
      : FIX;
  return new Error(`The embedded database in ${path.resolve(dir)} cannot be written: ${reason} (${code}). ${fix}.`, {
    cause: err,
  });
}
