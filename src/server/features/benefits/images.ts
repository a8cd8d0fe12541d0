import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { ADMIN_MSG, IMAGE_MIN, imageSizeWarnings } from '#common/admin.ts';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';

// Raster formats only, judged by their magic bytes: an SVG (which can carry script) is never accepted.
const ALLOWED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
// Pixel-flood guard: a tiny file may declare a gigantic canvas; refuse before decoding it.
const MAX_PIXELS = 40_000_000;
const MAX_STORED_WIDTH = 1600;

export type ImageRule = 'add' | 'edit';

/** Checks an upload by content, applies the spec's size rules, re-encodes it and stores it once. */
export async function storeImage(
  db: Db,
  input: Buffer,
  rule: ImageRule,
): Promise<{ imageUrl: string; warnings: string[] }> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !ALLOWED.has(type.mime)) throw new HttpError(400, ADMIN_MSG.imageInvalidType);
  const meta = await sharp(input, { limitInputPixels: MAX_PIXELS })
    .metadata()
    .catch(() => {
      throw new HttpError(400, ADMIN_MSG.imageUnreadable);
    });
  const { width = 0, height = 0 } = meta;
  if (!width || !height || width * height > MAX_PIXELS) throw new HttpError(400, ADMIN_MSG.imageDimensions);
  if (rule === 'edit' && (width !== IMAGE_MIN.width || height !== IMAGE_MIN.height)) {
    throw new HttpError(400, ADMIN_MSG.imageDimensions);
  }
  const warnings = rule === 'add' ? imageSizeWarnings(width, height) : [];

  const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS, animated: false })
    .rotate()
    .resize({ width: MAX_STORED_WIDTH, withoutEnlargement: true })
    .webp({ quality: 85 })
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new HttpError(400, ADMIN_MSG.imageUnreadable);
    });
  const hash = createHash('sha256').update(data).digest('hex');
  await db
    .insert(images)
    .values({ hash, contentType: 'image/webp', data, width: info.width, height: info.height })
    .onConflictDoNothing();
  return { imageUrl: imageUrlFor(hash), warnings };
}

export const imageUrlFor = (hash: string) => `/api/images/${hash}.webp`;
export const isStoredImageUrl = (url: string) =>
  /^\/api\/images\/[0-9a-f]{64}\.webp$/.test(url) || url.startsWith('/art/');

export async function loadImage(db: Db, hash: string) {
  const [row] = await db.select().from(images).where(eq(images.hash, hash));
  return row ?? null;
}
