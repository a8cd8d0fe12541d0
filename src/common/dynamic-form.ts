import { z } from 'zod';
import { isoDate, isoTime } from './dates.ts';
import { type FieldType, fitsRole, NO_ROLE, type RoleKey, type SlotConfig } from './rsvp-config.ts';

/** A form field as the dynamic page and its handler see it (docs/spec/admin-and-rsvp.md §3, "Dynamic RSVP data"). */
export type DynamicField = {
  fieldName: string;
  displayName: string;
  fieldType: FieldType;
  isRequired: boolean;
  isVisible: boolean;
  ordering: number;
  placeholder?: string | null;
  helpText?: string | null;
  options?: string[] | null;
  /** The options as the member's language shows them, by position (decision 062). */
  optionLabels?: string[];
  /** Its words served in English in another language (`displayName`, `options.2`; decision 073). */
  fallback?: string[];
  validation?: {
    minLength?: number;
    maxLength?: number;
    pattern?: string;
    min?: number;
    max?: number;
    customMessage?: string;
  } | null;
};

export type FormRoles = {
  rsvp?: string;
  date?: string;
  slot?: string;
  tour?: string;
  guestStatus?: string;
  guestCount?: string;
};

export const DYN_MSG = {
  required: (name: string) => `${name} is required`,
  select: (name: string) => `Please select ${name}`,
  accept: (name: string) => `Please accept ${name}`,
  email: 'Please enter a valid email address',
  minLength: (name: string, n: number) => `${name} must be at least ${n} characters`,
  maxLength: (name: string, n: number) => `${name} must be at most ${n} characters`,
  pattern: (name: string) => `${name} format is invalid`,
  number: (name: string) => `${name} must be a number`,
  date: (name: string) => `${name} must be a date (YYYY-MM-DD)`,
  time: (name: string) => `${name} must be a time (HH:MM)`,
  min: (name: string, n: number) => `${name} must be at least ${n}`,
  max: (name: string, n: number) => `${name} must be at most ${n}`,
  guests: (max: number) =>
    max === 2
      ? 'Please specify 1 or 2 guests (maximum 2 guests allowed)'
      : `Please specify 1 to ${max} guests (maximum ${max} guests allowed)`,
  dateOnYes: 'Please select a date when RSVPing yes',
  slotForDate: 'Please select a time slot for your chosen date',
  slotForTour: 'Please select a time slot when requesting a tour',
  slotOnYes: 'Please select a time slot when RSVPing yes',
  tourOnYes: 'Please select tour preference when RSVPing yes',
  tourYesNoOnYes: 'Please select whether you want a tour when RSVPing yes',
  termsRequired: 'Please accept the terms and conditions to continue',
  termsLabel: 'I accept the terms and conditions',
  validationTitle: 'Form Validation Error',
  validationLead: 'Please check these fields:',
} as const;

const SPEC_MSG: DynMessages = DYN_MSG;

/** The dynamic form's messages: the spec's English above, or the browser's in the member's language. */
export type DynMessages = {
  [K in keyof typeof DYN_MSG]: (typeof DYN_MSG)[K] extends string ? string : (typeof DYN_MSG)[K];
};

const has = (name: string, ...hints: string[]) => hints.some((h) => name.toLowerCase().includes(h));
// Localised sheets offer their own yes (a golf day's "Présence (Oui/Non)"): it opens the date and slot all the same.
const YES = /^(yes|y|true|attending|going|accept(ed)?|oui|sí|si|ja|sim)$/i;
export const isYes = (v: unknown) => v === true || (typeof v === 'string' && YES.test(v.trim()));
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Which role key of the configuration each of a form's roles is stored under. */
export const ROLE_KEY_OF: Record<keyof FormRoles, RoleKey> = {
  slot: 'slotField',
  date: 'dateField',
  rsvp: 'rsvpStatusField',
  tour: 'tourRequestField',
  guestStatus: 'guestStatusField',
  guestCount: 'guestCountField',
};
type RoleChoices = Partial<Record<RoleKey, string | null | undefined>>;
/** What inference knows of Tab 2: whether slots are on, and whether they carry dates (unknown: undefined). */
export type SlotShape = { hasSlots?: boolean; datedSlots?: boolean };

/**
 * The one role inference (decision 049), used by the wizard's proposal, the spec's call without roles and the live
 * form: a choice the configuration made wins ('' is None); an unset role takes the first field whose name hints at
 * it and whose type the role can take (ROLE_TYPES). The date role is inferred only for slots on several days, and
 * only from a field called selectedDate or Date: any other date question ("Arriving on") is just a question.
 */
export function resolveRoles(fields: DynamicField[], chosen: RoleChoices = {}, shape: SlotShape = {}): FormRoles {
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  // Hidden fields (the sheet's Timestamp column) never play a role a member must fill.
  const candidates = fields.filter((f) => f.isVisible && !has(f.fieldName, 'timestamp'));
  // A field the configuration gave a role is never inferred for another.
  const taken = new Set(Object.values(chosen).filter((c): c is string => Boolean(c && byName.has(c))));
  const pick = (role: keyof FormRoles, test: (f: DynamicField) => boolean) => {
    const key = ROLE_KEY_OF[role];
    const c = chosen[key];
    if (c === NO_ROLE) return undefined;
    const named = c ? byName.get(c) : undefined;
    const found = named && fitsRole(key, named.fieldType) ? named : undefined;
    const name = (found ?? candidates.find((f) => fitsRole(key, f.fieldType) && !taken.has(f.fieldName) && test(f)))
      ?.fieldName;
    if (name) taken.add(name);
    return name;
  };
  // Most specific first, so a guest count never reads as the guest status, nor a date column as the slot.
  const guestCount = pick('guestCount', (f) => has(f.fieldName, 'guest', 'plus'));
  const date =
    chosen.dateField || shape.datedSlots
      ? pick('date', (f) => f.fieldName === 'selectedDate' || /^date$/i.test(f.displayName.trim()))
      : undefined;
  const slot =
    shape.hasSlots === false
      ? undefined
      : pick('slot', (f) => f.fieldName === 'timeSlot' || has(f.fieldName, 'slot', 'time'));
  return {
    rsvp: pick('rsvp', (f) => has(f.fieldName, 'rsvp', 'attending', 'status')),
    date,
    slot,
    tour: pick('tour', (f) => has(f.fieldName, 'tour')),
    guestCount,
    guestStatus: pick('guestStatus', (f) => has(f.fieldName, 'guest')),
  };
}

/**
 * A configuration's roles as members' form and the server both read them (the admin preview too), for slots that
 * carry dates or not (`datedSlots`; undefined when unknown). With slots switched off, a 'Time Slot' column is just
 * a question; on time-only slots the date role plays no part, so a date question never narrows the slot (decision 023).
 */
export function rolesFor(fields: DynamicField[], slots: SlotConfig, datedSlots?: boolean): FormRoles {
  const roles = resolveRoles(fields, slots, { hasSlots: slots.hasSlots, datedSlots });
  return { ...roles, date: datedSlots === false ? undefined : roles.date };
}

function fieldSchema(
  f: DynamicField,
  roles: FormRoles,
  maxGuests: number,
  testerFor: PatternTester,
  msg: DynMessages,
): z.ZodType {
  const name = f.displayName;
  const v = f.validation ?? {};
  const optionalByRule = f.fieldName === roles.slot || f.fieldName === roles.date; // enforced by the cross rules
  const required = f.isRequired && !optionalByRule;
  switch (f.fieldType) {
    case 'email':
      return required
        ? z
            .string({ error: msg.required(name) })
            .trim()
            .min(1, msg.required(name))
            .pipe(z.email(msg.email))
        : z.union([z.literal(''), z.string().trim().pipe(z.email(msg.email))]).optional();
    case 'number': {
      // The guest count's limit is the guest rule's (1 to maxGuests), with its own message.
      const isGuestCount = f.fieldName === roles.guestCount;
      const min = isGuestCount ? 0 : (v.min ?? 0);
      const max = isGuestCount ? undefined : (v.max ?? (has(f.fieldName, 'guest') ? maxGuests : undefined));
      const s = z.unknown().transform((x, ctx) => {
        const fail = (message: string) => {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        };
        if (blank(x)) return required ? fail(msg.required(name)) : undefined;
        const n = typeof x === 'number' ? x : typeof x === 'string' ? Number(x.trim()) : Number.NaN;
        if (Number.isNaN(n)) return fail(msg.number(name));
        if (n < min) return fail(msg.min(name, min));
        if (max !== undefined && n > max) return fail(msg.max(name, max));
        return n;
      });
      return required ? s : s.optional();
    }
    case 'select':
    case 'radio': {
      const options = f.options ?? [];
      const s = z
        .string({ error: msg.select(name) })
        .refine((x) => options.length === 0 || options.includes(x), msg.select(name));
      return required
        ? z
            .string({ error: msg.select(name) })
            .min(1, msg.select(name))
            .pipe(s)
        : z.union([z.literal(''), s]).optional();
    }
    case 'date':
    case 'time': {
      const format = f.fieldType === 'date' ? isoDate(msg.date(name)) : isoTime(msg.time(name));
      const s = z.string({ error: msg.required(name) }).trim();
      return required ? s.min(1, msg.required(name)).pipe(format) : z.union([z.literal(''), s.pipe(format)]).optional();
    }
    case 'checkbox':
      return required ? z.literal(true, { error: msg.accept(name) }) : z.boolean().optional();
    default: {
      const matches = v.pattern ? testerFor(v.pattern) : null;
      const s = z
        .string({ error: msg.required(name) })
        .trim()
        .superRefine((x, ctx) => {
          const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
          if (x === '') return required ? fail(msg.required(name)) : undefined;
          if (v.minLength && x.length < v.minLength) return fail(v.customMessage || msg.minLength(name, v.minLength));
          const max = v.maxLength ?? 5000;
          if (x.length > max) return fail(v.customMessage || msg.maxLength(name, max));
          if (matches && !matches(x)) fail(v.customMessage || msg.pattern(name));
        });
      return required ? s : s.optional();
    }
  }
}

/** Compiles an admin's pattern into a test, or null when it cannot (a broken pattern must not lock members out). */
export type PatternTester = (pattern: string) => ((text: string) => boolean) | null;

/**
 * Leaves patterns to the server: what a caller without RE2 at hand passes (a browser still loading it). Admin patterns
 * never run on JavaScript's own engine, which backtracks (`(a|a)*$` hangs a phone); the server and, once loaded, the
 * browser pass `linearPattern` (common/admin-pattern.ts).
 */
export const patternsLeftToServer: PatternTester = () => null;

export type DynamicResult =
  | { success: true; data: Record<string, unknown>; guestCount: number }
  | { success: false; errors: Record<string, string> };

type CompiledForm = {
  key: string;
  testerFor: PatternTester;
  msg: DynMessages;
  schema: z.ZodType<Record<string, unknown>>;
};
const compiledForms = new WeakMap<DynamicField[], CompiledForm[]>();

/**
 * The zod schema of a form's visible fields, built once per list of fields (the server's live form is one shared
 * list): in a rush, building it for each of a thousand answers cost more than checking them.
 */
function formSchema(
  fields: DynamicField[],
  roles: FormRoles,
  maxGuests: number,
  testerFor: PatternTester,
  msg: DynMessages,
) {
  const key = JSON.stringify([roles, maxGuests, fields]); // a list edited in place is a new key
  const known = compiledForms.get(fields) ?? [];
  const hit = known.find((c) => c.key === key && c.testerFor === testerFor && c.msg === msg);
  if (hit) return hit.schema;
  const visible = fields.filter((f) => f.isVisible);
  const shape = Object.fromEntries(visible.map((f) => [f.fieldName, fieldSchema(f, roles, maxGuests, testerFor, msg)]));
  const schema = z.object(shape) as z.ZodType<Record<string, unknown>>;
  compiledForms.set(fields, [...known.slice(-3), { key, testerFor, msg, schema }]);
  return schema;
}

/** One validator for the dynamic form and its handler (docs/spec/admin-and-rsvp.md §4, §5). */
export function validateDynamicForm(
  fields: DynamicField[],
  roles: FormRoles,
  input: Record<string, unknown>,
  maxGuests = 2,
  testerFor: PatternTester = patternsLeftToServer,
  msg: DynMessages = SPEC_MSG,
): DynamicResult {
  const visible = fields.filter((f) => f.isVisible);
  const parsed = formSchema(fields, roles, maxGuests, testerFor, msg).safeParse(input);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (key && !errors[key]) errors[key] = issue.message;
    }
  }
  const data = (parsed.success ? parsed.data : input) as Record<string, unknown>;
  const present = (key?: string) => Boolean(key && visible.some((f) => f.fieldName === key));
  const setOnce = (key: string | undefined, msg: string) => {
    if (key && !errors[key]) errors[key] = msg;
  };

  const withRsvp = present(roles.rsvp);
  const yes = withRsvp ? isYes(data[roles.rsvp as string]) : true;
  const nameOf = (key: string | undefined) => visible.find((f) => f.fieldName === key)?.displayName ?? '';
  // A form without an RSVP question books on every submit: its date and slot are asked every time (DESIGN §8).
  if (yes && present(roles.date) && blank(data[roles.date as string]))
    setOnce(roles.date, withRsvp ? msg.dateOnYes : msg.required(nameOf(roles.date)));
  if (yes && withRsvp) {
    if (present(roles.tour) && blank(data[roles.tour as string])) {
      // A yes/no tour question asks "whether"; a list of tours asks for a preference.
      const tour = visible.find((f) => f.fieldName === roles.tour);
      setOnce(
        roles.tour,
        tour?.fieldType === 'radio' || tour?.fieldType === 'checkbox' ? msg.tourYesNoOnYes : msg.tourOnYes,
      );
    }
  }
  if (present(roles.slot) && blank(data[roles.slot as string])) {
    if (present(roles.date) && !blank(data[roles.date as string])) setOnce(roles.slot, msg.slotForDate);
    else if (present(roles.tour) && isYes(data[roles.tour as string])) setOnce(roles.slot, msg.slotForTour);
    else if (yes) setOnce(roles.slot, withRsvp ? msg.slotOnYes : msg.required(nameOf(roles.slot)));
  }

  let guestCount = 0;
  if (present(roles.guestCount)) {
    const raw = data[roles.guestCount as string];
    const n = blank(raw) ? 0 : Number(raw);
    const bringing = present(roles.guestStatus) ? isYes(data[roles.guestStatus as string]) : n > 0;
    if (bringing && !(Number.isInteger(n) && n >= 1 && n <= maxGuests))
      setOnce(roles.guestCount, msg.guests(maxGuests));
    guestCount = bringing && Number.isInteger(n) ? n : 0;
  }

  if (Object.keys(errors).length > 0) return { success: false, errors };
  return { success: true, data, guestCount };
}

/** 'Please check these fields: Full Name, Email' for the 'Form Validation Error' toast. */
export function validationSummary(
  fields: DynamicField[],
  errors: Record<string, string>,
  msg: DynMessages = SPEC_MSG,
): string {
  const names = fields.filter((f) => errors[f.fieldName]).map((f) => f.displayName); // in the form's order
  return `${msg.validationLead} ${names.join(', ')}`;
}

/** Standard keys (docs/spec/admin-and-rsvp.md §3) by type and name hints, for the export and the standard columns. */
export function standardKey(f: Pick<DynamicField, 'fieldName' | 'fieldType'>): string | null {
  const n = f.fieldName.toLowerCase();
  if (n.includes('timestamp')) return 'submissionTimestamp';
  if (f.fieldType === 'email' || n.includes('email')) return 'email';
  if (n.includes('phone') || n.includes('mobile')) return 'phoneNumber';
  if (n.includes('name')) return 'fullName';
  if (n.includes('rsvp') || n.includes('status') || n.includes('attending')) return 'rsvp';
  if (f.fieldType === 'date' || n.includes('date')) return 'selectedDate';
  if (n.includes('slot') || n.includes('time')) return 'timeSlot';
  return null;
}

/**
 * The fields whose answers are the booking's own name and phone (what lists and the door show as Name and Phone):
 * a field named fullName, else a name field that is not a first, last, company, guest or event name; a tel field.
 */
export function identityFields(fields: Pick<DynamicField, 'fieldName' | 'fieldType'>[]) {
  const name =
    fields.find((f) => f.fieldName === 'fullName') ??
    fields.find((f) => /name/i.test(f.fieldName) && !/first|last|company|guest|event/i.test(f.fieldName));
  return { name: name?.fieldName, phone: fields.find((f) => f.fieldType === 'tel')?.fieldName };
}

const NAME_FIELDS: [RegExp, 'fullName' | 'firstName' | 'lastName'][] = [
  [/^(full_?name|name|nom_?complet)$/i, 'fullName'],
  [/^first_?name$/i, 'firstName'],
  [/^(last_?name|surname)$/i, 'lastName'],
];

/**
 * What a form starts with for a known member (their own page, or an admin booking them): every e-mail field their
 * e-mail, and a name field their name, so nobody types again what the portal already knows.
 */
export function identityAnswers(
  fields: Pick<DynamicField, 'fieldName' | 'fieldType'>[],
  who: { email: string; firstName?: string | null; lastName?: string | null },
): Record<string, string> {
  const parts = {
    fullName: [who.firstName, who.lastName].filter(Boolean).join(' '),
    firstName: who.firstName ?? '',
    lastName: who.lastName ?? '',
  };
  const answers: Record<string, string> = {};
  for (const f of fields) {
    if (f.fieldType === 'email') answers[f.fieldName] = who.email;
    const name = NAME_FIELDS.find(([re]) => re.test(f.fieldName))?.[1];
    if (name && parts[name]) answers[f.fieldName] = parts[name];
  }
  return answers;
}

/** The wizard's names for the role pickers (its Slot Logic tab). */
export const ROLE_TITLES: Record<RoleKey, string> = {
  slotField: 'Time Slot Field',
  dateField: 'Date Field',
  rsvpStatusField: 'RSVP Status Field',
  tourRequestField: 'Tour Request Field',
  guestStatusField: 'Guest Status Field',
  guestCountField: 'Guest Count Field',
};

export const ROLE_WARNING = {
  noSlot: 'Slots are on but no question is the Time Slot Field: members would book without a slot. Choose one.',
  noDate: (slot: string) =>
    `Tab 2's slots are on several days but no question is the Date Field: members cannot pick a day, so "${slot}" stays hidden. Choose a Date Field.`,
  dateUnused: (date: string) =>
    `"${date}" is the Date Field, but Tab 2's slots have no dates: it is asked as a plain question.`,
  slotsOff: (slot: string) => `"${slot}" is the Time Slot Field, but slots are off: it is asked as a plain question.`,
  rsvpOrphan: (name: string) =>
    `"${name}" is not the RSVP Status Field: members who answer no still book a place, and are asked for a slot.`,
  rsvpNoYes: (name: string) =>
    `None of the options of "${name}" means yes: the date and time slot questions would never show.`,
  guestsUncounted: (name: string) => `"${name}" is the Guest Status Field but no Guest Count Field counts the guests.`,
} as const;

/**
 * What the preview warns about a draft's roles: a question that a role choice hides (a slot members cannot reach)
 * or orphans (an RSVP question that gates nothing). The same roles members will get (rolesFor).
 */
export function roleWarnings(fields: DynamicField[], slots: SlotConfig, datedSlots?: boolean): string[] {
  const roles = rolesFor(fields, slots, datedSlots);
  const label = (name?: string) => fields.find((f) => f.fieldName === name)?.displayName ?? name ?? '';
  const warnings: string[] = [];
  if (slots.hasSlots && !roles.slot) warnings.push(ROLE_WARNING.noSlot);
  if (slots.hasSlots && roles.slot && datedSlots && !roles.date) warnings.push(ROLE_WARNING.noDate(label(roles.slot)));
  if (slots.dateField && datedSlots === false) warnings.push(ROLE_WARNING.dateUnused(label(slots.dateField)));
  if (!slots.hasSlots && slots.slotField) warnings.push(ROLE_WARNING.slotsOff(label(slots.slotField)));
  const rsvp = fields.find((f) => f.fieldName === roles.rsvp);
  if (rsvp?.options?.length && !rsvp.options.some(isYes)) warnings.push(ROLE_WARNING.rsvpNoYes(rsvp.displayName));
  const orphan = fields.find(
    (f) => f.isVisible && f.fieldName !== roles.rsvp && fitsRole('rsvpStatusField', f.fieldType) && attends(f),
  );
  if (!roles.rsvp && orphan && roles.slot) warnings.push(ROLE_WARNING.rsvpOrphan(orphan.displayName));
  if (roles.guestStatus && !roles.guestCount) warnings.push(ROLE_WARNING.guestsUncounted(label(roles.guestStatus)));
  return warnings;
}
const attends = (f: DynamicField) => has(`${f.fieldName} ${f.displayName}`, 'rsvp', 'attending', 'attend');
