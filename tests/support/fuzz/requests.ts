/** The route fuzz's requests: a route's path, query and body, shaped by its schemas, often hostile. */
import fc from 'fast-check';
import { addBenefitSchema } from '#common/admin.ts';
import { multipart } from '../multipart.ts';
import { defOf, jsonValue, pick, plausibleString, shaped } from './arbitraries.ts';
import { Deep, MEMBER_EMAIL, RAW_QUERIES, RAW_SEGMENTS, samplePngs, toJson } from './pools.ts';

// ---- the routes' schemas ------------------------------------------------------------------------------
export type RouteSchemas = { body?: unknown; querystring?: unknown; params?: unknown };
const MULTIPART_ROUTES = new Set(['POST /api/admin/benefits', 'POST /api/upload-image']);

// ---- requests -----------------------------------------------------------------------------------------
export type Route = { method: string; url: string; schemas: RouteSchemas };
type Body = { headers: Record<string, string>; payload?: string | Buffer };
export type FuzzRequest = Body & {
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
    { arbitrary: pick([samplePngs.valid, samplePngs.big]), weight: 4 },
    {
      arbitrary: pick([
        Buffer.alloc(0),
        Buffer.from('GIF89a'),
        Buffer.from('not an image'),
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        samplePngs.valid.subarray(0, 64),
        Buffer.concat([samplePngs.valid.subarray(0, 100), Buffer.alloc(2000, 0xff)]),
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

export function requestArb(route: Route, forgeCookies: boolean): fc.Arbitrary<FuzzRequest> {
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
