import { describe, expect, it } from 'vitest';
import { untilChange } from './api.ts';

describe('untilChange', () => {
  const now = Date.parse('2026-12-01T05:00:00Z');
  it('asks again just after the status changes by the clock', () => {
    expect(untilChange('2026-12-01T05:01:00Z', now)).toBe(60_500);
  });
  it('does not poll without a change ahead, or with an unreadable one', () => {
    expect(untilChange(null, now)).toBe(false);
    expect(untilChange(undefined, now)).toBe(false);
    expect(untilChange('not a date', now)).toBe(false);
  });
  it('waits at least a second, and no longer than a timer can', () => {
    expect(untilChange('2026-12-01T04:00:00Z', now)).toBe(1000);
    expect(untilChange('2030-01-01T00:00:00Z', now)).toBe(2 ** 31 - 1);
  });
});
