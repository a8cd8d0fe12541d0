import { describe, expect, it } from 'vitest';
import { submissionTypeFor } from './analytics.ts';

describe('submission tracking by booking mode (member spec §4)', () => {
  it.each([
    ['EXTERNAL_REDIRECT', 'redirect', 'MODAL_BUTTON'],
    ['EXTERNAL_REDIRECT', 'mutation', null],
    ['EXTERNAL_REDIRECT', 'form', null],
    ['INSTANT_RSVP', 'mutation', 'MODAL_BUTTON'],
    ['INSTANT_RSVP', 'redirect', null],
    ['FORM_RSVP', 'form', 'FORM'],
    ['FORM_RSVP', 'mutation', null],
    ['HYBRID', 'form', 'FORM'],
    ['HYBRID', 'redirect', 'MODAL_BUTTON'],
    ['HYBRID', 'mutation', 'MODAL_BUTTON'],
  ] as const)('%s on %s records %s', (mode, trigger, expected) => {
    expect(submissionTypeFor(mode, trigger)).toBe(expected);
  });
});
