import { execFileSync } from 'node:child_process';
import { runCommand } from '../../src/server/cli-commands.ts';

/** The environment `npm run cli` gets here: its own embedded database in `dataDir`, no demo accounts. */
const cliEnv = (dataDir: string) => ({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
});

/**
 * Runs a `npm run cli -- ...` command in this process, on its own embedded database in `dataDir`; answers the exit
 * code and what it wrote. The same code as the command line without a `tsx` start-up per command (seconds each);
 * `spawnCli` runs the real entry point.
 */
export async function runCli(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const write = (line: string) => lines.push(`${line}\n`);
  const code = await runCommand(args, cliEnv(dataDir), { log: write, error: write });
  return { code, out: lines.join('') };
}

/** Runs `npm run cli -- ...` as a new process (src/server/cli.ts through tsx); answers the exit code and output. */
export function spawnCli(dataDir: string, ...args: string[]): { code: number; out: string } {
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
      encoding: 'utf8',
      stdio: 'pipe',
      env: cliEnv(dataDir),
    });
    return { code: 0, out };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}
