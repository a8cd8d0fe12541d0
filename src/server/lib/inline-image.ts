import fs from 'node:fs';
import path from 'node:path';

/** Small enough that carrying it in the page costs less than the round trip it saves on a slow network. */
export const INLINE_IMAGE_MAX_BYTES = 4096;

const TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

/**
 * Turns the URL of a small image among the built client's files (the catalogue's artwork) into a data: URL, so the
 * first paint's largest image comes inside the page instead of one more round trip after it (decision 015). Any
 * other URL (an upload, a missing or larger file) answers null and is loaded as usual. Files are read once.
 */
export function imageInliner(clientDir: string) {
  const root = path.resolve(clientDir);
  const known = new Map<string, string | null>();
  return (src: string): string | null => {
    const hit = known.get(src);
    if (hit !== undefined) return hit;
    let inlined: string | null = null;
    const file = path.resolve(root, `.${src.split('?')[0] ?? ''}`);
    const type = TYPES[path.extname(file).toLowerCase()];
    if (src.startsWith('/') && file.startsWith(`${root}${path.sep}`) && type) {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      if (stat?.isFile() && stat.size <= INLINE_IMAGE_MAX_BYTES) {
        inlined = `data:${type};base64,${fs.readFileSync(file).toString('base64')}`;
      }
    }
    known.set(src, inlined);
    return inlined;
  };
}
