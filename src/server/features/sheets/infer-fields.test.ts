import { describe, expect, it } from 'vitest';
import type { InferredField } from '#common/sheets.ts';
import { columnLetter, inferFields, parseSlotLogic } from './infer-fields.ts';

/** The one field inferred from a Tab 1 holding only this header. */
function one(header: string): InferredField {
  const { fields, warnings } = inferFields([header]);
  expect(warnings).toEqual([]);
  expect(fields).toHaveLength(1);
  const [field] = fields;
  if (!field) throw new Error('no field');
  return field;
}

const YES_NO = ['Yes', 'No'];

describe('inferFields: one header at a time', () => {
  // header, fieldName, fieldType, isRequired, isVisible, options, validation
  it.each<[string, string, InferredField['fieldType'], boolean, boolean, string[], InferredField['validation']]>([
    ['Timestamp', 'submissionTimestamp', 'text', false, false, [], {}],
    ['Submission Date', 'submissionTimestamp', 'text', false, false, [], {}],
    ['Full Name', 'fullName', 'text', true, true, [], { minLength: 1 }],
    ['Name', 'fullName', 'text', true, true, [], { minLength: 1 }],
    ['First Name', 'firstName', 'text', true, true, [], { minLength: 1 }],
    ['Last Name', 'lastName', 'text', true, true, [], { minLength: 1 }],
    ['Email Address', 'email', 'email', true, true, [], {}],
    ['E-mail', 'email', 'email', true, true, [], {}],
    ['Email', 'email', 'email', true, true, [], {}],
    ['Email (optional)', 'email', 'email', false, true, [], {}],
    ['Mobile Number', 'phoneNumber', 'tel', false, true, [], {}],
    ['Phone (optional)', 'phoneNumber', 'tel', false, true, [], {}],
    ['Phone Number*', 'phoneNumber', 'tel', true, true, [], {}],
    ['RSVP', 'rsvp', 'radio', true, true, YES_NO, {}],
    ['Attending?', 'rsvp', 'radio', true, true, YES_NO, {}],
    ['Attending', 'rsvp', 'radio', true, true, YES_NO, {}],
    ['Status', 'rsvp', 'radio', true, true, YES_NO, {}],
    ['RSVP (Yes/No/Maybe)', 'rsvp', 'radio', true, true, ['Yes', 'No', 'Maybe'], {}],
    ['Will you be joining?', 'willYouBeJoining', 'radio', false, true, YES_NO, {}],
    ['Preferred Date', 'selectedDate', 'select', false, true, [], {}],
    ['Date', 'selectedDate', 'select', false, true, [], {}],
    ['Time Slot', 'timeSlot', 'select', false, true, [], {}],
    ['Preferred Time', 'timeSlot', 'select', false, true, [], {}],
    ['Bringing Guests?', 'bringingGuests', 'radio', false, true, YES_NO, {}],
    ['Bringing Guests', 'bringingGuests', 'radio', false, true, YES_NO, {}],
    ['Would you like a tour?', 'wouldYouLikeATour', 'radio', false, true, YES_NO, {}],
    ['Join the curator tour?', 'joinTheCuratorTour', 'radio', false, true, YES_NO, {}],
    ['Number of Guests', 'numberOfGuests', 'number', false, true, [], { min: 0 }],
    ['How many guests', 'howManyGuests', 'number', false, true, [], { min: 0 }],
    ['No. of guests', 'noOfGuests', 'number', false, true, [], { min: 0 }],
    ['Guest count', 'guestCount', 'number', false, true, [], { min: 0 }],
    ['Comments', 'comments', 'textarea', false, true, [], {}],
    ['Notes', 'notes', 'textarea', false, true, [], {}],
    ['Any questions?', 'anyQuestions', 'textarea', false, true, [], {}],
    ['Dietary Requirements', 'dietaryRequirements', 'textarea', false, true, [], {}],
    ['Comments*', 'comments', 'textarea', true, true, [], {}],
    ['Special requests', 'specialRequests', 'textarea', false, true, [], {}],
    ['Company*', 'company', 'text', true, true, [], {}],
    ['Job Title', 'jobTitle', 'text', false, true, [], {}],
    ['Membership Number', 'membershipNumber', 'text', false, true, [], {}],
    ['T-shirt size (S/M/L)', 'tShirtSize', 'select', false, true, ['S', 'M', 'L'], {}],
    // trailing and leading spaces: trimmed for the name, kept for the column mapping
    ['Full Name ', 'fullName', 'text', true, true, [], { minLength: 1 }],
    ['  Email Address  ', 'email', 'email', true, true, [], {}],
    ['Company* ', 'company', 'text', true, true, [], {}],
    ['Time Slot\t', 'timeSlot', 'select', false, true, [], {}],
  ])('%j → %s (%s)', (header, fieldName, fieldType, isRequired, isVisible, options, validation) => {
    const f = one(header);
    expect(f).toMatchObject({
      fieldName,
      fieldType,
      isRequired,
      isVisible,
      options,
      columnMapping: header,
      ordering: 0,
    });
    expect(f.validation).toEqual(validation);
  });

  it.each([
    ['Full Name ', 'Full Name', ''],
    ['Company*', 'Company', ''],
    ['Phone (optional)', 'Phone', ''],
    ['Email (optional)', 'Email', ''],
    ['Name (as on NRIC)', 'Name', 'as on NRIC'],
    ['Dietary Requirements (None/Vegetarian/Vegan)', 'Dietary Requirements', ''],
    ['RSVP (Yes/No/Maybe)', 'RSVP', ''],
  ])('%j is shown as %j with help text %j', (header, displayName, helpText) => {
    expect(one(header)).toMatchObject({ displayName, helpText, columnMapping: header });
  });

  it('keeps the options an organiser listed in brackets', () => {
    expect(one('Dietary Requirements (None/Vegetarian/Vegan)').options).toEqual(['None', 'Vegetarian', 'Vegan']);
    expect(one('Dietary Requirements (None / Vegetarian / Vegan / Halal)').options).toEqual([
      'None',
      'Vegetarian',
      'Vegan',
      'Halal',
    ]);
  });

  it('names a header made only of symbols "field"', () => {
    expect(one('???')).toMatchObject({ fieldName: 'field', displayName: '???', columnMapping: '???' });
  });

  // Behaviour that would hurt an organiser; these document what it should be.
  it('offers the listed options of "Dietary Requirements (None/Vegetarian/Vegan)" as a choice', () => {
    const f = one('Dietary Requirements (None/Vegetarian/Vegan)');
    expect(['select', 'radio']).toContain(f.fieldType);
    expect(f.options).toEqual(['None', 'Vegetarian', 'Vegan']);
  });

  it('treats "Tour Time" as the time slot, not a Yes/No question', () => {
    expect(one('Tour Time')).toMatchObject({ fieldName: 'timeSlot', fieldType: 'select', options: [] });
  });

  it('treats "Guest Name" as free text, not a Yes/No question', () => {
    expect(one('Guest Name')).toMatchObject({ fieldName: 'guestName', fieldType: 'text', options: [] });
  });

  it('does not turn "Date of Birth" into the event date picker', () => {
    const f = one('Date of Birth');
    expect(f.fieldName).toBe('dateOfBirth');
    expect(['date', 'text']).toContain(f.fieldType);
  });
});

describe('inferFields: a whole header row', () => {
  it('reads a realistic Tab 1 in column order', () => {
    const header = [
      'Timestamp',
      'Full Name',
      'Email',
      'Phone Number (optional)',
      'RSVP',
      'Time Slot',
      'Bringing Guests',
      'Number of Guests',
      'Dietary Requirements (None/Vegetarian/Vegan/Halal)',
      'Comments',
    ];
    const { fields, warnings } = inferFields(header);
    expect(warnings).toEqual([]);
    expect(fields.map((f) => f.fieldName)).toEqual([
      'submissionTimestamp',
      'fullName',
      'email',
      'phoneNumber',
      'rsvp',
      'timeSlot',
      'bringingGuests',
      'numberOfGuests',
      'dietaryRequirements',
      'comments',
    ]);
    expect(fields.map((f) => f.ordering)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(fields.map((f) => f.columnMapping)).toEqual(header);
  });

  it('skips an empty header with a warning naming its column, without a gap in the ordering', () => {
    const { fields, warnings } = inferFields(['Full Name', 'Email', '', 'Comments']);
    expect(warnings).toEqual(['Column C has no header and was skipped.']);
    expect(fields.map((f) => [f.fieldName, f.ordering, f.columnMapping])).toEqual([
      ['fullName', 0, 'Full Name'],
      ['email', 1, 'Email'],
      ['comments', 2, 'Comments'],
    ]);
  });

  it('treats a header of spaces as empty', () => {
    const { fields, warnings } = inferFields(['Full Name', 'Email', 'RSVP', '   ']);
    expect(warnings).toEqual(['Column D has no header and was skipped.']);
    expect(fields).toHaveLength(3);
  });

  it('names the column with two letters past Z', () => {
    const header = Array.from({ length: 28 }, (_, i) => `Question ${i + 1}`);
    header[26] = '';
    const { fields, warnings } = inferFields(header);
    expect(warnings).toEqual(['Column AA has no header and was skipped.']);
    expect(fields).toHaveLength(27);
    expect(fields.at(-1)?.columnMapping).toBe('Question 28');
  });

  it('warns about a duplicate header and still gives each field a unique name', () => {
    const { fields, warnings } = inferFields(['Full Name', 'Email', 'Email', 'Comments', 'Email']);
    expect(warnings).toEqual([
      'Duplicate header "Email" in column C (first in column B).',
      'Duplicate header "Email" in column E (first in column B).',
    ]);
    expect(fields.map((f) => [f.fieldName, f.columnMapping])).toEqual([
      ['fullName', 'Full Name'],
      ['email', 'Email'],
      ['email2', 'Email'],
      ['comments', 'Comments'],
      ['email3', 'Email'],
    ]);
  });

  it('compares headers without case or surrounding spaces, and quotes the trimmed header', () => {
    const { fields, warnings } = inferFields(['Full Name', 'full name ']);
    expect(warnings).toEqual(['Duplicate header "full name" in column B (first in column A).']);
    expect(fields.map((f) => [f.fieldName, f.columnMapping])).toEqual([
      ['fullName', 'Full Name'],
      ['fullName2', 'full name '],
    ]);
  });

  it('gives unique names, without a warning, to different headers with the same meaning', () => {
    const { fields, warnings } = inferFields([
      'Email Address',
      'E-mail',
      'Mobile Number',
      'Phone',
      'Full Name',
      'Name',
    ]);
    expect(warnings).toEqual([]);
    expect(fields.map((f) => f.fieldName)).toEqual([
      'email',
      'email2',
      'phoneNumber',
      'phoneNumber2',
      'fullName',
      'fullName2',
    ]);
  });

  it('does not reuse a name taken by a later numbered variant', () => {
    const { fields } = inferFields(['Job Title 2', 'Job Title', 'Job Title']);
    expect(fields.map((f) => f.fieldName)).toEqual(['jobTitle2', 'jobTitle', 'jobTitle3']);
  });

  it.each([
    [[] as string[], []],
    [[''], ['Column A has no header and was skipped.']],
    [
      ['', ' ', ''],
      [
        'Column A has no header and was skipped.',
        'Column B has no header and was skipped.',
        'Column C has no header and was skipped.',
      ],
    ],
  ])('reports a header row %j with no headers', (header, columnWarnings) => {
    const { fields, warnings } = inferFields(header);
    expect(fields).toEqual([]);
    expect(warnings).toEqual([...columnWarnings, 'Tab 1 has no headers in its first row.']);
  });
});

describe('columnLetter', () => {
  it.each([
    [0, 'A'],
    [1, 'B'],
    [25, 'Z'],
    [26, 'AA'],
    [27, 'AB'],
    [51, 'AZ'],
    [52, 'BA'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (index, letter) => {
    expect(columnLetter(index)).toBe(letter);
  });
});

describe('parseSlotLogic', () => {
  const skipped = (line: number) =>
    `Row ${line} of Tab 2 was skipped: it needs a time slot and a number of bookable slots.`;

  it('reads time-only rows', () => {
    const { slots, warnings } = parseSlotLogic([
      ['Time Slot', 'Bookable Slots', 'Booked Slots', 'Remaining Slots'],
      ['11:00am-12:00pm', '12', '0', '12'],
      ['12:00pm-1:00pm', '12', '5', '7'],
      ['1:00pm-2:00pm', '8', '8', '0'],
    ]);
    expect(warnings).toEqual([]);
    expect(slots).toEqual([
      { timeSlot: '11:00am-12:00pm', date: null, bookableSlots: 12, bookedSlots: 0, remainingSlots: 12 },
      { timeSlot: '12:00pm-1:00pm', date: null, bookableSlots: 12, bookedSlots: 5, remainingSlots: 7 },
      { timeSlot: '1:00pm-2:00pm', date: null, bookableSlots: 8, bookedSlots: 8, remainingSlots: 0 },
    ]);
  });

  it('reads date and time rows, trimming cells', () => {
    const { slots, warnings } = parseSlotLogic([
      ['Date', 'Time Slot', 'Bookable Slots', 'Booked Slots'],
      ['2025-09-30', '10:00am-11:00am', '8', '0'],
      [' 2025-10-01 ', ' 2:00pm-3:00pm ', ' 8 ', ' 3 '],
    ]);
    expect(warnings).toEqual([]);
    expect(slots).toEqual([
      { timeSlot: '10:00am-11:00am', date: '2025-09-30', bookableSlots: 8, bookedSlots: 0, remainingSlots: 8 },
      { timeSlot: '2:00pm-3:00pm', date: '2025-10-01', bookableSlots: 8, bookedSlots: 3, remainingSlots: 5 },
    ]);
  });

  it('gives a blank date cell a null date', () => {
    const { slots } = parseSlotLogic([
      ['Date', 'Time Slot', 'Capacity'],
      ['', '10:00am', '4'],
    ]);
    expect(slots).toEqual([{ timeSlot: '10:00am', date: null, bookableSlots: 4, bookedSlots: 0, remainingSlots: 4 }]);
  });

  it('works out the bookable slots from a Remaining column when there is no Bookable column', () => {
    const { slots, warnings } = parseSlotLogic([
      ['Time Slot', 'Booked Slots', 'Remaining Slots'],
      ['10:00am', '4', '6'],
      ['2:00pm', '', '5'],
    ]);
    expect(warnings).toEqual([]);
    expect(slots).toEqual([
      { timeSlot: '10:00am', date: null, bookableSlots: 10, bookedSlots: 4, remainingSlots: 6 },
      { timeSlot: '2:00pm', date: null, bookableSlots: 5, bookedSlots: 0, remainingSlots: 5 },
    ]);
  });

  it('never reports fewer than 0 remaining when more are booked than bookable', () => {
    const { slots } = parseSlotLogic([
      ['Time', 'Max', 'Taken'],
      ['10:00am', '5', '7'],
    ]);
    expect(slots).toEqual([{ timeSlot: '10:00am', date: null, bookableSlots: 5, bookedSlots: 7, remainingSlots: 0 }]);
  });

  it('reads short rows (Sheets drops trailing empty cells) with 0 booked', () => {
    const { slots } = parseSlotLogic([
      ['Time Slot', 'Bookable Slots', 'Booked Slots'],
      ['10:00am', '6'],
    ]);
    expect(slots).toEqual([{ timeSlot: '10:00am', date: null, bookableSlots: 6, bookedSlots: 0, remainingSlots: 6 }]);
  });

  it('skips rows whose capacity is not a whole number, with a warning giving the sheet row', () => {
    const { slots, warnings } = parseSlotLogic([
      ['Time Slot', 'Bookable Slots', 'Booked Slots'],
      ['10:00am', 'ten', '0'],
      ['11:00am', '8', '0'],
      ['12:00pm', '', '0'],
      ['1:00pm', '8 seats', '0'],
      ['2:00pm', '-1', '0'],
    ]);
    expect(slots.map((s) => s.timeSlot)).toEqual(['11:00am']);
    expect(warnings).toEqual([skipped(2), skipped(4), skipped(5), skipped(6)]);
  });

  it("gives a row without a capacity the configuration's max bookings per slot; its own capacity wins", () => {
    const { slots, warnings } = parseSlotLogic(
      [
        ['Time Slot', 'Bookable Slots', 'Booked Slots'],
        ['10:00am-11:00am', '', '2'],
        ['11:00am-12:00pm', '8', '0'],
      ],
      15,
    );
    expect(slots.map((s) => [s.timeSlot, s.bookableSlots, s.remainingSlots])).toEqual([
      ['10:00am-11:00am', 15, 13],
      ['11:00am-12:00pm', 8, 8],
    ]);
    expect(warnings).toEqual([]);
  });

  it('skips a row with a capacity but no time slot', () => {
    const { slots, warnings } = parseSlotLogic([
      ['Time Slot', 'Bookable Slots'],
      ['', '8'],
    ]);
    expect(slots).toEqual([]);
    expect(warnings).toEqual([skipped(2)]);
  });

  it('ignores blank rows without a warning', () => {
    const { slots, warnings } = parseSlotLogic([
      ['Time Slot', 'Bookable Slots', 'Booked Slots'],
      ['10:00am', '8', '0'],
      [],
      ['', '', ''],
      ['  ', ' '],
      ['11:00am', '8', '1'],
    ]);
    expect(warnings).toEqual([]);
    expect(slots.map((s) => [s.timeSlot, s.remainingSlots])).toEqual([
      ['10:00am', 8],
      ['11:00am', 7],
    ]);
  });

  it('reads nothing from a Tab 2 without a time column', () => {
    expect(
      parseSlotLogic([
        ['Date', 'Capacity', 'Booked'],
        ['2025-09-30', '8', '0'],
      ]),
    ).toEqual({ slots: [], warnings: ['Tab 2 needs a "Time Slot" column; no slot logic was read.'] });
  });

  // "Bookable Slots", "Booked Slots" and "Remaining Slots" all contain "slot", the time column's hint.
  it('does not take "Bookable Slots" for the time column when there is no time column', () => {
    expect(
      parseSlotLogic([
        ['Date', 'Bookable Slots', 'Booked Slots'],
        ['2025-09-30', '8', '0'],
      ]),
    ).toEqual({ slots: [], warnings: ['Tab 2 needs a "Time Slot" column; no slot logic was read.'] });
  });

  it('finds the time column when it comes after "Bookable Slots"', () => {
    expect(
      parseSlotLogic([
        ['Date', 'Bookable Slots', 'Booked Slots', 'Time Slot'],
        ['2025-09-30', '8', '2', '10:00am'],
      ]).slots,
    ).toEqual([{ timeSlot: '10:00am', date: '2025-09-30', bookableSlots: 8, bookedSlots: 2, remainingSlots: 6 }]);
  });

  it('reads nothing from an empty Tab 2', () => {
    expect(parseSlotLogic([])).toEqual({
      slots: [],
      warnings: ['Tab 2 needs a "Time Slot" column; no slot logic was read.'],
    });
  });

  it('reads a header-only Tab 2 as no slots and no warnings', () => {
    expect(parseSlotLogic([['Time Slot', 'Bookable Slots']])).toEqual({ slots: [], warnings: [] });
  });
});
