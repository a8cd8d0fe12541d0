import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest folder above `file` holding package.json: the repository (or the image's /app). */
function findRoot(file: string): string {
  let dir = path.dirname(file);
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${file}`);
    dir = up;
  }
  return dir;
}

// Found by walking up, not by a fixed '../..': run by tsx from src/server/lib or bundled into dist-server (decision 055).
const ROOT = findRoot(fileURLToPath(import.meta.url));

/** A path inside the repository (migrations, demo sheets, the built client, wallet pictures), from source or build. */
export const fromRoot = (...segments: string[]) => path.join(ROOT, ...segments);
