import type { RouteDef } from '../route-contract.ts';

// Uploaded images, content-addressed: public, kept by browsers for a year.
export const image = {
  method: 'GET',
  path: '/api/images/:file',
  params: 'imageFileParams',
  summary: 'An uploaded image (WebP), named by the hash of its bytes',
} as const satisfies RouteDef;
