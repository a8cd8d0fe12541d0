import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORAGE_FULL_HOLD_MS, StorageHealth, storageFailure } from './storage-full.ts';

const pgError = (code: string) => Object.assign(new Error('from the server'), { code, severity: 'ERROR' });

describe('storageFailure', () => {
  it("knows a full disk however it shows: PostgreSQL's 53100 (either driver, wrapped or not), ENOSPC, EDQUOT, PGlite's errno", () => {
    expect(storageFailure(pgError('53100'))).toBe('full');
    // Drizzle wraps a driver's error as `cause`; a wrapper may wrap it again.
    expect(storageFailure(new Error('Failed query', { cause: pgError('53100') }))).toBe('full');
    expect(storageFailure(new Error('outer', { cause: new Error('inner', { cause: pgError('53100') }) }))).toBe('full');
    expect(storageFailure(Object.assign(new Error('write'), { code: 'ENOSPC', errno: -28 }))).toBe('full');
    expect(storageFailure(Object.assign(new Error('write'), { code: 'EDQUOT' }))).toBe('full');
    expect(storageFailure(Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 }))).toBe('full');
  });

  it("calls PostgreSQL's other class-53 errors short of resources, and nothing else either", () => {
    for (const code of ['53000', '53200', '53300', '53400']) expect(storageFailure(pgError(code))).toBe('resources');
    expect(storageFailure(pgError('23505'))).toBeNull();
    expect(storageFailure(Object.assign(new Error('x'), { code: 'EACCES' }))).toBeNull();
    expect(storageFailure(Object.assign(new Error('x'), { name: 'ErrnoError', errno: 2 }))).toBeNull();
    // A message is the request's own text in a failed query: never read.
    expect(storageFailure(new Error('No space left on device'))).toBeNull();
    expect(storageFailure(null)).toBeNull();
  });
});

describe('StorageHealth', () => {
  it('is full for the hold after an error; past it, a probe write in its folders decides', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-health-'));
    try {
      const health = new StorageHealth();
      health.folders = [dir];
      expect(health.isFull(1_000)).toBe(false);
      health.noteFull(1_000);
      expect(health.isFull(1_000 + STORAGE_FULL_HOLD_MS - 1)).toBe(true);
      expect(health.isFull(1_000 + STORAGE_FULL_HOLD_MS)).toBe(false); // the probe wrote: room again
      expect(fs.readdirSync(dir)).toEqual([]); // and removed its file
      health.noteFull(5_000);
      health.folders = [path.join(dir, 'missing')]; // a folder not made yet is no full disk
      expect(health.isFull(5_000 + STORAGE_FULL_HOLD_MS)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
