import { describe, expect, it } from 'vitest';
import { CONFIG_MSG, NO_ROLE } from '#common/rsvp-config.ts';
import type { InferredField, ProcessSheetsAnswer } from '#common/sheets.ts';
import { REDIRECT_TARGET_MSG } from '#common/urls.ts';
import { applyProcessed, checkDraft, type Draft, emptyDraft, keepEdits, retargetRoles, toPayload } from './draft.ts';

const header = (fieldName: string, displayName: string, extra: Partial<InferredField> = {}): InferredField => ({
  fieldName,
  displayName,
  fieldType: 'text',
  isRequired: false,
  isVisible: true,
  placeholder: '',
  helpText: '',
  options: [],
  validation: {},
  columnMapping: displayName,
  ordering: 0,
  ...extra,
});

const processed = (
  headers: InferredField[],
  slots: ProcessSheetsAnswer['tab2SlotLogic'] = [],
): ProcessSheetsAnswer => ({
  success: true,
  tab1Headers: headers,
  tab2SlotLogic: slots,
  sheetUrls: { tab1Url: 'https://docs.google.com/spreadsheets/d/x', tab2Url: null },
  warnings: [],
});

const named = (over: Partial<Draft> = {}): Draft => ({ ...emptyDraft(), configName: 'Brunch', ...over });
const MAPPING = {
  tab1Url: 'https://docs.google.com/spreadsheets/d/x',
  tab1Name: 'Form Submissions',
  tab2Url: null,
  tab2Name: null,
};

describe('checkDraft', () => {
  it('passes a named draft with the default success message', () => {
    expect(checkDraft(named())).toEqual({});
  });

  it('names each missing piece with the spec message', () => {
    const draft = named({ configName: '  ', benefitId: '' });
    draft.behavior.successMessage = ' ';
    expect(checkDraft(draft)).toEqual({
      configName: CONFIG_MSG.nameRequired,
      benefitId: 'Benefit ID is required',
      successMessage: CONFIG_MSG.successRequired,
    });
  });

  it('takes a portal path or an http(s) address as the redirect, nothing else', () => {
    for (const [redirect, ok] of [
      ['/benefits', true],
      ['https://example.com/thanks', true],
      ['javascript:alert(1)', false],
      ['//evil.example', false],
    ] as const) {
      const draft = named();
      draft.behavior.redirectAfterSubmission = redirect;
      expect(checkDraft(draft), redirect).toEqual(ok ? {} : { redirect: REDIRECT_TARGET_MSG });
    }
  });
});

describe('toPayload', () => {
  it('trims, numbers the fields in order, drops empty rules and the options of non-choice fields, saves inactive', () => {
    const draft = applyProcessed(
      named({ configName: ' Brunch ', benefitId: ' yacht ' }),
      processed([
        header('fullName', 'Full Name', { validation: { minLength: 1 } }),
        header('diet', 'Diet', { fieldType: 'select', options: ['None', 'Vegan'] }),
        header('notes', 'Notes', { options: ['stale'] }),
      ]),
    );
    draft.behavior.redirectAfterSubmission = '  ';
    draft.slotConfig.bookingWindowStart = '';
    const body = toPayload(draft, MAPPING);
    expect(body).toMatchObject({ benefitId: 'yacht', configName: 'Brunch', isActive: false, sheetMapping: MAPPING });
    expect(body.formFields.map((f) => [f.fieldName, f.ordering, f.options, f.placeholder])).toEqual([
      ['fullName', 0, [], null],
      ['diet', 1, ['None', 'Vegan'], null],
      ['notes', 2, [], null],
    ]);
    expect(body.formFields[0]?.validation).toEqual({ minLength: 1 });
    expect(body.behavior.redirectAfterSubmission).toBeNull();
    expect(body.slotConfig.bookingWindowStart).toBeNull();
  });
});

describe('applyProcessed', () => {
  it('switches slots on and proposes the time column (not the date) when Tab 2 has dated slot logic', () => {
    const draft = applyProcessed(
      named(),
      processed(
        [header('fullName', 'Full Name'), header('selectedDate', 'Date'), header('timeSlot', 'Time Slot')],
        [{ timeSlot: '10:00am-11:00am', date: '2025-09-29', bookableSlots: 10, bookedSlots: 0, remainingSlots: 10 }],
      ),
    );
    expect(draft.slotConfig).toMatchObject({ hasSlots: true, slotField: 'timeSlot', dateField: 'selectedDate' });
  });

  it('drops role choices that name fields of an earlier sheet', () => {
    const before = named();
    before.slotConfig.guestCountField = 'guests';
    // Dropped, then proposed again: nothing on the new sheet fits, so the proposal is None.
    expect(applyProcessed(before, processed([header('fullName', 'Full Name')])).slotConfig.guestCountField).toBe(
      NO_ROLE,
    );
  });

  it('proposes every role, None where nothing fits, and never a number as the RSVP status (decision 049)', () => {
    const years = { ...header('yearsAttending', 'Years attending'), fieldType: 'number' as const };
    const draft = applyProcessed(
      named(),
      processed(
        [header('fullName', 'Full Name'), years, header('timeSlot', 'Boarding time')],
        [{ timeSlot: '09:00', date: null, bookableSlots: 2, bookedSlots: 0, remainingSlots: 2 }],
      ),
    );
    expect(draft.slotConfig).toMatchObject({
      hasSlots: true,
      slotField: 'timeSlot',
      dateField: NO_ROLE,
      rsvpStatusField: NO_ROLE,
      guestCountField: NO_ROLE,
    });
  });
});

describe('retargetRoles and keepEdits', () => {
  it('a renamed field keeps its roles; a deleted one clears them', () => {
    const slots = { ...emptyDraft().slotConfig, slotField: 'slot', guestCountField: 'slot' };
    expect(retargetRoles(slots, 'slot', 'time')).toMatchObject({ slotField: 'time', guestCountField: 'time' });
    expect(retargetRoles(slots, 'slot', null)).toMatchObject({ slotField: null, guestCountField: null });
  });

  it('re-processed sheets keep the organiser edits and the fields the wizard added', () => {
    const before = applyProcessed(named(), processed([header('fullName', 'Full Name')]));
    const edited = { ...before.formFields[0], displayName: 'Your name' } as Draft['formFields'][number];
    const added = { ...edited, fieldName: 'extra', displayName: 'Extra', columnMapping: null };
    const again = applyProcessed(named(), processed([header('fullName', 'Full Name'), header('email', 'Email')]));
    const kept = keepEdits(again, { ...before, formFields: [edited, added] });
    expect(kept.formFields.map((f) => [f.fieldName, f.displayName])).toEqual([
      ['fullName', 'Your name'],
      ['email', 'Email'],
      ['extra', 'Extra'],
    ]);
  });
});
