/**
 * Property-based fuzz of every registered route, generated from the routes' own zod schemas.
 *
 * Requests have the right shape (so most get past validation into handlers and the database) with hostile
 * leaves: NUL, lone surrogates, huge and tiny numbers, impossible dates, deep nesting, long strings, injection
 * text. Every route is fuzzed signed out, as a member and as an admin. A request fails the test when it is
 * answered 5xx, takes 2 s of CPU (or 10 s in all) or more, or is a JSON 4xx without {error, code}.
 *
 * FUZZ_SEED=<n> replays a run (the failure message names it), FUZZ_RUNS=<n> sets the runs per route and
 * identity, FUZZ_LOG=1 shows the server's error log, FUZZ_STATS=1 prints the status codes each route answered and
 * the CPU its requests took (cpuMs).
 */
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBenefitSchema } from '#common/admin.ts';
import { benefits, bookings, eventSlots, outboxJobs, rsvpConfigurations } from '../../src/server/db/schema.ts';
import { multipart } from '../support/multipart.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// ---- the routes' schemas ------------------------------------------------------------------------------
type RouteSchemas = { body?: unknown; querystring?: unknown; params?: unknown };

// ---- settings -----------------------------------------------------------------------------------------
/** In CI each database gets half the runs with a seed of its own: together the same 100 inputs per route, each once. */
const SPLIT = process.env.CI === 'true' && !process.env.FUZZ_RUNS;
const SEED = Number(
  process.env.FUZZ_SEED ?? 20_250_930 + (SPLIT && process.env.TEST_DB_KIND === 'postgres' ? 1_000 : 0),
);
/** Runs per route for an identity that may use it; a quarter where it may not (those end at the guard). */
const RUNS = Number(process.env.FUZZ_RUNS ?? (SPLIT ? 50 : 100));
/** Slow is 2 s of this process's CPU, or 10 s in all: a machine shared with other work stretches the wall clock only. */
const SLOW_MS = 2000;
const SLOW_WALL_MS = 10_000;
const MEMBER_EMAIL = 'fuzz-member@example.com';
const OTHER_EMAIL = 'fuzz-other@example.com';
const ADMIN_EMAIL = 'fuzz-admin@example.com';
const BRUNCH_SHEET = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const GALLERY_SHEET = 'https://docs.google.com/spreadsheets/d/demo-gallery-walk/edit#gid=0';
const DYNAMIC_BENEFIT = 'fuzz-brunch';
const SKIPPED = new Set(['GET /healthz', 'GET /readyz']);
/** Signed in, these would end the identity's own session: they are fuzzed signed out only. */
const LOGOUTS = new Set(['POST /api/auth/logout', 'POST /api/admin/logout']);
const MULTIPART_ROUTES = new Set(['POST /api/admin/benefits', 'POST /api/upload-image']);
/** A few SPA pages (the not-found handler serves them, with boot data), some with hostile segments. */
const PAGES = [
  '/',
  '/benefits',
  '/login',
  '/admin',
  '/admin/benefits',
  '/rsvp/%00',
  '/rsvp/:benefitId',
  '/dynamic-rsvp/:benefitId',
  '/bookings/:bookingId',
  '/mclaren-tour',
];

const isAdminRoute = (url: string) =>
  (/^\/api\/(admin|sheets)\//.test(url) || url === '/api/upload-image') &&
  !/^\/api\/admin\/(login|logout|session)$/.test(url);

// ---- value pools: what a client would plausibly send (valid), and what it might send (odd) ----------------
type Pool = { valid: readonly string[]; odd: readonly string[] };
const huge = 'x'.repeat(100_000);
const IDS: Pool = {
  valid: [
    DYNAMIC_BENEFIT,
    DYNAMIC_BENEFIT,
    DYNAMIC_BENEFIT,
    DYNAMIC_BENEFIT,
    'speakers-reception',
    'ap-house',
    'sap-night',
    'mclaren-tour',
    'national-gallery',
    'national-gallery-pass',
    'after2049',
    'wristcheck',
    'jai-one-siam',
    'elyx-life',
  ],
  odd: ['ap-house-tours', 'default', 'test-2', 'no-such-benefit', 'SAP-NIGHT', ' sap-night', 'a'.repeat(200)],
};
const EMAILS: Pool = {
  valid: [
    'fuzz-1@example.com',
    'fuzz-2@example.com',
    ' FUZZ-3@Example.COM ',
    MEMBER_EMAIL,
    OTHER_EMAIL,
    ADMIN_EMAIL,
    'ada@example.com',
  ],
  odd: ['a@b', 'x@localhost', 'quoted"name"@example.com', `${'a'.repeat(64)}@${'b'.repeat(250)}.com`, '@', 'a@@b.c'],
};
const DATES: Pool = {
  valid: ['2031-09-29', '2031-09-30', '2031-10-01', '2031-10-03', '2024-02-29', '1900-01-01', '9999-12-31'],
  odd: [
    '2024-02-30',
    '2026-13-45',
    '2023-02-29',
    '1899-12-31',
    '0000-01-01',
    '10000-01-01',
    '2025-9-3',
    '1e3',
    'tomorrow',
    'epoch',
    'infinity',
    '-infinity',
    'allballs',
  ],
};
const DATETIMES: Pool = {
  valid: ['2026-10-01T19:00:00+08:00', '2024-01-01T00:00:00Z', '1900-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
  odd: [
    '2026-10-01T25:61:00+08:00',
    '2026-10-01T19:00:00+99:00',
    '9999-12-31T23:59:59.999999-14:00',
    '0001-01-01T00:00:00Z',
  ],
};
const TIMES: Pool = {
  valid: [
    '10:00am-11:00am',
    '2:00pm-3:00pm',
    '4:00pm-5:00pm',
    '5:00pm-5:30pm',
    '6:30pm-7:00pm',
    '11:00am-12:00pm',
    '12:00pm-1:00pm',
    '1:00pm-2:00pm',
  ],
  odd: ['10:00', '25:00', '23:59', '10:00am', '13:00pm-14:00pm', '9:00am-8:00am'],
};
/** Clock times (HH:MM) and time zones, for the event details. */
const CLOCKS: Pool = {
  valid: ['09:00', '19:30', '00:00', '23:59'],
  odd: ['24:00', '9:5', '7pm', '25:61', '12:00:00', '-01:00'],
};
const ZONES: Pool = {
  valid: ['Asia/Singapore', 'UTC', 'Europe/London', 'America/St_Johns', 'Pacific/Kiritimati'],
  odd: ['Mars/Phobos', '+08:00', 'utc', 'Etc/GMT+14', 'asia/singapore', 'Local'],
};
const URLS: Pool = {
  valid: [BRUNCH_SHEET, GALLERY_SHEET, 'https://docs.google.com/spreadsheets/d/unknown-sheet/edit'],
  odd: [
    '/benefits',
    'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit?x=%00',
    'https://docs.google.com/spreadsheets/d/../../etc/passwd',
    'https://docs.google.com/spreadsheets/',
    'http://127.0.0.1:1/spreadsheets/d/x',
    'https://example.com/',
    '//evil.example/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'mailto:x@example.com',
    `https://docs.google.com/spreadsheets/d/${'a'.repeat(1990)}`,
  ],
};
const REDIRECTS: Pool = {
  valid: ['', '/benefits', '/rsvp/sap-night', 'https://example.com/thanks'],
  odd: ['//evil.example/', 'javascript:alert(1)', '/\\evil.example', 'http://example.com/', '/%2F%2Fevil'],
};
const NAMES: Pool = {
  valid: [
    'Ada Lovelace',
    'Zoë Ñandú',
    'Yes',
    'No',
    'Form Submissions',
    'Slot Logic',
    'Fuzz config',
    'Hello {name}, see you {{date}} at {{time}}: {manageUrl}',
    'Vegan',
  ],
  odd: ['{{constructor}} {__proto__} {{', '+65 1234 5678', '😀👍🏽', 'e\u0301\u200b\u202eRTL', '٣'],
};
const CSVS: Pool = {
  valid: [
    'email,firstName,lastName\nfuzz-csv@example.com,Csv,Row',
    `email\nfuzz-1@example.com\n${OTHER_EMAIL}`,
    'email,firstName,lastName\nfuzz-csv@example.com,<b>Csv</b>,"=HYPERLINK(""http://x"")"',
  ],
  odd: ['not,a,header\n1,2,3', '\uFEFFemail\n', 'email\n"unterminated', 'email\n\n\n,,,\n'],
};
/** Storable text, hostile in meaning: it passes the NUL check and reaches handlers and the database. */
const HOSTILE_TEXT = [
  '',
  ' ',
  '\t\r\n',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  "'); DROP TABLE bookings; --",
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'javascript:alert(1)',
  '=cmd|"/c calc"!A1',
  '%00',
  '%ud800',
  '%E0%A4%A',
  '\u0024{7*7}', // a template-injection probe
  '{{7*7}}',
  '\\',
  '%',
  '_',
  'null',
  'undefined',
  'true',
  '-1',
  'NaN',
  'Infinity',
  '1e308',
  '__proto__',
  'constructor',
  'toString',
  '\uffff\ufffe',
  '\u{10ffff}',
  '😀'.repeat(300),
  'x'.repeat(10_000),
  huge,
];
/** Text PostgreSQL cannot store: refused at the door, or a crash if anything lets it in. */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\udc00y', `${huge}\u0000`];
const WRONG_TYPES: unknown[] = [null, 0, -1, true, [], {}, ['a'], { $ne: 1 }, 1e308];
const FIELD_NAMES = [
  'fullName',
  'email',
  'phoneNumber',
  'rsvp',
  'timeSlot',
  'selectedDate',
  'bringingGuests',
  'numberOfGuests',
  'dietaryRequirements',
  'comments',
  'submissionTimestamp',
];
const PATTERNS: Pool = {
  valid: ['^a+$', '^(\\d{3})$', '\\p{L}+', '.*'],
  odd: ['(a+)+$', '(a|aa)+$', '[', '(?<x>a)\\k<x>', 'a{1,100000}', '(?=a)'],
};
const RAW_SEGMENTS = ['%00', '%ud800', '%E0%A4%A', '%ED%A0%80', '%2F', '..', '%2e%2e', '%C0%AE', 'a%2Fb', '%25', '%'];
const RAW_QUERIES = [
  'page=-5&sortBy=%27;--',
  '%=%',
  'a=%E0%A4%A',
  'x=%00',
  'y=%ED%A0%80',
  '__proto__[admin]=1',
  'constructor[prototype][x]=1',
  'page=1&page=2',
  `${'a'.repeat(5000)}=1`,
  `q=${'b'.repeat(20_000)}`,
  'search=%25&kind=%5F',
  ';;;&&&==',
];

/**
 * Real ids: from the database after setup, then from what the fuzz itself creates (bookings, configurations,
 * benefits), so later requests can reach them. The values change from run to run; the choices do not.
 */
const harvested = {
  benefits: [] as string[],
  ownBookings: [] as string[],
  otherBookings: [] as string[],
  slots: [] as string[],
  configs: [] as string[],
  mail: [] as string[],
  images: [] as string[],
};
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
let validPng: Buffer = Buffer.alloc(0);
let bigPng: Buffer = Buffer.alloc(0);

const csvOf = (rows: number) =>
  `email,firstName,lastName\n${Array.from({ length: rows }, (_, i) => `fuzz-csv-${i}@example.com,Csv,Row ${i}`).join('\n')}`;
/**
 * Nesting 50-5000 levels deep, kept as its JSON text: a real object that deep overflows the stack of
 * JSON.stringify (and of fast-check's printing) before the server ever sees it.
 */
class Deep {
  constructor(readonly text: string) {}
}
const deep = (depth: number, kind: 'object' | 'array') =>
  new Deep(
    kind === 'array'
      ? `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`,
  );
/** JSON.stringify that writes Deep values as their text; undefined (a missing key) stays undefined. */
function toJson(value: unknown): string | undefined {
  if (value instanceof Deep) return value.text;
  if (value === undefined || typeof value === 'function') return undefined;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => toJson(v) ?? 'null').join(',')}]`;
  const members = Object.entries(value).flatMap(([key, v]) => {
    const text = toJson(v);
    return text === undefined ? [] : [`${JSON.stringify(key)}:${text}`];
  });
  return `{${members.join(',')}}`;
}

// ---- arbitraries from zod schemas ---------------------------------------------------------------------
type ZodDef = { type: string; [key: string]: unknown };
type CheckDef = { check: string; maximum?: number; minimum?: number; value?: number; inclusive?: boolean };
const defOf = (schema: unknown): ZodDef | null =>
  schema !== null && typeof schema === 'object' && '_zod' in schema
    ? (schema as { _zod: { def: ZodDef } })._zod.def
    : null;
const checksOf = (def: ZodDef): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);
const check = (def: ZodDef, kind: string) => checksOf(def).find((c) => c.check === kind);

const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
const fromPool = (pool: Pool, clean: boolean) =>
  clean
    ? pick(pool.valid)
    : fc.oneof({ arbitrary: pick(pool.valid), weight: 3 }, { arbitrary: pick(pool.odd), weight: 2 });
const uuids = (valid: string[], odd: string[], clean: boolean): fc.Arbitrary<string> => {
  const good = valid.length ? pick(valid) : fc.constant(NIL_UUID);
  return clean
    ? good
    : fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: fc.oneof(pick([...odd, NIL_UUID]), fc.uuid()), weight: 2 });
};
const deepArb = fc
  .tuple(fc.integer({ min: 50, max: 5000 }), fc.constantFrom<'object' | 'array'>('object', 'array'))
  .map(([depth, kind]) => deep(depth, kind));

/** Strings a client would send for a format, or for a field by its name. */
function plausibleString(format: string | undefined, hint: string, clean: boolean): fc.Arbitrary<string> {
  const h = hint.toLowerCase();
  const h2 = harvested;
  if (format === 'email' || h.includes('email')) return fromPool(EMAILS, clean);
  if (h === 'bookingid') return uuids([...h2.ownBookings, ...h2.ownBookings, ...h2.otherBookings], h2.slots, clean);
  if (h === 'slotid') return uuids(h2.slots, h2.ownBookings, clean);
  if (format === 'uuid') return uuids([...h2.configs, ...h2.mail], [...h2.ownBookings, ...h2.slots], clean);
  if (format === 'datetime' || /window(start|end)/.test(h)) return fromPool(DATETIMES, clean);
  if (format === 'date' || h.includes('date')) return fromPool(DATES, clean);
  if (h.includes('zone')) return fromPool(ZONES, clean);
  if (format === 'time' || /^(start|end)time$/.test(h)) return fromPool(CLOCKS, clean);
  if (/slot|time/.test(h)) return fromPool(TIMES, clean);
  if (h.includes('redirect')) return fromPool(REDIRECTS, clean);
  if (h === 'imageurl') {
    const stored = h2.images.map((file) => `/api/images/${file}`);
    return fromPool(
      { valid: stored, odd: ['https://example.com/a.png', '/api/images/../x', 'data:image/png;base64,AA'] },
      clean,
    );
  }
  if (format === 'url' || /url|link/.test(h)) return fromPool(URLS, clean);
  if (h === 'csv') {
    // Big lists are valid too (up to 2 MB): an import must not hold the request past the limit.
    const big = pick([csvOf(2000), csvOf(8000)]);
    return clean
      ? fc.oneof({ arbitrary: pick(CSVS.valid), weight: 4 }, { arbitrary: big, weight: 1 })
      : fc.oneof({ arbitrary: pick(CSVS.valid), weight: 4 }, { arbitrary: pick(CSVS.odd), weight: 2 });
  }
  if (h.includes('password'))
    return pick(clean ? ['correct horse battery staple'] : ['correct horse battery staple', 'x', huge.slice(0, 1000)]);
  if (h === 'file') return pick([...h2.images, `${'0'.repeat(64)}.webp`, `${'f'.repeat(64)}.webp`]);
  if (h === 'pattern') return fromPool(PATTERNS, clean);
  if (h === 'code') return pick(['123456', ' 12 34 56 ', '000000', '1234567']);
  if (h === 'token') return pick(['0'.repeat(64), 'abc', 'f'.repeat(200)]);
  if (h.includes('field') || h === 'columnmapping') return pick(FIELD_NAMES);
  const benefitIds = fc.oneof(
    fromPool(IDS, clean),
    h2.benefits.length ? pick(h2.benefits) : fc.constant(DYNAMIC_BENEFIT),
  );
  if (h === 'id' && h2.configs.length) return fc.oneof(pick(h2.configs), benefitIds);
  if (h === 'benefitid') return fc.oneof(fc.constant(DYNAMIC_BENEFIT), benefitIds);
  if (h.endsWith('id')) return fromPool(IDS, clean);
  if (h === 'search') return pick(['fuzz', '%', '_', '\\', "' OR 1=1", 'example.com', 'Ada']);
  return fc.oneof(fromPool(NAMES, clean), fromPool(IDS, clean), fromPool(EMAILS, clean));
}

/** Names, messages, templates: any text is valid there, so hostile text is a clean value too. */
const isFreeText = (format: string | undefined, hint: string) =>
  !format &&
  !/email|id$|date|time|slot|url|link|redirect|csv|password|^file$|pattern|^code$|token|field|mapping/i.test(hint);

function stringArb(def: ZodDef, hint: string, clean: boolean): fc.Arbitrary<unknown> {
  const min = check(def, 'min_length')?.minimum ?? 0;
  const max = check(def, 'max_length')?.maximum;
  const format = def.format as string | undefined;
  const fits = (s: string) => s.trim().length >= min && (max === undefined || s.length <= max);
  const parts: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: plausibleString(format, hint, clean), weight: 16 }];
  const text = HOSTILE_TEXT.filter(fits);
  if (isFreeText(format, hint) && text.length) parts.push({ arbitrary: pick(text), weight: 4 });
  if (isFreeText(format, hint) && max !== undefined && max <= 100_000 && max >= min)
    parts.push({ arbitrary: pick(clean ? ['a'.repeat(max), 'é'.repeat(max)] : ['a'.repeat(max + 1)]), weight: 1 });
  if (!clean)
    parts.push(
      { arbitrary: pick(HOSTILE_TEXT), weight: 2 },
      { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }), weight: 1 },
      { arbitrary: pick(UNSTORABLE), weight: 2 },
      { arbitrary: pick(WRONG_TYPES), weight: 1 },
    );
  return fc.oneof(...parts);
}

function numberArb(def: ZodDef, clean: boolean): fc.Arbitrary<unknown> {
  const lowCheck = check(def, 'greater_than');
  const highCheck = check(def, 'less_than');
  const low = lowCheck?.value === undefined ? -2 : lowCheck.value + (lowCheck.inclusive ? 0 : 1);
  const high = highCheck?.value === undefined ? 12 : highCheck.value - (highCheck.inclusive ? 0 : 1);
  const inRange = fc.oneof(
    { arbitrary: fc.integer({ min: low, max: Math.min(high, low + 12) }), weight: 6 },
    { arbitrary: pick([low, high]), weight: 2 },
  );
  if (clean) return inRange;
  const parts: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: inRange, weight: 8 },
    { arbitrary: pick([low - 1, high + 1]), weight: 2 },
    {
      arbitrary: pick([2 ** 31, -(2 ** 31) - 1, 2 ** 53, -(2 ** 53), 1e308, -1e308, 1.5, -0, 5e-324, 1e21]),
      weight: 3,
    },
    { arbitrary: fc.double(), weight: 1 },
    { arbitrary: pick(WRONG_TYPES), weight: 1 },
  ];
  if (def.coerce)
    parts.push({
      arbitrary: pick(['1', '2', '1e3', 'NaN', 'Infinity', '-Infinity', ' 2 ', '0x1f', '1_000', '', '٣']),
      weight: 3,
    });
  return fc.oneof(...parts);
}

/** Any JSON value: what free-form fields (z.unknown, records) receive. */
const jsonLeaf = (clean: boolean): fc.Arbitrary<unknown> =>
  clean
    ? fc.oneof(
        fromPool(NAMES, true),
        fromPool(TIMES, true),
        fromPool(DATES, true),
        fromPool(EMAILS, true),
        fc.integer({ min: 0, max: 3 }),
      )
    : fc.oneof(
        { arbitrary: fc.oneof(fromPool(NAMES, false), fromPool(TIMES, false), fromPool(DATES, false)), weight: 8 },
        { arbitrary: fc.integer({ min: -1, max: 12 }), weight: 3 },
        { arbitrary: pick(HOSTILE_TEXT), weight: 3 },
        { arbitrary: pick(UNSTORABLE), weight: 1 },
        { arbitrary: pick(WRONG_TYPES), weight: 2 },
      );
const jsonValue = (clean: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: jsonLeaf(clean), weight: 10 },
    { arbitrary: fc.array(jsonLeaf(clean), { maxLength: 4 }), weight: 2 },
    { arbitrary: fc.dictionary(pick(FIELD_NAMES), jsonLeaf(clean), { maxKeys: 4 }), weight: 2 },
    { arbitrary: clean ? jsonLeaf(true) : deepArb, weight: 1 },
  );
/** Free-form form answers: the fields the demo RSVP form has, often a complete, plausible answer. */
const formAnswerArb = (clean: boolean): fc.Arbitrary<unknown> => {
  const or = <T>(good: fc.Arbitrary<T>) => (clean ? good : fc.oneof({ arbitrary: good, weight: 3 }, jsonLeaf(false)));
  return fc.record(
    {
      fullName: or(fromPool(NAMES, true)),
      email: or(fromPool(EMAILS, true)),
      rsvp: or(pick(['Yes', 'No', 'yes'])),
      timeSlot: or(pick(['11:00am-12:00pm', '12:00pm-1:00pm', '1:00pm-2:00pm', '10:00am-11:00am'])),
      selectedDate: or(fromPool(DATES, true)),
      bringingGuests: or(pick(['Yes', 'No'])),
      numberOfGuests: or(fc.oneof(fc.integer({ min: 0, max: 3 }), pick(['1', '2']))),
      dietaryRequirements: clean ? fromPool(NAMES, true) : jsonValue(false),
    },
    { requiredKeys: ['fullName', 'email', 'rsvp'] },
  );
};

/**
 * A value of the schema's shape. Clean values are what a client would send (edge cases included: boundary
 * numbers, longest strings, storable injection text); the rest mix in odd and unstorable values and wrong types.
 */
function arbitraryFor(schema: unknown, clean: boolean, hint = '', depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (!def || depth > 12) return jsonValue(clean);
  const inner = (key: string) => arbitraryFor(def[key], clean, hint, depth + 1);
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      const fields = fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, value]) => [key, arbitraryFor(value, clean, key, depth + 1)]),
        ),
      );
      if (clean) return fields;
      const extra = fc.option(
        fc.tuple(pick(['constructor', 'toString', 'x\u0000', 'unknownField', '']), jsonLeaf(false)),
        {
          freq: 8,
        },
      );
      return fc.tuple(fields, extra).map(([obj, more]) => (more ? { ...obj, [more[0]]: more[1] } : obj));
    }
    case 'string':
      return stringArb(def, hint, clean);
    case 'number':
    case 'int':
      return numberArb(def, clean);
    case 'boolean':
      return clean
        ? fc.boolean()
        : fc.oneof({ arbitrary: fc.boolean(), weight: 10 }, { arbitrary: pick(['true', 0, null]), weight: 1 });
    case 'enum':
    case 'literal': {
      const values = def.type === 'enum' ? Object.values((def.entries ?? {}) as object) : (def.values as unknown[]);
      return clean
        ? pick(values)
        : fc.oneof({ arbitrary: pick(values), weight: 12 }, { arbitrary: jsonLeaf(false), weight: 1 });
    }
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.oneof({ arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: inner('innerType'), weight: 3 });
    case 'nullable':
      return fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: inner('innerType'), weight: 3 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner('innerType');
    case 'pipe':
      return inner('in');
    case 'lazy':
      return arbitraryFor((def.getter as () => unknown)(), clean, hint, depth + 1);
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((o) => arbitraryFor(o, clean, hint, depth + 1)));
    case 'array': {
      const element = arbitraryFor(def.element, clean, hint, depth + 1);
      const max = check(def, 'max_length')?.maximum;
      const parts: fc.WeightedArbitrary<unknown>[] = [{ arbitrary: fc.array(element, { maxLength: 4 }), weight: 12 }];
      if (max !== undefined)
        parts.push({
          arbitrary: fc.array(element, { minLength: clean ? max : max + 1, maxLength: clean ? max : max + 1 }),
          weight: 1,
        });
      if (!clean) parts.push({ arbitrary: deepArb, weight: 1 });
      return fc.oneof(...parts);
    }
    case 'record': {
      const parts: fc.WeightedArbitrary<unknown>[] = [
        { arbitrary: formAnswerArb(clean), weight: 6 },
        {
          arbitrary: fc.dictionary(
            clean ? pick(FIELD_NAMES) : fc.oneof(pick(FIELD_NAMES), pick(HOSTILE_TEXT.slice(0, 30))),
            jsonValue(clean),
            { maxKeys: 6 },
          ),
          weight: 3,
        },
      ];
      if (!clean)
        parts.push(
          { arbitrary: fc.record({ fullName: deepArb }), weight: 1 },
          {
            arbitrary: fc
              .integer({ min: 150, max: 400 })
              .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`f${i}`, `v${i}`]))),
            weight: 1,
          },
        );
      return fc.oneof(...parts);
    }
    default:
      return jsonValue(clean); // unknown, any, transform, custom...
  }
}
/** Mostly clean, often not: most requests reach the handler, many probe the validation in front of it. */
const shaped = (schema: unknown, cleanWeight: number, hint = '') =>
  fc.oneof(
    { arbitrary: arbitraryFor(schema, true, hint), weight: cleanWeight },
    { arbitrary: arbitraryFor(schema, false, hint), weight: 1 },
  );

// ---- requests -----------------------------------------------------------------------------------------
type Route = { method: string; url: string; schemas: RouteSchemas };
type Body = { headers: Record<string, string>; payload?: string | Buffer };
type FuzzRequest = Body & {
  method: string;
  url: string;
  /** A forged session cookie (signed-out identity only). */
  cookie?: string;
};
const JSON_TYPE = 'application/json';

/** Percent-encodes a path or query component; lone surrogates become their (invalid) UTF-8 bytes. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (ch) => {
      const cu = ch.charCodeAt(0);
      if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
        const bytes = [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)];
        return bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
      return encodeURIComponent(ch);
    }).join('');
  }
}
const asText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : (toJson(value) ?? String(value));

function pathArb(route: Route): fc.Arbitrary<string> {
  const shape = (defOf(route.schemas.params)?.shape ?? {}) as Record<string, unknown>;
  const segments = route.url.split('/').map((segment): fc.Arbitrary<string> => {
    if (segment === '*')
      return fc
        .array(fc.oneof(pick(['assets', 'x.js', 'favicon.svg', 'index.html', 'a']), pick(RAW_SEGMENTS)), {
          minLength: 1,
          maxLength: 3,
        })
        .map((parts) => parts.join('/'));
    if (!segment.startsWith(':')) return fc.constant(segment);
    const name = segment.slice(1);
    const value = (shape[name] ? shaped(shape[name], 4, name) : plausibleString(undefined, name, false))
      .map(asText)
      // Deleting the member the fuzz signs in as would turn the rest of the run into 401s.
      .filter((v) => !(route.method === 'DELETE' && v.trim().toLowerCase() === MEMBER_EMAIL));
    return fc.oneof({ arbitrary: value.map(encode), weight: 12 }, { arbitrary: pick(RAW_SEGMENTS), weight: 1 });
  });
  return fc.tuple(...segments).map((parts) => parts.join('/'));
}

function queryArb(route: Route): fc.Arbitrary<string> {
  const raw = fc.option(pick(RAW_QUERIES), { freq: 4 });
  if (!route.schemas.querystring) return raw.map((q) => (q ? `?${q}` : ''));
  return fc.tuple(shaped(route.schemas.querystring, 3), raw).map(([params, extra]) => {
    const pairs: string[] = [];
    if (params && typeof params === 'object' && !(params instanceof Deep))
      for (const [key, value] of Object.entries(params)) {
        if (value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) pairs.push(`${encode(key)}=${encode(asText(v))}`);
      }
    if (extra) pairs.push(extra);
    return pairs.length ? `?${pairs.join('&')}` : '';
  });
}

const RAW_BODIES = [
  '{"email": "a@b.c",',
  '[1,2,3]',
  '"hello"',
  'null',
  '1e999',
  `1${'0'.repeat(400)}`,
  '\uFEFF{}',
  '{"a":1,"a":2}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
  '{"formData":{"fullName":"\\u0000"}}',
  '{"email":"\\ud800"}',
  '{"\\u0000":1}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  ' ',
];
const OTHER_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'application/octet-stream',
];

function jsonBodyArb(schema: unknown): fc.Arbitrary<Body> {
  const value = schema ? shaped(schema, 3) : fc.oneof(fc.constant(undefined), fc.constant({}), jsonValue(false));
  return fc.oneof(
    { arbitrary: value.map((v) => ({ headers: { 'content-type': JSON_TYPE }, payload: toJson(v) ?? '' })), weight: 14 },
    { arbitrary: pick(RAW_BODIES).map((payload) => ({ headers: { 'content-type': JSON_TYPE }, payload })), weight: 2 },
    {
      arbitrary: fc
        .tuple(pick(OTHER_TYPES), value)
        .map(([type, v]) => ({ headers: { 'content-type': type }, payload: toJson(v) ?? '' })),
      weight: 1,
    },
    { arbitrary: fc.constant({ headers: {} }), weight: 1 },
  );
}

function multipartBodyArb(route: Route): fc.Arbitrary<Body> {
  const fileField = route.url === '/api/upload-image' ? 'image' : 'logo';
  const files = fc.oneof(
    { arbitrary: pick([validPng, bigPng]), weight: 4 },
    {
      arbitrary: pick([
        Buffer.alloc(0),
        Buffer.from('GIF89a'),
        Buffer.from('not an image'),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        validPng.subarray(0, 64),
        Buffer.concat([validPng.subarray(0, 100), Buffer.alloc(2000, 0xff)]),
        Buffer.alloc(1_500_000, 0x41),
      ]),
      weight: 2,
    },
    { arbitrary: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)), weight: 1 },
  );
  const wellFormed = fc
    .tuple(
      shaped(addBenefitSchema, 3),
      fc.option(files, { freq: 6 }),
      pick([fileField, 'other', fileField]),
      pick(['a.png', '../../../etc/passwd', 'x.webp', '%00.png', '']),
    )
    .map(([fields, file, field, filename]) => {
      const text: Record<string, string> = {};
      if (fields && typeof fields === 'object' && !(fields instanceof Deep))
        for (const [key, value] of Object.entries(fields)) if (value !== undefined) text[key] = asText(value);
      return multipart(text, file ? [{ field, filename, contentType: 'image/png', data: file }] : []);
    });
  const b = 'zzfuzz';
  const part = (name: string, value: string, filename?: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
  const broken = pick([
    `--${b}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.png"\r\n\r\nnot an image`,
    `${part('benefitName', 'x')}--other--\r\n`,
    `${part('a\u0000', 'x')}--${b}--\r\n`,
    `${part('benefitName', 'y'.repeat(20_001))}--${b}--\r\n`,
    `${Array.from({ length: 31 }, (_, i) => part(`f${i}`, 'v')).join('')}--${b}--\r\n`,
    `${part(fileField, '1', 'a')}${part(fileField, '2', 'b')}--${b}--\r\n`,
    `--${b}\r\n\r\nno headers\r\n--${b}--\r\n`,
    `--${b}--\r\n`,
    `--${b}\r\nthis is not a header\r\n\r\nx\r\n--${b}--\r\n`,
    `--${b}\r\nContent-Disposition: form-da`,
    '',
  ]);
  const boundaries = fc.oneof(
    { arbitrary: fc.constant(`multipart/form-data; boundary=${b}`), weight: 6 },
    {
      arbitrary: pick(['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=x']),
      weight: 1,
    },
  );
  const malformed = fc
    .tuple(broken, boundaries)
    .map(([payload, type]): Body => ({ headers: { 'content-type': type }, payload }));
  return fc.oneof(
    { arbitrary: wellFormed, weight: 6 },
    { arbitrary: malformed, weight: 3 },
    { arbitrary: jsonBodyArb(undefined), weight: 1 },
  );
}

function requestArb(route: Route, forgeCookies: boolean): fc.Arbitrary<FuzzRequest> {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const body: fc.Arbitrary<Body> = !hasBody
    ? fc.constant({ headers: {} })
    : MULTIPART_ROUTES.has(`${route.method} ${route.url}`)
      ? multipartBodyArb(route)
      : jsonBodyArb(route.schemas.body);
  const cookie = forgeCookies
    ? fc.option(
        fc
          .tuple(
            pick(['portal_session', 'portal_admin', 'portal_login']),
            pick(['%00', '%ED%A0%80', 'x'.repeat(5000), '0'.repeat(64), 'a=b', '%E0%A4%A', '""']),
          )
          .map(([name, value]) => `${name}=${value}`),
        { freq: 3 },
      )
    : fc.constant(null);
  return fc.tuple(pathArb(route), queryArb(route), body, cookie).map(([path, query, b, c]) => ({
    method: route.method,
    url: `${path}${query}`,
    headers: b.headers,
    ...(b.payload !== undefined ? { payload: b.payload } : {}),
    ...(c ? { cookie: c } : {}),
  }));
}

// ---- running ------------------------------------------------------------------------------------------
let t: TestApp;
type Identity = 'signed out' | 'member' | 'admin';
const cookies: Record<Identity, string | null> = { 'signed out': null, member: null, admin: null };

const clip = (text: string, n = 400) => {
  const shown = JSON.stringify(text.length > n ? `${text.slice(0, n)}…` : text);
  return text.length > n ? `${shown} (${text.length} chars)` : shown;
};
const describePayload = (payload: FuzzRequest['payload']) =>
  payload === undefined ? '(none)' : clip(Buffer.isBuffer(payload) ? payload.toString('latin1') : payload);

/** FUZZ_STATS=1 prints the answers' status codes per identity and route: are requests getting through? */
const stats = process.env.FUZZ_STATS ? new Map<string, Record<string, number>>() : null;
let routeUnderTest = '';

async function send(identity: Identity, req: FuzzRequest) {
  const cookie = identity === 'signed out' ? req.cookie : (cookies[identity] ?? undefined);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: { ...req.headers, ...(cookie ? { cookie } : {}) },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  });
  const used = process.cpuUsage(cpu);
  return { res, ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) };
}

const remember = (pool: string[], id: string | undefined) => {
  if (id && pool.length < 60 && !pool.includes(id)) pool.push(id);
};
/** Keeps the ids a successful write answered with. */
function harvest(identity: Identity, method: string, body: string) {
  if (method === 'GET' || !body.startsWith('{')) return;
  const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
  const booking = body.match(new RegExp(`"bookingId":"(${uuid})"`))?.[1];
  remember(identity === 'member' ? harvested.ownBookings : harvested.otherBookings, booking);
  if (routeUnderTest === '/api/admin/rsvp-config') remember(harvested.configs, body.match(/"id":"([^"]+)"/)?.[1]);
  if (routeUnderTest === '/api/admin/benefits') remember(harvested.benefits, body.match(/"id":"([^"]+)"/)?.[1]);
}

/** What is wrong with one answer, or null. */
async function problemWith(identity: Identity, req: FuzzRequest): Promise<string | null> {
  let outcome: Awaited<ReturnType<typeof send>>;
  try {
    outcome = await send(identity, req);
  } catch (err) {
    return `${identity}: ${req.method} ${clip(req.url, 300)} made inject throw ${(err as Error).stack ?? err}`;
  }
  const { res, ms, cpuMs } = outcome;
  if (res.statusCode < 300) harvest(identity, req.method, res.body);
  if (stats) {
    const key = `${identity} ${req.method} ${routeUnderTest}`;
    const counts = stats.get(key) ?? {};
    const why = res.statusCode === 400 ? ` ${res.body.match(/"error":"([^"]{0,60})/)?.[1]}` : '';
    counts[`${res.statusCode}${why}`] = (counts[`${res.statusCode}${why}`] ?? 0) + 1;
    counts.cpuMs = (counts.cpuMs ?? 0) + cpuMs; // where the fuzz's own time goes
    stats.set(key, counts);
  }
  const type = String(res.headers['content-type'] ?? '');
  let problem: string | null = null;
  if (res.statusCode >= 500) problem = `answered ${res.statusCode}`;
  else if (cpuMs >= SLOW_MS) problem = `took ${cpuMs} ms of CPU (limit ${SLOW_MS})`;
  else if (ms >= SLOW_WALL_MS) problem = `took ${ms} ms (limit ${SLOW_WALL_MS})`;
  else if (res.statusCode >= 400 && type.includes('json')) {
    let body: { error?: unknown; code?: unknown } | undefined;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    if (typeof body?.error !== 'string' || typeof body.code !== 'string')
      problem = `answered ${res.statusCode} without {error, code}`;
  }
  if (!problem) return null;
  return [
    `${identity}: ${req.method} ${clip(req.url, 300)} ${problem} (${res.statusCode} in ${ms} ms)`,
    `  headers: ${JSON.stringify(req.headers)}${req.cookie ? ` cookie: ${clip(req.cookie, 80)}` : ''}`,
    `  payload: ${describePayload(req.payload)}`,
    `  response: ${clip(res.body, 600)}`,
  ].join('\n');
}

/** Signs the identity in again if a fuzzed request ended its session (none should: logouts are excluded). */
async function keepSignedIn(identity: Identity) {
  if (identity === 'signed out') return;
  const url = identity === 'admin' ? '/api/admin/session' : '/api/auth/session';
  const res = await t.app.inject({ url, headers: { cookie: cookies[identity] ?? '' } });
  if (res.statusCode === 200) return;
  stats?.set(`${identity} signed in again after ${routeUnderTest}`, {});
  cookies[identity] = identity === 'admin' ? await t.signInAdmin(ADMIN_EMAIL) : await t.signIn(MEMBER_EMAIL, 'Fuzz');
}

let checkIndex = 0;
/** Fuzzes each route as one identity (fast-check shrinks what fails); returns the failures. */
async function fuzz(identity: Identity, routes: Route[], runsFor: (route: Route) => number) {
  const failures: string[] = [];
  for (const route of routes) {
    const seed = SEED + checkIndex++;
    routeUnderTest = route.url;
    const property = fc.asyncProperty(requestArb(route, identity === 'signed out'), async (req) => {
      const problem = await problemWith(identity, req);
      if (problem) throw new Error(problem);
    });
    const details = await fc.check(property, {
      numRuns: runsFor(route),
      seed,
      // Bounds the shrinking of a slow request; a route that cannot run once in this time fails.
      interruptAfterTimeLimit: 30_000,
      markInterruptAsFailure: false,
    });
    if (details.failed) {
      const why =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : `${identity}: ${route.method} ${route.url} did not finish one run in 30 s`;
      failures.push(
        `${why}\n  route ${route.method} ${route.url}; replay with FUZZ_SEED=${SEED} ` +
          `(seed ${seed}, path ${details.counterexamplePath}; ${details.numShrinks} shrinks)`,
      );
    }
    await keepSignedIn(identity);
  }
  return failures;
}

let apiRoutes: Route[] = [];
let pageRoutes: Route[] = [];
const post = async (url: string, cookie: string, payload: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  if (res.statusCode >= 300) throw new Error(`setup: ${url} answered ${res.statusCode} ${res.body}`);
  return res.json();
};

beforeAll(async () => {
  t = await createTestApp({
    loginLimitPerIp: 1_000_000,
    loginLimitPerEmail: 1_000_000,
    memberWriteLimits: { bookingsPerMember: 1_000_000, perIp: 1_000_000 },
    ...(process.env.FUZZ_LOG ? { logLevel: 'error' } : {}),
  });
  cookies.member = await t.signIn(MEMBER_EMAIL, 'Fuzz', 'Member');
  cookies.admin = await t.signInAdmin(ADMIN_EMAIL);
  const [member, admin] = [cookies.member, cookies.admin];
  const other = await t.signIn(OTHER_EMAIL, 'Other', 'Member');

  validPng = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  bigPng = await sharp({ create: { width: 1600, height: 1000, channels: 4, background: '#3c3c' } })
    .png()
    .toBuffer();

  // A live dynamic RSVP fed by the demo sheet, so the dynamic routes reach their engine.
  await t.db.insert(benefits).values({
    id: DYNAMIC_BENEFIT,
    slug: DYNAMIC_BENEFIT,
    title: 'Fuzz Brunch',
    description: 'Brunch on the water.',
    partnerContactEmail: 'brunch@partner.example',
    action: 'page',
    actionTarget: `/rsvp/${DYNAMIC_BENEFIT}`,
  });
  const sheet = { tab1Url: BRUNCH_SHEET, tab1Name: 'Form Submissions', tab2Url: BRUNCH_SHEET, tab2Name: 'Slot Logic' };
  const processed = await post('/api/sheets/process', admin, sheet);
  const config = await post('/api/admin/rsvp-config', admin, {
    benefitId: DYNAMIC_BENEFIT,
    configName: 'Fuzz Brunch RSVP',
    formFields: processed.tab1Headers,
    slotConfig: { hasSlots: true, slotField: 'timeSlot', allowWaitlist: true },
    sheetMapping: sheet,
  });
  await post(`/api/admin/rsvp-config/${config.id}/deploy`, admin, {});

  // Bookings of both members: the booking routes and the admin's lists get real ids.
  const answer = (fullName: string, email: string) => ({
    formData: { fullName, email, rsvp: 'Yes', timeSlot: '1:00pm-2:00pm', bringingGuests: 'Yes', numberOfGuests: 1 },
  });
  const own = [
    await post(`/api/rsvp/dynamic/${DYNAMIC_BENEFIT}`, member, answer('Fuzz Member', MEMBER_EMAIL)),
    await post('/api/rsvp/mclaren-tour', member, {}),
    await post('/api/ap-house/rsvp', member, {
      fullName: 'Fuzz Member',
      email: MEMBER_EMAIL,
      selectedDate: '2031-09-30',
      timeSlot: '10:00am-11:00am',
      bringingGuests: 'yes',
      guestCount: 1,
    }),
  ];
  harvested.ownBookings.push(...own.map((b: { bookingId: string }) => b.bookingId));
  await post(`/api/rsvp/dynamic/${DYNAMIC_BENEFIT}`, other, answer('Other Member', OTHER_EMAIL));
  await post('/api/rsvp/sap-night', other, {
    fullName: 'Other Member',
    email: OTHER_EMAIL,
    rsvpStatus: 'yes',
    tourRequested: 'yes',
    timeSlot: '5:00pm-5:30pm',
  });
  const upload = multipart({}, [{ field: 'image', filename: 'a.png', contentType: 'image/png', data: validPng }]);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/upload-image',
    headers: { ...upload.headers, cookie: admin },
    payload: upload.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`setup: image upload answered ${uploaded.body}`);
  harvested.images.push(String(uploaded.json().imageUrl).split('/').pop() ?? '');

  const ids = async (table: typeof bookings | typeof eventSlots | typeof outboxJobs | typeof rsvpConfigurations) =>
    (await t.db.select({ id: table.id }).from(table)).map((r) => String(r.id));
  harvested.otherBookings.push(...(await ids(bookings)).filter((id) => !harvested.ownBookings.includes(id)));
  harvested.slots.push(...(await ids(eventSlots)));
  harvested.configs.push(...(await ids(rsvpConfigurations)));
  harvested.mail.push(...(await ids(outboxJobs)).slice(0, 6));

  // The app's route list carries each route's schema as registered.
  const list = t.app.routeList.filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
  const route = (r: (typeof list)[number]): Route => ({
    method: r.method,
    url: r.url,
    schemas: (r.schema ?? {}) as RouteSchemas,
  });
  apiRoutes = list.filter((r) => r.url.startsWith('/api/')).map(route);
  // Pages: a few SPA paths, plus whatever else is registered outside /api (the static wildcard after a build).
  const extra = list.filter((r) => !r.url.startsWith('/api/') && r.url !== '/');
  pageRoutes = [...PAGES.map((url) => ({ method: 'GET', url, schemas: {} })), ...extra.map(route)];
}, 120_000);

afterAll(async () => {
  if (stats) console.log([...stats].map(([key, counts]) => `${key} ${JSON.stringify(counts)}`).join('\n'));
  await t?.close();
});

const fewer = Math.max(3, Math.ceil(RUNS / 4));
const isDelete = (r: Route) => r.method === 'DELETE';
const signedInRoute = (r: Route) => !LOGOUTS.has(`${r.method} ${r.url}`);
const report = (failures: string[]) =>
  failures.length ? `${failures.length} failing route(s), FUZZ_SEED=${SEED}:\n\n${failures.join('\n\n')}` : '';

describe('route fuzz: schema-shaped hostile requests to every route', () => {
  it('covers every API route the app registers, most with a schema', () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    const withSchema = apiRoutes.filter((r) => r.schemas.body || r.schemas.querystring || r.schemas.params);
    expect(withSchema.length).toBeGreaterThan(25);
  });

  // Deletions come last in each pass: they would leave the other routes fewer real ids to reach.
  it('signed out: no 5xx, nothing slow', async () => {
    const routes = [...apiRoutes.filter((r) => !isDelete(r)), ...pageRoutes, ...apiRoutes.filter(isDelete)];
    const failures = await fuzz('signed out', routes, (r) => (isAdminRoute(r.url) ? fewer : RUNS));
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it('as a member: no 5xx, nothing slow', async () => {
    const routes = [...apiRoutes.filter(signedInRoute), ...pageRoutes];
    const failures = await fuzz('member', routes, (r) => (isAdminRoute(r.url) ? fewer : RUNS));
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it('as an admin: no 5xx, nothing slow', async () => {
    const routes = [...apiRoutes.filter((r) => signedInRoute(r) && !isDelete(r)), ...pageRoutes];
    const failures = await fuzz('admin', routes, (r) => (isAdminRoute(r.url) ? RUNS : fewer));
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it("as a member again, over what the admin's fuzz left behind", async () => {
    const routes = apiRoutes.filter((r) => signedInRoute(r) && !isAdminRoute(r.url));
    const failures = await fuzz('member', routes, () => Math.ceil(RUNS / 2));
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it('as an admin, the deletions', async () => {
    const failures = await fuzz('admin', apiRoutes.filter(isDelete), () => RUNS);
    expect(failures, report(failures)).toEqual([]);
  }, 300_000);

  it('still answers afterwards', async () => {
    const res = await t.app.inject({ url: '/api/benefits', headers: { cookie: cookies.member ?? '' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
