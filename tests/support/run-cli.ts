import { execFileSync } from 'node:child_process';

/** Runs `npm run cli -- ...` on its own embedded database in `dataDir`; answers the exit code and the output. */
export function runCli(dataDir: string, ...args: string[]): { code: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'silent' },
    });
    return { code: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}
