import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import * as authApi from '#common/api/auth.ts';
import * as bookingsApi from '#common/api/bookings.ts';

// public/sw.js is served as written and cannot import the route contract: its paths must still be the contract's.
test('the service worker keeps and drops the routes the contract names', () => {
  const sw = readFileSync(new URL('./public/sw.js', import.meta.url), 'utf8');
  const api = /const API = '([^']+)';/.exec(sw)?.[1] ?? '';
  const paths = [...sw.matchAll(/`\$\{API\}([^`]+)`/g)].map((m) => `${api}${m[1]}`);
  expect(api.length).toBeGreaterThan(1);
  expect(paths.sort()).toEqual([authApi.logout.path, authApi.session.path, bookingsApi.mine.path].sort());
});
