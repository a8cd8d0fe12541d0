import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database lock', () => {
  it('refuses a second opener, in this process or another, with a clear message', async () => {
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already open in this process/);
    // Another process that finds the lock held by a live pid is told who holds it.
    const script = `import('${path.resolve('src/server/db/client.ts')}').then(m => m.openDatabase({ dataDir: '${dir}' })).then(() => process.exit(0), (e) => { console.log(e.message); process.exit(3); })`;
    let out = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', stdio: 'pipe' });
    } catch (err) {
      out = String((err as { stdout?: string }).stdout);
    }
    expect(out).toMatch(new RegExp(`in use by another process \\(pid ${process.pid}\\)`));
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 60_000);

  it('takes over a lock left by a process that died', async () => {
    fs.writeFileSync(path.join(dir, 'pglite.lock'), '999999');
    const db = await openDatabase({ dataDir: dir });
    await db.close();
    expect(fs.existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  }, 60_000);
});
