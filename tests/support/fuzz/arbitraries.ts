/** Values of a zod schema's shape for the route fuzz: clean ones a client would send, and hostile ones. */
import fc from 'fast-check';
import {
  CLOCKS,
  CSVS,
  csvOf,
  DATES,
  DATETIMES,
  DYNAMIC_BENEFIT,
  deep,
  EMAILS,
  FIELD_NAMES,
  HOSTILE_TEXT,
  harvested,
  huge,
  IDS,
  NAMES,
  NIL_UUID,
  PATTERNS,
  type Pool,
  REDIRECTS,
  TIMES,
  UNSTORABLE,
  URLS,
  WRONG_TYPES,
  ZONES,
} from './pools.ts';

// ---- arbitraries from zod schemas ---------------------------------------------------------------------
export type ZodDef = { type: string; [key: string]: unknown };
type CheckDef = { check: string; maximum?: number; minimum?: number; value?: number; inclusive?: boolean };
export const defOf = (schema: unknown): ZodDef | null =>
  schema !== null && typeof schema === 'object' && '_zod' in schema
    ? (schema as { _zod: { def: ZodDef } })._zod.def
    : null;
const checksOf = (def: ZodDef): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((c) => c._zod.def);
const check = (def: ZodDef, kind: string) => checksOf(def).find((c) => c.check === kind);

export const pick = <T>(values: readonly T[]) => fc.constantFrom(...values);
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
export function plausibleString(format: string | undefined, hint: string, clean: boolean): fc.Arbitrary<string> {
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

/**
 * Any text, built once: a new fc.string of these units maps every code point for its shrinker (~1.1 million entries,
 * ~15 ms each time), so one per string leaf cost the fuzz about 4% of its CPU.
 */
const GRAPHEMES = fc.string({ unit: 'grapheme', maxLength: 30 });
const BINARY = fc.string({ unit: 'binary', maxLength: 12 });

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
      { arbitrary: GRAPHEMES, weight: 1 },
      { arbitrary: BINARY, weight: 1 },
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
export const jsonValue = (clean: boolean): fc.Arbitrary<unknown> =>
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
export const shaped = (schema: unknown, cleanWeight: number, hint = '') =>
  fc.oneof(
    { arbitrary: arbitraryFor(schema, true, hint), weight: cleanWeight },
    { arbitrary: arbitraryFor(schema, false, hint), weight: 1 },
  );
