import { ADMIN_MSG, IMAGE_MAX_BYTES, IMAGE_MIN, imageSizeWarnings } from '#common/admin.ts';

/** 'recommended': add benefit (size and shape only warn); 'exact': edit benefit (must be 320x200). */
export type ImageRule = 'recommended' | 'exact';
export type ImageCheck = { error: string | null; warnings: string[] };

/** Type and size, checkable without reading the pixels. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return ADMIN_MSG.imageInvalidType;
  if (file.size > IMAGE_MAX_BYTES) return ADMIN_MSG.imageTooLarge;
  return null;
}

/** The image's natural size; rejects when the browser cannot decode it. */
export function readImageSize(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () =>
      img.naturalWidth > 0
        ? resolve({ width: img.naturalWidth, height: img.naturalHeight })
        : reject(new Error('empty'));
    img.onerror = () => reject(new Error('unreadable'));
    img.src = url;
  });
}

export function checkDimensions({ width, height }: { width: number; height: number }, rule: ImageRule): ImageCheck {
  if (rule === 'exact') {
    const ok = width === IMAGE_MIN.width && height === IMAGE_MIN.height;
    return { error: ok ? null : ADMIN_MSG.imageDimensions, warnings: [] };
  }
  return { error: null, warnings: imageSizeWarnings(width, height) };
}
