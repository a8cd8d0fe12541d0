import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget (decision 015): the JS a member's first page load runs, gzip-compressed. */
export const INITIAL_JS_BUDGET_KB = 100;

const CLIENT_DIR = fileURLToPath(new URL('../dist/client/', import.meta.url));
const MANIFEST = path.join(CLIENT_DIR, '.vite/manifest.json');

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The entry chunk and every chunk it imports statically, transitively; dynamic imports are not followed. */
export function initialChunks(manifest: Manifest): string[] {
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest lists an import it does not describe: ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

export function checkBundle() {
  if (!fs.existsSync(MANIFEST)) {
    throw new Error(`${MANIFEST} is missing: build the client first (npm run build).`);
  }
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Manifest;
  const rows = initialChunks(manifest)
    .map((key) => {
      const file = (manifest[key] as ManifestChunk).file;
      const code = fs.readFileSync(path.join(CLIENT_DIR, file));
      return { file, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  console.log('\nInitial JS (entry + static imports; dynamic imports load later)');
  console.table(rows.map((r) => ({ chunk: r.file, raw: kb(r.raw), gzip: kb(r.gzip) })));
  const ok = total <= INITIAL_JS_BUDGET_KB * 1024;
  console.log(
    `Total: ${kb(total)} gzip in ${rows.length} chunks; budget ${INITIAL_JS_BUDGET_KB} KB: ${ok ? 'met' : 'EXCEEDED'}`,
  );
  return ok;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    if (!checkBundle()) process.exitCode = 1;
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  }
}
