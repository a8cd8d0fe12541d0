import { type ChildProcess, spawn } from 'node:child_process';

/** The portal as its own process on a database (kill -9 tests): no demo data, silent. */
export function startServer(url: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      SHEETS_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: 'ignore',
  });
}

/** Waits (up to 30 s) until the process on `port` answers /readyz. */
export async function waitUntilUp(port: number) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}
