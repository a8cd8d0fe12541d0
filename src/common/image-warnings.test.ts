import { describe, expect, it } from 'vitest';
import { imageSizeWarnings } from './admin.ts';

describe('imageSizeWarnings (admin spec §5)', () => {
  it('none for 320x200 or a larger 16:10 image', () => {
    expect(imageSizeWarnings(320, 200)).toEqual([]);
    expect(imageSizeWarnings(1280, 800)).toEqual([]);
  });

  it('warns about a small image and a shape more than 15% from 16:10', () => {
    expect(imageSizeWarnings(300, 300)).toEqual([
      'The image is 300x300 px; at least 320x200 px is recommended.',
      'The aspect ratio is far from the recommended 16:10; the image may be cropped on benefit cards.',
    ]);
    expect(imageSizeWarnings(1600, 800)).toHaveLength(1); // 2:1 is 25% off
  });
});
