import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './project-root.ts';

// In the bundle every module's import.meta.url is dist-server's file: a path built from it points elsewhere (decision 055).
const MAY_USE_OWN_URL = new Set(['src/server/lib/project-root.ts', 'src/server/dev.ts']);

describe('files the server reads are found from the repository root', () => {
  it('finds the root from source', () => {
    expect(fs.existsSync(fromRoot('package.json'))).toBe(true);
    expect(fs.existsSync(fromRoot('drizzle'))).toBe(true);
  });

  it('no server module builds a path from its own import.meta.url (fromRoot instead)', () => {
    const offenders = fs
      .readdirSync(fromRoot('src/server'), { recursive: true, encoding: 'utf8' })
      .map((file) => path.posix.join('src/server', file.split(path.sep).join('/')))
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts') && !MAY_USE_OWN_URL.has(file))
      .filter((file) => fs.readFileSync(fromRoot(file), 'utf8').includes('import.meta.url'));
    expect(offenders).toEqual([]);
  });
});
