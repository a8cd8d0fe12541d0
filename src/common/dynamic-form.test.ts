import { describe, expect, it } from 'vitest';
import { linearPattern } from './admin-pattern.ts';
import {
  DYN_MSG,
  type DynamicField,
  type FormRoles,
  identityAnswers,
  ROLE_WARNING,
  resolveRoles,
  rolesFor,
  roleWarnings,
  standardKey,
  validateDynamicForm,
  validationSummary,
} from './dynamic-form.ts';

let order = 0;
const field = (p: Partial<DynamicField> & Pick<DynamicField, 'fieldName'>): DynamicField => ({
  displayName: p.fieldName,
  fieldType: 'text',
  isRequired: false,
  isVisible: true,
  ordering: order++,
  ...p,
});

/** Errors of a single-field form (no cross rules: no roles). */
const errorsOf = (f: DynamicField, value: unknown, maxGuests?: number) => {
  const r = validateDynamicForm([f], {}, { [f.fieldName]: value }, maxGuests, linearPattern);
  return r.success ? {} : r.errors;
};
const dataOf = (f: DynamicField, value: unknown) => {
  const r = validateDynamicForm([f], {}, { [f.fieldName]: value }, 2, linearPattern);
  if (!r.success) throw new Error(`unexpected errors ${JSON.stringify(r.errors)}`);
  return r.data[f.fieldName];
};

describe('validateDynamicForm: rules by field type', () => {
  describe('text, textarea and tel', () => {
    const fullName = field({ fieldName: 'fullName', displayName: 'Full Name', isRequired: true });

    it.each([[''], ['   '], [undefined], [null]])('a required text %j is "{name} is required"', (value) => {
      expect(errorsOf(fullName, value)).toEqual({ fullName: 'Full Name is required' });
    });

    it('accepts and trims a required text', () => {
      expect(dataOf(fullName, '  Ada Lovelace ')).toBe('Ada Lovelace');
    });

    it.each(['textarea', 'tel'] as const)('a required %s left blank is "{name} is required"', (fieldType) => {
      const f = field({ fieldName: 'x', displayName: 'Your Answer', fieldType, isRequired: true });
      expect(errorsOf(f, '')).toEqual({ x: 'Your Answer is required' });
      expect(errorsOf(f, 'something')).toEqual({});
    });

    it('leaves an optional blank text alone, even with a minLength or pattern', () => {
      const f = field({ fieldName: 'code', displayName: 'Code', validation: { minLength: 3, pattern: '^\\d+$' } });
      expect(errorsOf(f, '')).toEqual({});
      expect(errorsOf(f, undefined)).toEqual({});
    });

    it('applies minLength with the default message', () => {
      const f = field({ fieldName: 'code', displayName: 'Code', validation: { minLength: 3 } });
      expect(errorsOf(f, 'ab')).toEqual({ code: 'Code must be at least 3 characters' });
      expect(errorsOf(f, 'abc')).toEqual({});
    });

    it('applies maxLength with the default message', () => {
      const f = field({ fieldName: 'code', displayName: 'Code', validation: { maxLength: 5 } });
      expect(errorsOf(f, 'abcdef')).toEqual({ code: 'Code must be at most 5 characters' });
      expect(errorsOf(f, 'abcde')).toEqual({});
    });

    it('caps any text at 5000 characters by default', () => {
      const f = field({ fieldName: 'comments', displayName: 'Comments', fieldType: 'textarea' });
      expect(errorsOf(f, 'x'.repeat(5001))).toEqual({ comments: 'Comments must be at most 5000 characters' });
      expect(errorsOf(f, 'x'.repeat(5000))).toEqual({});
    });

    it('applies a pattern with the default message, after trimming', () => {
      const f = field({ fieldName: 'code', displayName: 'Member Code', validation: { pattern: '^[A-Z]{3}\\d{2}$' } });
      expect(errorsOf(f, 'abc12')).toEqual({ code: 'Member Code format is invalid' });
      expect(dataOf(f, ' ABC12 ')).toBe('ABC12');
    });

    it.each([
      ['minLength', { minLength: 3 }, 'ab'],
      ['maxLength', { maxLength: 2 }, 'abc'],
      ['pattern', { pattern: '^\\d+$' }, 'abc'],
    ])('uses the custom message for %s', (_rule, validation, value) => {
      const f = field({
        fieldName: 'code',
        displayName: 'Code',
        validation: { ...validation, customMessage: 'Use your 2-digit table number' },
      });
      expect(errorsOf(f, value)).toEqual({ code: 'Use your 2-digit table number' });
    });

    it('does not use the custom message for a required text left blank', () => {
      const f = field({
        fieldName: 'code',
        displayName: 'Code',
        isRequired: true,
        validation: { minLength: 3, customMessage: 'Three letters please' },
      });
      expect(errorsOf(f, '')).toEqual({ code: 'Code is required' });
    });

    it.each(['[', '(unclosed', '*oops', '\\'])('an invalid pattern %j does not throw and does not block', (pattern) => {
      const f = field({ fieldName: 'code', displayName: 'Code', isRequired: true, validation: { pattern } });
      expect(() => validateDynamicForm([f], {}, { code: 'anything' }, 2, linearPattern)).not.toThrow();
      expect(errorsOf(f, 'anything')).toEqual({});
      expect(errorsOf(f, '')).toEqual({ code: 'Code is required' });
    });
  });

  describe('email', () => {
    const required = field({ fieldName: 'email', displayName: 'Email', fieldType: 'email', isRequired: true });
    const optional = field({ fieldName: 'email', displayName: 'Email', fieldType: 'email' });

    it.each([[''], ['  '], [undefined]])('a required email %j is "Email is required"', (value) => {
      expect(errorsOf(required, value)).toEqual({ email: 'Email is required' });
    });

    it.each(['not-an-email', 'a@', '@b.com', 'a b@c.com'])('%j is not a valid email', (value) => {
      expect(errorsOf(required, value)).toEqual({ email: 'Please enter a valid email address' });
      expect(errorsOf(optional, value)).toEqual({ email: 'Please enter a valid email address' });
    });

    it('accepts and trims a valid email', () => {
      expect(dataOf(required, ' ada@example.com ')).toBe('ada@example.com');
    });

    it('lets an optional email be blank', () => {
      expect(errorsOf(optional, '')).toEqual({});
      expect(errorsOf(optional, undefined)).toEqual({});
    });
  });

  describe('number', () => {
    const tickets = field({ fieldName: 'tickets', displayName: 'Tickets', fieldType: 'number' });

    it.each([
      ['3', 3],
      [' 4 ', 4],
      [5, 5],
      ['0', 0],
    ])('coerces %j to %j', (value, expected) => {
      expect(dataOf(tickets, value)).toBe(expected);
    });

    it('says a non-number "must be a number"', () => {
      expect(errorsOf(tickets, 'three')).toEqual({ tickets: 'Tickets must be a number' });
    });

    it('has a default minimum of 0', () => {
      expect(errorsOf(tickets, '-1')).toEqual({ tickets: 'Tickets must be at least 0' });
    });

    it('has no default maximum when the name has no "guest"', () => {
      expect(dataOf(tickets, '30')).toBe(30);
    });

    it.each(['guestCount', 'numberOfGuests', 'additionalGuests'])(
      'has a default maximum of 2 for %s (name contains "guest")',
      (fieldName) => {
        const f = field({ fieldName, displayName: 'Guests', fieldType: 'number' });
        expect(errorsOf(f, '3')).toEqual({ [fieldName]: 'Guests must be at most 2' });
        expect(dataOf(f, '2')).toBe(2);
      },
    );

    it('uses an explicit min and max', () => {
      const f = field({
        fieldName: 'tickets',
        displayName: 'Tickets',
        fieldType: 'number',
        validation: { min: 1, max: 5 },
      });
      expect(errorsOf(f, '0')).toEqual({ tickets: 'Tickets must be at least 1' });
      expect(errorsOf(f, '6')).toEqual({ tickets: 'Tickets must be at most 5' });
      expect(dataOf(f, '5')).toBe(5);
      expect(dataOf(f, '1')).toBe(1);
    });

    it('lets an explicit max override the guest default', () => {
      const f = field({ fieldName: 'guestCount', displayName: 'Guests', fieldType: 'number', validation: { max: 4 } });
      expect(dataOf(f, '4')).toBe(4);
      expect(errorsOf(f, '5')).toEqual({ guestCount: 'Guests must be at most 4' });
    });

    it('lets an optional number be blank', () => {
      expect(errorsOf(tickets, '')).toEqual({});
      expect(errorsOf(tickets, undefined)).toEqual({});
    });

    it('accepts a required number that is filled in', () => {
      const f = field({ fieldName: 'age', displayName: 'Age', fieldType: 'number', isRequired: true });
      expect(dataOf(f, '40')).toBe(40);
    });

    it('says a required number left blank "{name} is required"', () => {
      const f = field({ fieldName: 'age', displayName: 'Age', fieldType: 'number', isRequired: true });
      expect(errorsOf(f, '')).toEqual({ age: 'Age is required' });
    });
  });

  describe.each(['select', 'radio'] as const)('%s', (fieldType) => {
    const required = field({
      fieldName: 'colour',
      displayName: 'Preferred Colour',
      fieldType,
      isRequired: true,
      options: ['Red', 'Blue'],
    });
    const optional = { ...required, isRequired: false };

    it.each([[''], [undefined], ['Green'], ['red'], [3]])(
      'a required choice of %j is "Please select {name}"',
      (value) => {
        expect(errorsOf(required, value)).toEqual({ colour: 'Please select Preferred Colour' });
      },
    );

    it('accepts a listed option', () => {
      expect(dataOf(required, 'Blue')).toBe('Blue');
    });

    it('lets an optional choice be blank but not off the list', () => {
      expect(errorsOf(optional, '')).toEqual({});
      expect(errorsOf(optional, undefined)).toEqual({});
      expect(errorsOf(optional, 'Green')).toEqual({ colour: 'Please select Preferred Colour' });
    });

    it('accepts any answer when there is no option list, but still requires one', () => {
      const open = { ...required, options: [] };
      expect(dataOf(open, 'Anything')).toBe('Anything');
      expect(errorsOf(open, '')).toEqual({ colour: 'Please select Preferred Colour' });
    });
  });

  describe('checkbox', () => {
    const terms = field({ fieldName: 'terms', displayName: 'the Terms', fieldType: 'checkbox', isRequired: true });

    it.each([[false], [undefined], ['true'], ['on']])(
      'a required checkbox of %j is "Please accept {name}"',
      (value) => {
        expect(errorsOf(terms, value)).toEqual({ terms: 'Please accept the Terms' });
      },
    );

    it('accepts a ticked required checkbox', () => {
      expect(dataOf(terms, true)).toBe(true);
    });

    it('lets an optional checkbox be unticked or absent, but not a string', () => {
      const optional = { ...terms, isRequired: false };
      expect(errorsOf(optional, false)).toEqual({});
      expect(errorsOf(optional, undefined)).toEqual({});
      expect(errorsOf(optional, 'yes')).toHaveProperty('terms');
    });
  });

  it('ignores invisible fields, even required ones', () => {
    const hidden = field({ fieldName: 'internalRef', displayName: 'Ref', isRequired: true, isVisible: false });
    const name = field({ fieldName: 'fullName', displayName: 'Full Name', isRequired: true });
    const r = validateDynamicForm([hidden, name], {}, { fullName: 'Ada' });
    expect(r).toEqual({ success: true, data: { fullName: 'Ada' }, guestCount: 0 });
  });

  it('reports every failing field, one message each', () => {
    const fields = [
      field({ fieldName: 'fullName', displayName: 'Full Name', isRequired: true, validation: { minLength: 1 } }),
      field({ fieldName: 'email', displayName: 'Email', fieldType: 'email', isRequired: true }),
      field({ fieldName: 'comments', displayName: 'Comments', fieldType: 'textarea' }),
    ];
    const r = validateDynamicForm(fields, {}, { fullName: '', email: 'nope', comments: '' });
    expect(r).toEqual({
      success: false,
      errors: { fullName: 'Full Name is required', email: 'Please enter a valid email address' },
    });
  });
});

describe('validateDynamicForm: conditional rules', () => {
  const rsvp = field({
    fieldName: 'rsvp',
    displayName: 'RSVP',
    fieldType: 'radio',
    isRequired: true,
    options: ['Yes', 'No'],
  });
  const date = field({
    fieldName: 'selectedDate',
    displayName: 'Preferred Date',
    fieldType: 'select',
    options: ['2025-09-30', '2025-10-01'],
  });
  const slot = field({
    fieldName: 'timeSlot',
    displayName: 'Time Slot',
    fieldType: 'select',
    options: ['10:00am', '2:00pm'],
  });
  const tour = field({
    fieldName: 'wouldYouLikeATour',
    displayName: 'Would you like a tour?',
    fieldType: 'radio',
    options: ['Yes', 'No'],
  });
  const run = (fields: DynamicField[], input: Record<string, unknown>) =>
    validateDynamicForm(fields, resolveRoles(fields, {}, { datedSlots: true }), input);
  const errorsFor = (fields: DynamicField[], input: Record<string, unknown>) => {
    const r = run(fields, input);
    return r.success ? {} : r.errors;
  };

  it('on RSVP yes, requires the date, the tour preference and a time slot', () => {
    expect(errorsFor([rsvp, date, slot, tour], { rsvp: 'Yes' })).toEqual({
      selectedDate: 'Please select a date when RSVPing yes',
      wouldYouLikeATour: 'Please select whether you want a tour when RSVPing yes',
      timeSlot: 'Please select a time slot when RSVPing yes',
    });
  });

  it('asks for a time slot for the chosen date', () => {
    expect(
      errorsFor([rsvp, date, slot, tour], { rsvp: 'Yes', selectedDate: '2025-09-30', wouldYouLikeATour: 'No' }),
    ).toEqual({ timeSlot: 'Please select a time slot for your chosen date' });
  });

  it('asks for a time slot for a chosen date even before RSVP is answered yes', () => {
    expect(errorsFor([date, slot], { selectedDate: '2025-09-30' })).toEqual({
      timeSlot: 'Please select a time slot for your chosen date',
    });
  });

  it('asks for a time slot when a tour is requested (no date field)', () => {
    expect(errorsFor([rsvp, slot, tour], { rsvp: 'Yes', wouldYouLikeATour: 'Yes' })).toEqual({
      timeSlot: 'Please select a time slot when requesting a tour',
    });
  });

  it('asks for a time slot when a tour is requested on a form without an RSVP question', () => {
    expect(errorsFor([slot, tour], { wouldYouLikeATour: 'Yes' })).toEqual({
      timeSlot: 'Please select a time slot when requesting a tour',
    });
    // Without an RSVP question every submit books: the slot is asked all the same (DESIGN §8).
    expect(errorsFor([slot, tour], { wouldYouLikeATour: 'No' })).toEqual({ timeSlot: 'Time Slot is required' });
  });

  it('asks for a time slot on RSVP yes when no tour is requested', () => {
    expect(errorsFor([rsvp, slot, tour], { rsvp: 'Yes', wouldYouLikeATour: 'No' })).toEqual({
      timeSlot: 'Please select a time slot when RSVPing yes',
    });
    expect(errorsFor([rsvp, slot], { rsvp: 'Yes' })).toEqual({
      timeSlot: 'Please select a time slot when RSVPing yes',
    });
  });

  it('accepts a complete yes', () => {
    const input = { rsvp: 'Yes', selectedDate: '2025-10-01', timeSlot: '2:00pm', wouldYouLikeATour: 'Yes' };
    expect(run([rsvp, date, slot, tour], input)).toEqual({ success: true, data: input, guestCount: 0 });
  });

  it('needs none of date, slot or tour on RSVP no, even when they are marked required', () => {
    const fields = [rsvp, { ...date, isRequired: true }, { ...slot, isRequired: true }, tour];
    expect(run(fields, { rsvp: 'No' })).toEqual({ success: true, data: { rsvp: 'No' }, guestCount: 0 });
  });

  it.each(['yes', 'Y', 'attending', 'Going', 'accepted', 'Oui', 'Sí', 'ja'])(
    'treats an RSVP of %j as yes',
    (answer) => {
      const open = { ...rsvp, options: [] };
      expect(errorsFor([open, slot], { rsvp: answer })).toEqual({
        timeSlot: 'Please select a time slot when RSVPing yes',
      });
    },
  );

  it('applies no conditional rule while the RSVP itself is missing', () => {
    expect(errorsFor([rsvp, date, slot, tour], {})).toEqual({ rsvp: 'Please select RSVP' });
  });

  it('does not replace a field error with a conditional message', () => {
    expect(errorsFor([rsvp, date, slot], { rsvp: 'Yes', selectedDate: '2025-09-30', timeSlot: '9:00pm' })).toEqual({
      timeSlot: 'Please select Time Slot',
    });
  });

  it('applies no rule for an invisible RSVP, date or slot field', () => {
    // A hidden RSVP question leaves a form that books on every submit: its date and slot are asked.
    expect(errorsFor([{ ...rsvp, isVisible: false }, date, slot, tour], { rsvp: 'Yes' })).toEqual({
      selectedDate: 'Preferred Date is required',
      timeSlot: 'Time Slot is required',
    });
    expect(errorsFor([rsvp, { ...date, isVisible: false }, slot], { rsvp: 'Yes' })).toEqual({
      timeSlot: 'Please select a time slot when RSVPing yes',
    });
    expect(run([rsvp, date, { ...slot, isVisible: false }], { rsvp: 'Yes', selectedDate: '2025-09-30' }).success).toBe(
      true,
    );
  });
});

describe('validateDynamicForm: guests', () => {
  const status = field({
    fieldName: 'bringingGuests',
    displayName: 'Bringing Guests?',
    fieldType: 'radio',
    options: ['Yes', 'No'],
  });
  const count = field({ fieldName: 'numberOfGuests', displayName: 'Number of Guests', fieldType: 'number' });
  const roles: FormRoles = { guestStatus: 'bringingGuests', guestCount: 'numberOfGuests' };

  it('has the two wordings of the guest message', () => {
    expect(DYN_MSG.guests(2)).toBe('Please specify 1 or 2 guests (maximum 2 guests allowed)');
    expect(DYN_MSG.guests(4)).toBe('Please specify 1 to 4 guests (maximum 4 guests allowed)');
  });

  it.each([[''], [undefined], ['0'], ['1.5']])('on guests yes a count of %j is refused', (value) => {
    expect(validateDynamicForm([status, count], roles, { bringingGuests: 'Yes', numberOfGuests: value })).toEqual({
      success: false,
      errors: { numberOfGuests: 'Please specify 1 or 2 guests (maximum 2 guests allowed)' },
    });
  });

  it('on guests yes refuses more than 2 with the guest rule', () => {
    expect(validateDynamicForm([status, count], roles, { bringingGuests: 'Yes', numberOfGuests: '3' })).toEqual({
      success: false,
      errors: { numberOfGuests: 'Please specify 1 or 2 guests (maximum 2 guests allowed)' },
    });
  });

  it('follows the configured maximum of guests', () => {
    expect(
      validateDynamicForm([status, count], roles, { bringingGuests: 'Yes', numberOfGuests: '4' }, 4),
    ).toMatchObject({ success: true, guestCount: 4 });
    expect(validateDynamicForm([status, count], roles, { bringingGuests: 'Yes', numberOfGuests: '5' }, 4)).toEqual({
      success: false,
      errors: { numberOfGuests: 'Please specify 1 to 4 guests (maximum 4 guests allowed)' },
    });
  });

  it.each([
    ['1', 1],
    ['2', 2],
    [2, 2],
  ])('on guests yes a count of %j gives guestCount %i', (value, guestCount) => {
    expect(validateDynamicForm([status, count], roles, { bringingGuests: 'Yes', numberOfGuests: value })).toEqual({
      success: true,
      data: { bringingGuests: 'Yes', numberOfGuests: guestCount },
      guestCount,
    });
  });

  it.each([[''], ['2']])('on guests no a count of %j is ignored and guestCount is 0', (value) => {
    const r = validateDynamicForm([status, count], roles, { bringingGuests: 'No', numberOfGuests: value });
    expect(r.success && r.guestCount).toBe(0);
  });

  it('without a guest status field, the count itself says whether guests come', () => {
    const only: FormRoles = { guestCount: 'numberOfGuests' };
    const two = validateDynamicForm([count], only, { numberOfGuests: '2' });
    expect(two.success && two.guestCount).toBe(2);
    const none = validateDynamicForm([count], only, { numberOfGuests: '' });
    expect(none.success && none.guestCount).toBe(0);
  });

  it('uses the other wording and range for a maximum other than 2', () => {
    const wide = { ...count, validation: { min: 0, max: 10 } };
    const check = (value: string) =>
      validateDynamicForm([status, wide], roles, { bringingGuests: 'Yes', numberOfGuests: value }, 4);
    const message = 'Please specify 1 to 4 guests (maximum 4 guests allowed)';
    expect(check('')).toEqual({ success: false, errors: { numberOfGuests: message } });
    expect(check('5')).toEqual({ success: false, errors: { numberOfGuests: message } });
    const four = check('4');
    expect(four.success && four.guestCount).toBe(4);
  });

  it('works with roles found by resolveRoles', () => {
    const fields = [status, count];
    expect(validateDynamicForm(fields, resolveRoles(fields), { bringingGuests: 'Yes' })).toEqual({
      success: false,
      errors: { numberOfGuests: DYN_MSG.guests(2) },
    });
  });

  it('ignores an invisible guest count', () => {
    const r = validateDynamicForm([status, { ...count, isVisible: false }], roles, { bringingGuests: 'Yes' });
    expect(r).toEqual({ success: true, data: { bringingGuests: 'Yes' }, guestCount: 0 });
  });
});

describe('resolveRoles', () => {
  const typical = [
    field({ fieldName: 'fullName' }),
    field({ fieldName: 'email', fieldType: 'email' }),
    field({ fieldName: 'rsvp', fieldType: 'radio' }),
    field({ fieldName: 'selectedDate', fieldType: 'select' }),
    field({ fieldName: 'timeSlot', fieldType: 'select' }),
    field({ fieldName: 'wouldYouLikeATour', fieldType: 'radio' }),
    field({ fieldName: 'bringingGuests', fieldType: 'radio' }),
    field({ fieldName: 'numberOfGuests', fieldType: 'number' }),
    field({ fieldName: 'comments', fieldType: 'textarea' }),
  ];

  it('finds every role by its name hint', () => {
    expect(resolveRoles(typical, {}, { datedSlots: true })).toEqual({
      rsvp: 'rsvp',
      date: 'selectedDate',
      slot: 'timeSlot',
      tour: 'wouldYouLikeATour',
      guestStatus: 'bringingGuests',
      guestCount: 'numberOfGuests',
    });
  });

  it.each([
    ['rsvp', 'attendingEvent', 'text'],
    ['rsvp', 'attendanceStatus', 'text'],
    ['rsvp', 'rsvp2', 'radio'],
    ['date', 'selectedDate', 'date'],
    ['date', 'selectedDate', 'select'],
    ['slot', 'preferredTime', 'select'],
    ['slot', 'sessionSlot', 'select'],
    ['tour', 'joinTour', 'radio'],
    ['guestCount', 'guestCount', 'number'],
    ['guestCount', 'numberOfGuests', 'number'],
    ['guestCount', 'guests', 'number'],
    ['guestStatus', 'guests', 'radio'],
  ] as const)('gives role %s to %s (%s)', (role, fieldName, fieldType) => {
    expect(resolveRoles([field({ fieldName, fieldType })], {}, { datedSlots: true })[role]).toBe(fieldName);
  });

  // Decision 049: a number keyed yearsAttending was taken as the RSVP status, which then hid the slot question.
  it.each([
    ['rsvp', 'yearsAttending', 'number'],
    ['rsvp', 'rsvpEmail', 'email'],
    ['guestCount', 'guestCount', 'text'],
    ['guestStatus', 'guestNames', 'textarea'],
    ['slot', 'timeSlot', 'number'],
    ['date', 'arrivingOn', 'date'],
  ] as const)('never gives role %s to %s (%s): its type or name does not fit', (role, fieldName, fieldType) => {
    expect(resolveRoles([field({ fieldName, fieldType })], {}, { datedSlots: true })[role]).toBeUndefined();
  });

  it('infers the date role only for slots on several days', () => {
    expect(resolveRoles(typical).date).toBeUndefined();
    expect(resolveRoles(typical, {}, { datedSlots: false }).date).toBeUndefined();
    expect(resolveRoles(typical, {}, { datedSlots: true }).date).toBe('selectedDate');
  });

  it('does not take a date-typed field for the slot', () => {
    expect(resolveRoles([field({ fieldName: 'startTime', fieldType: 'date' })]).slot).toBeUndefined();
  });

  it('leaves a role unset when nothing fits', () => {
    expect(resolveRoles([field({ fieldName: 'fullName' }), field({ fieldName: 'comments' })])).toEqual({
      rsvp: undefined,
      date: undefined,
      slot: undefined,
      tour: undefined,
      guestStatus: undefined,
      guestCount: undefined,
    });
  });

  it('uses the configuration’s explicit choice over the hints', () => {
    const fields = [
      ...typical,
      field({ fieldName: 'session' }),
      field({ fieldName: 'willYouJoin', fieldType: 'radio' }),
    ];
    const roles = resolveRoles(fields, {
      slotField: 'session',
      rsvpStatusField: 'willYouJoin',
      tourRequestField: 'bringingGuests',
      dateField: 'selectedDate',
    });
    expect(roles).toMatchObject({ slot: 'session', rsvp: 'willYouJoin', tour: 'bringingGuests', date: 'selectedDate' });
    // A field chosen for one role is not inferred for another.
    expect(roles.guestStatus).toBeUndefined();
  });

  it('plays no field for a role set to None', () => {
    const none = { slotField: '', rsvpStatusField: '', guestCountField: '', dateField: '' };
    expect(resolveRoles(typical, none, { datedSlots: true })).toMatchObject({
      slot: undefined,
      rsvp: undefined,
      guestCount: undefined,
      date: undefined,
      tour: 'wouldYouLikeATour',
    });
  });

  it('falls back to the hints when a choice names a field of a type the role cannot take', () => {
    expect(resolveRoles(typical, { rsvpStatusField: 'numberOfGuests' }).rsvp).toBe('rsvp');
  });

  it.each([['deletedField'], [null], [undefined]])(
    'falls back to the hints when the explicit choice is %j',
    (chosen) => {
      expect(
        resolveRoles(typical, { slotField: chosen, rsvpStatusField: chosen, guestCountField: chosen }),
      ).toMatchObject({
        slot: 'timeSlot',
        rsvp: 'rsvp',
        guestCount: 'numberOfGuests',
      });
    },
  );

  it('never gives guest status and guest count to the same field', () => {
    const roles = resolveRoles([field({ fieldName: 'guestCount', fieldType: 'number' })]);
    expect(roles.guestCount).toBe('guestCount');
    expect(roles.guestStatus).toBeUndefined();
  });

  // Tab 1 nearly always starts with 'Timestamp', inferred as the hidden 'submissionTimestamp'.
  it('does not take the hidden submission timestamp for the time slot', () => {
    const fields = [
      field({ fieldName: 'submissionTimestamp', isVisible: false }),
      field({ fieldName: 'rsvp', fieldType: 'radio', options: ['Yes', 'No'] }),
      field({ fieldName: 'timeSlot', fieldType: 'select', options: ['10:00am'] }),
    ];
    expect(resolveRoles(fields).slot).toBe('timeSlot');
  });
});

describe('validationSummary', () => {
  const fields = [
    field({ fieldName: 'fullName', displayName: 'Full Name', isRequired: true }),
    field({ fieldName: 'email', displayName: 'Email Address', fieldType: 'email', isRequired: true }),
    field({
      fieldName: 'rsvp',
      displayName: 'Will you attend?',
      fieldType: 'radio',
      isRequired: true,
      options: ['Yes'],
    }),
  ];

  it('lists the display names of the failing fields in form order', () => {
    expect(validationSummary(fields, { rsvp: 'x', fullName: 'y' })).toBe(
      'Please check these fields: Full Name, Will you attend?',
    );
  });

  it('ignores error keys that are not fields', () => {
    expect(validationSummary(fields, { email: 'x', somethingElse: 'y' })).toBe(
      'Please check these fields: Email Address',
    );
  });

  it('summarises a real failed validation', () => {
    const r = validateDynamicForm(fields, {}, { fullName: 'Ada', email: 'bad' });
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(validationSummary(fields, r.errors)).toBe('Please check these fields: Email Address, Will you attend?');
  });

  it('goes with the "Form Validation Error" title', () => {
    expect(DYN_MSG.validationTitle).toBe('Form Validation Error');
    expect(DYN_MSG.validationLead).toBe('Please check these fields:');
  });
});

describe('standardKey', () => {
  it.each([
    ['contact', 'email', 'email'],
    ['emailAddress', 'text', 'email'],
    ['email2', 'email', 'email'],
    ['phoneNumber', 'tel', 'phoneNumber'],
    ['mobile', 'text', 'phoneNumber'],
    ['fullName', 'text', 'fullName'],
    ['name', 'text', 'fullName'],
    ['rsvp', 'radio', 'rsvp'],
    ['rsvpStatus', 'radio', 'rsvp'],
    ['attending', 'radio', 'rsvp'],
    ['eventDay', 'date', 'selectedDate'],
    ['selectedDate', 'select', 'selectedDate'],
    ['timeSlot', 'select', 'timeSlot'],
    ['preferredTime', 'select', 'timeSlot'],
    ['comments', 'textarea', null],
    ['bringingGuests', 'radio', null],
  ] as const)('%s (%s) → %s', (fieldName, fieldType, key) => {
    expect(standardKey({ fieldName, fieldType })).toBe(key);
  });

  it('maps the submission timestamp to submissionTimestamp, not timeSlot', () => {
    expect(standardKey({ fieldName: 'submissionTimestamp', fieldType: 'text' })).toBe('submissionTimestamp');
  });
});

describe('validateDynamicForm: one schema per list of fields', () => {
  it('checks every answer against the same list alike, and follows an edit made to the list in place', () => {
    const fields = [field({ fieldName: 'company', displayName: 'Company' })];
    for (const value of ['Acme', '', 'Globex'])
      expect(validateDynamicForm(fields, {}, { company: value })).toMatchObject({ success: true });
    (fields[0] as DynamicField).isRequired = true;
    expect(validateDynamicForm(fields, {}, { company: '' })).toEqual({
      success: false,
      errors: { company: 'Company is required' },
    });
    // Other roles give the same list another schema: a slot field is left to the cross rules.
    const rsvp = field({ fieldName: 'rsvp', fieldType: 'radio', options: ['Yes', 'No'] });
    const withRsvp = [...fields, rsvp];
    expect(validateDynamicForm(withRsvp, { slot: 'company', rsvp: 'rsvp' }, { company: '', rsvp: 'No' })).toMatchObject(
      { success: true },
    );
    expect(validateDynamicForm(withRsvp, { rsvp: 'rsvp' }, { company: '', rsvp: 'No' })).toMatchObject({
      success: false,
    });
    expect(validateDynamicForm(fields, {}, { company: '' })).toMatchObject({ success: false });
  });
});

describe('rolesFor (roles are explicit)', () => {
  const slots = (over: object = {}) =>
    ({ hasSlots: true, slotField: 'timeSlot', restrictions: {}, ...over }) as Parameters<typeof rolesFor>[1];
  const fields = [
    field({ fieldName: 'timeSlot', fieldType: 'select' }),
    field({ fieldName: 'arrivingOn', fieldType: 'date' }),
    field({ fieldName: 'selectedDate', fieldType: 'date' }),
  ];

  it('gives no date role to a date question the configuration does not name', () => {
    expect(rolesFor(fields, slots())).toMatchObject({ slot: 'timeSlot', date: undefined });
  });

  it('gives the date role to the field the configuration names', () => {
    expect(rolesFor(fields, slots({ dateField: 'selectedDate' }))).toMatchObject({ date: 'selectedDate' });
    expect(rolesFor(fields, slots({ dateField: 'gone' }), false).date).toBeUndefined();
    // On time-only slots no date question narrows the slot, even the one named (DESIGN §8: offered is bookable).
    expect(rolesFor(fields, slots({ dateField: 'selectedDate' }), false).date).toBeUndefined();
    expect(rolesFor(fields, slots(), true).date).toBe('selectedDate');
  });

  it('keeps a role-less date question a plain answer: required, checked, no slot rule', () => {
    const roles = rolesFor(fields, slots());
    const required = fields.map((f) => (f.fieldName === 'arrivingOn' ? { ...f, isRequired: true } : f));
    expect(validateDynamicForm(required, roles, { timeSlot: '10:00am-11:00am', arrivingOn: '' })).toEqual({
      success: false,
      errors: { arrivingOn: DYN_MSG.required('arrivingOn') },
    });
    expect(
      validateDynamicForm(required, roles, { timeSlot: '10:00am-11:00am', arrivingOn: '2031-10-01' }).success,
    ).toBe(true);
  });
});

describe('identityAnswers', () => {
  it("fills e-mail fields and the name fields with the member's own", () => {
    const fields = [
      field({ fieldName: 'email', fieldType: 'email' }),
      field({ fieldName: 'fullName' }),
      field({ fieldName: 'firstName' }),
      field({ fieldName: 'last_name' }),
      field({ fieldName: 'companyName' }),
    ];
    expect(identityAnswers(fields, { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' })).toEqual({
      email: 'ann@example.com',
      fullName: 'Ann Lee',
      firstName: 'Ann',
      last_name: 'Lee',
    });
    expect(identityAnswers(fields, { email: 'x@example.com' })).toEqual({ email: 'x@example.com' });
  });
});

describe('roleWarnings (decision 049: the preview says what a role choice hides or orphans)', () => {
  const fields = [
    field({ fieldName: 'attending', displayName: 'Attending', fieldType: 'radio', options: ['Yes', 'No'] }),
    field({ fieldName: 'selectedDate', displayName: 'Date', fieldType: 'select' }),
    field({ fieldName: 'timeSlot', displayName: 'Boarding time', fieldType: 'select' }),
  ];
  const slots = (over: object = {}) =>
    ({ hasSlots: true, restrictions: {}, ...over }) as Parameters<typeof rolesFor>[1];

  it('says nothing of a form whose roles reach every question', () => {
    expect(roleWarnings(fields, slots(), true)).toEqual([]);
  });

  it('warns of a slot no question offers, a day no question asks, and an RSVP question that gates nothing', () => {
    expect(roleWarnings(fields, slots({ slotField: '' }), false)).toEqual([ROLE_WARNING.noSlot]);
    expect(roleWarnings(fields, slots({ dateField: '' }), true)).toEqual([ROLE_WARNING.noDate('Boarding time')]);
    expect(roleWarnings(fields, slots({ rsvpStatusField: '' }), true)).toEqual([ROLE_WARNING.rsvpOrphan('Attending')]);
    const noYes = fields.map((f) => (f.fieldName === 'attending' ? { ...f, options: ['Maybe', 'No'] } : f));
    expect(roleWarnings(noYes, slots(), true)).toEqual([ROLE_WARNING.rsvpNoYes('Attending')]);
  });
});
