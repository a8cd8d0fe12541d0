import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_OUT_DIR } from '../../scripts/build-server.ts';

// One run is enough, and the build's own embedded database needs no PostgreSQL: the api-pglite project only.
const onPglite = process.env.TEST_DB_KIND === 'pglite';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
const dataDir = path.join(work, 'data');
let server: ChildProcess | undefined;
afterAll(() => {
  server?.kill('SIGKILL');
  fs.rmSync(work, { recursive: true, force: true });
});

/** What production runs with: plain node, no tsx loader inherited, no database but the embedded one. */
function builtEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _, DATABASE_URL: __, ...env } = process.env;
  return { ...env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extra };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A fresh embedded database is created, migrated and seeded first: seconds, or a minute on a busy machine. */
async function waitUntilUp(base: string, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`the built server exited (${server?.exitCode}): ${log()}`);
    const up = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the built server did not start in 90 s: ${log()}`);
}

describe.runIf(onPglite)('production build (decision 055)', () => {
  it('runs as compiled JavaScript from any folder: a fresh database, the demo member, their benefits, the CLI', async () => {
    await buildServer();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [path.join(SERVER_OUT_DIR, 'main.js')], {
      cwd: work,
      env: builtEnv({ PORT: String(port), HOST: '127.0.0.1' }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    server.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    await waitUntilUp(base, () => errors);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]);
    const benefits = await fetch(`${base}/api/benefits`, { headers: { cookie: cookie.join('; ') } });
    expect(benefits.status).toBe(200);
    expect((await benefits.json()) as { id: string }[]).toContainEqual(
      expect.objectContaining({ id: 'speakers-reception' }),
    );

    // The CLI's bundle loads and answers (its usage: a database command would wait for the server's lock).
    const cli = spawnSync(process.execPath, [path.join(SERVER_OUT_DIR, 'cli.js')], { cwd: work, env: builtEnv() });
    expect([cli.status, String(cli.stderr)]).toEqual([2, expect.stringContaining('members list')]);
  }, 150_000);
});
