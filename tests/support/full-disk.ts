import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real small disk for full-disk tests (decision 048): a tmpfs of `size` (e.g. '256k'), or null where it cannot be had
 * (not root, no mount in a container); `unmount` removes it.
 */
export function mountTmpfs(size: string): { dir: string; unmount: () => void } | null {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount: () => {
      execFileSync('umount', [dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Fills the disk under `dir` to its last byte with one file; returns the file (remove it to make room again). */
export function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(4096));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}
