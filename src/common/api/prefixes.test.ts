import { describe, expect, it } from 'vitest';
import * as apiV1 from './api-v1.ts';
import * as walletApi from './wallet.ts';

// Paths written out in full (the browser's copy reads them as written) under a prefix others rely on.
const routesOf = (mod: object) => Object.values(mod).filter((v): v is { path: string } => typeof v === 'object');

describe('route prefixes', () => {
  it("keeps the token API under the prefix the admin's page names", () => {
    expect(routesOf(apiV1)).toHaveLength(4);
    for (const { path } of routesOf(apiV1)) expect(path.startsWith(`${apiV1.PREFIX}/`), path).toBe(true);
  });

  it("keeps Apple's web service paths under the pass's webServiceURL, at Apple's /v1", () => {
    expect(routesOf(walletApi)).toHaveLength(5);
    for (const { path } of routesOf(walletApi))
      expect(path.startsWith(`${walletApi.WEB_SERVICE_PATH}/v1/`), path).toBe(true);
  });
});
