/** The route fuzz's values (tests/api/route-fuzz.test.ts): who it signs in as, and the pools its requests draw from. */

export const MEMBER_EMAIL = 'fuzz-member@example.com';
export const OTHER_EMAIL = 'fuzz-other@example.com';
export const ADMIN_EMAIL = 'fuzz-admin@example.com';
export const BRUNCH_SHEET = 'https://docs.google.com/spreadsheets/d/demo-yacht-brunch/edit#gid=0';
const GALLERY_SHEET = 'https://docs.google.com/spreadsheets/d/demo-gallery-walk/edit#gid=0';
export const DYNAMIC_BENEFIT = 'fuzz-brunch';

// ---- value pools: what a client would plausibly send (valid), and what it might send (odd) ----------------
export type Pool = { valid: readonly string[]; odd: readonly string[] };
export const huge = 'x'.repeat(100_000);
export const IDS: Pool = {
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
export const EMAILS: Pool = {
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
export const DATES: Pool = {
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
export const DATETIMES: Pool = {
  valid: ['2026-10-01T19:00:00+08:00', '2024-01-01T00:00:00Z', '1900-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
  odd: [
    '2026-10-01T25:61:00+08:00',
    '2026-10-01T19:00:00+99:00',
    '9999-12-31T23:59:59.999999-14:00',
    '0001-01-01T00:00:00Z',
  ],
};
export const TIMES: Pool = {
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
export const CLOCKS: Pool = {
  valid: ['09:00', '19:30', '00:00', '23:59'],
  odd: ['24:00', '9:5', '7pm', '25:61', '12:00:00', '-01:00'],
};
export const ZONES: Pool = {
  valid: ['Asia/Singapore', 'UTC', 'Europe/London', 'America/St_Johns', 'Pacific/Kiritimati'],
  odd: ['Mars/Phobos', '+08:00', 'utc', 'Etc/GMT+14', 'asia/singapore', 'Local'],
};
export const URLS: Pool = {
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
export const REDIRECTS: Pool = {
  valid: ['', '/benefits', '/rsvp/sap-night', 'https://example.com/thanks'],
  odd: ['//evil.example/', 'javascript:alert(1)', '/\\evil.example', 'http://example.com/', '/%2F%2Fevil'],
};
export const NAMES: Pool = {
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
export const CSVS: Pool = {
  valid: [
    'email,firstName,lastName\nfuzz-csv@example.com,Csv,Row',
    `email\nfuzz-1@example.com\n${OTHER_EMAIL}`,
    'email,firstName,lastName\nfuzz-csv@example.com,<b>Csv</b>,"=HYPERLINK(""http://x"")"',
  ],
  odd: ['not,a,header\n1,2,3', '\uFEFFemail\n', 'email\n"unterminated', 'email\n\n\n,,,\n'],
};
/** Storable text, hostile in meaning: it passes the NUL check and reaches handlers and the database. */
export const HOSTILE_TEXT = [
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
export const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\udc00y', `${huge}\u0000`];
export const WRONG_TYPES: unknown[] = [null, 0, -1, true, [], {}, ['a'], { $ne: 1 }, 1e308];
export const FIELD_NAMES = [
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
export const PATTERNS: Pool = {
  valid: ['^a+$', '^(\\d{3})$', '\\p{L}+', '.*'],
  odd: ['(a+)+$', '(a|aa)+$', '[', '(?<x>a)\\k<x>', 'a{1,100000}', '(?=a)'],
};
export const RAW_SEGMENTS = [
  '%00',
  '%ud800',
  '%E0%A4%A',
  '%ED%A0%80',
  '%2F',
  '..',
  '%2e%2e',
  '%C0%AE',
  'a%2Fb',
  '%25',
  '%',
];
export const RAW_QUERIES = [
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
export const harvested = {
  benefits: [] as string[],
  ownBookings: [] as string[],
  otherBookings: [] as string[],
  slots: [] as string[],
  configs: [] as string[],
  mail: [] as string[],
  images: [] as string[],
};
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** The pictures the upload routes get: made with sharp in the test's setup. */
export const samplePngs = { valid: Buffer.alloc(0), big: Buffer.alloc(0) };

export const csvOf = (rows: number) =>
  `email,firstName,lastName\n${Array.from({ length: rows }, (_, i) => `fuzz-csv-${i}@example.com,Csv,Row ${i}`).join('\n')}`;
/**
 * Nesting 50-5000 levels deep, kept as its JSON text: a real object that deep overflows the stack of
 * JSON.stringify (and of fast-check's printing) before the server ever sees it.
 */
export class Deep {
  constructor(readonly text: string) {}
}
export const deep = (depth: number, kind: 'object' | 'array') =>
  new Deep(
    kind === 'array'
      ? `${'['.repeat(depth)}"bottom"${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`,
  );
/** JSON.stringify that writes Deep values as their text; undefined (a missing key) stays undefined. */
export function toJson(value: unknown): string | undefined {
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
