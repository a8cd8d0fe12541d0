import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Where `npm start` and the Dockerfile run the server from: `node dist-server/main.js` (decision 055). */
export const SERVER_OUT_DIR = fileURLToPath(new URL('../dist-server/', import.meta.url));

/**
 * Bundles the server and the CLI into plain JavaScript: our code (src/server, src/common and the client pages the
 * server paints first) in, every npm package left to node_modules. Lazy imports stay lazy (split chunks).
 */
export async function buildServer(outdir = SERVER_OUT_DIR) {
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await buildServer();
  console.log(`Built the server into ${path.relative(process.cwd(), SERVER_OUT_DIR)}/`);
}
