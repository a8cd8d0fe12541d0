import { parseArgs } from 'node:util';
import { benchAnalytics } from './bench-analytics.ts';
import { benchBodies } from './bench-bodies.ts';
import { benchCodes } from './bench-codes.ts';
import { benchConferenceHour } from './bench-conference.ts';
import { benchDoor } from './bench-door.ts';
import { benchDraw } from './bench-draw.ts';
import { benchHttp } from './bench-http.ts';
import { benchLcp } from './bench-lcp.ts';
import { benchRace } from './bench-race.ts';
import { benchUpload } from './bench-upload.ts';

// npm run bench [-- --rows 1000000] [-- --only analytics|lcp|http|race|conference|door|codes|draw|bodies|upload]: prints figures; tests check behaviour, not timings.
// Race only: --scenario <part of a scenario's name> runs just those. With --only race or http, --profile <file> writes a
// CPU profile of the server during each race (or the hot reads) (Chrome DevTools, Performance panel, opens it); the profiler slows the figures it runs under.
// LCP only: --cpu <n> slows Chromium's CPU n times instead of 4 (14 here comes near the slower machine kind's 4).
const BENCHES = [
  'analytics',
  'lcp',
  'http',
  'race',
  'conference',
  'door',
  'codes',
  'draw',
  'bodies',
  'upload',
] as const;
const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    only: { type: 'string' },
    scenario: { type: 'string' },
    profile: { type: 'string' },
    cpu: { type: 'string' },
  },
});
const only = values.only;
const cpu = values.cpu === undefined ? undefined : Number(values.cpu);
if (cpu !== undefined && !(cpu >= 1 && cpu <= 50)) {
  console.error('--cpu must be a number from 1 to 50');
  process.exit(2);
}
if (only !== undefined && !(BENCHES as readonly string[]).includes(only)) {
  console.error(`--only must be one of: ${BENCHES.join(', ')}`);
  process.exit(2);
}
if (only === undefined || only === 'analytics') await benchAnalytics(Number(values.rows));
// The LCP bench loads the built client in dist/ (npm run build first).
if (only === undefined || only === 'lcp') await benchLcp({ cpu });
// Hot reads against a bare Fastify, the 1000-member RSVP race, and a compressed conference hour (PostgreSQL).
if (only === undefined || only === 'http') await benchHttp({ profile: values.profile });
if (only === undefined || only === 'race') await benchRace({ only: values.scenario, profile: values.profile });
if (only === undefined || only === 'conference') await benchConferenceHour();
// Ten staff phones checking in a thousand passes (decision 009).
if (only === undefined || only === 'door') await benchDoor();
// 500 members claim an offer with 100 codes (decision 029).
if (only === undefined || only === 'codes') await benchCodes();
// Fair draws (decision 031): 1,000 members entering at once, and a 10,000-entry draw.
if (only === undefined || only === 'draw') await benchDraw();
// Outsiders posting 1 MB bodies while members read (decision 045).
if (only === undefined || only === 'bodies') await benchBodies();
// Offer code uploads of 20,000 and 100,000 on PGlite while members read (decision 048).
if (only === undefined || only === 'upload') await benchUpload();
