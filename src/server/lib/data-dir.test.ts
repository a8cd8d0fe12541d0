import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderProblem, storageError } from './data-dir.ts';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-data-dir-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('start-up folder checks', () => {
  it('passes a folder that can be written, and leaves nothing behind', () => {
    expect(folderProblem({ dir: path.join(tmp, 'data', 'mail'), what: 'DATA_DIR/mail' })).toBeNull();
    expect(fs.readdirSync(tmp)).toEqual([]);
  });

  it('names a path that runs through a file', () => {
    const file = path.join(tmp, 'a-file');
    fs.writeFileSync(file, 'x');
    expect(folderProblem({ dir: path.join(file, 'data', 'pglite'), what: 'DATA_DIR/pglite' })).toBe(
      `DATA_DIR/pglite at ${file}/data/pglite cannot be created: ${file} is a file, not a folder. ` +
        'Set DATA_DIR to a folder the portal may write to (or make this one writable).',
    );
  });

  it('names a folder the process may not write (read-only even for root: /sys)', () => {
    expect(folderProblem({ dir: '/sys/portal-data/mail', what: 'DATA_DIR/mail' })).toMatch(
      /^DATA_DIR\/mail at \/sys\/portal-data\/mail cannot be written: (permission denied|it is on a read-only file system) \(\/sys\)\. Set DATA_DIR/,
    );
  });

  it('says how much space is free when the disk is too full for the database', () => {
    const problem = folderProblem({ dir: tmp, what: 'DATA_DIR/pglite', minFreeBytes: Number.MAX_SAFE_INTEGER });
    expect(problem).toMatch(/^DATA_DIR\/pglite at .* has \d+ MB free; it needs at least \d+ MB\. Free some space/);
  });
});

describe("PGlite's file-system errors", () => {
  const errno = (n: number) => Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: n });

  it('turns `ErrnoError errno 51` into a full disk, naming the folder and the fix', () => {
    const err = storageError(errno(51), '/srv/portal/pglite') as Error;
    expect(err.message).toBe(
      'The embedded database in /srv/portal/pglite cannot be written: the disk is full (ENOSPC). ' +
        'Free some space on that disk, or set DATA_DIR to a folder on another.',
    );
  });

  it.each([
    [69, 'read-only file system (EROFS)'],
    [2, 'permission denied (EACCES)'],
    [19, 'disk quota is used up (EDQUOT)'],
  ])('errno %i reads %s', (n, words) => {
    expect((storageError(errno(n), '/d') as Error).message).toContain(words);
  });

  it("maps Node's own codes too, and leaves other errors as they are", () => {
    const enospc = Object.assign(new Error('write failed'), { code: 'ENOSPC' });
    expect((storageError(enospc, '/d') as Error).message).toContain('the disk is full (ENOSPC)');
    const other = new Error('syntax error at or near');
    expect(storageError(other, '/d')).toBe(other);
    const invalid = errno(28); // EINVAL: not a storage problem
    expect(storageError(invalid, '/d')).toBe(invalid);
  });
});
